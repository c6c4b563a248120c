/**
 * PlanDesk's updates as a small state machine, in plain Node: check at start and every few hours,
 * download in the background, then wait for the user to restart. The updater itself
 * (electron-updater in the app, a fake in tests) is loaded on the first check, so development runs
 * and package-managed installs never load it. A failure is logged and reported in the status; it
 * never stops the next check, and never blocks anything else.
 */
import type {
  UpdateInstall,
  UpdatePhase,
  UpdateStatus,
  UpdatesUnavailableReason,
} from '../../src-shared/updates/types';
import type { Logger } from '../log/logger';

/** What PlanDesk uses of electron-updater's AppUpdater (autoDownload on). */
export interface UpdaterEvents {
  'update-available': (info: { version: string }) => void;
  'update-not-available': (info: { version: string }) => void;
  'download-progress': (progress: { percent: number }) => void;
  'update-downloaded': (info: { version: string }) => void;
  error: (error: Error) => void;
}

export interface Updater {
  /** Resolves once the check is done; a found update then downloads in the background. */
  checkForUpdates(): Promise<unknown>;
  /** Quits the app and installs the downloaded update. */
  quitAndInstall(): void;
  on<E extends keyof UpdaterEvents>(event: E, listener: UpdaterEvents[E]): unknown;
}

export const FIRST_CHECK_AFTER_MS = 10_000;
export const CHECK_EVERY_MS = 4 * 60 * 60 * 1000;

export interface UpdateControllerOptions {
  /** Null when this copy may update itself (see availability.ts). */
  unavailable: UpdatesUnavailableReason | null;
  /** How it installs a downloaded update (availability.ts); 'restart' when absent. */
  install?: UpdateInstall;
  /**
   * Asks the user, in main, before an install that needs an administrator's password (deb, rpm):
   * true to go ahead. Without it such an install never starts.
   */
  confirmPrivilegedInstall?: (version: string) => Promise<boolean>;
  /** The user's setting in settings.json. */
  setting: { get(): Promise<boolean>; set(automatic: boolean): Promise<void> };
  loadUpdater: () => Promise<Updater>;
  logger: Logger;
  /** Every change of the status (the app sends it to the window). */
  onStatus: (status: UpdateStatus) => void;
  /** The first automatic check comes a little after start, so it never slows the start down. */
  firstCheckAfterMs?: number;
  checkEveryMs?: number;
}

/** What a check asked for from the menu found. */
export type CheckOutcome =
  | { kind: 'unavailable'; reason: UpdatesUnavailableReason }
  | { kind: 'up-to-date' }
  | { kind: 'downloading'; version: string }
  | { kind: 'ready'; version: string }
  | { kind: 'failed'; message: string };

export class UpdateController {
  private phase: UpdatePhase = 'idle';
  private version: string | null = null;
  private percent: number | null = null;
  private failure: string | null = null;
  private automatic = true;
  private updater: Promise<Updater> | null = null;
  private running: Promise<CheckOutcome> | null = null;
  private timers: { first?: NodeJS.Timeout; every?: NodeJS.Timeout } = {};

  constructor(private readonly o: UpdateControllerOptions) {}

  /** Reads the setting and, when automatic, schedules the first check and the periodic ones. */
  async start(): Promise<void> {
    this.automatic = await this.o.setting.get();
    this.schedule();
    this.publish();
  }

  stop(): void {
    clearTimeout(this.timers.first);
    clearInterval(this.timers.every);
    this.timers = {};
  }

  private get installKind(): UpdateInstall {
    return this.o.install ?? 'restart';
  }

  /** Automatic checks only where an update installs itself on restart, its publisher checked. */
  private get automaticAllowed(): boolean {
    return this.installKind === 'restart';
  }

  status(): UpdateStatus {
    return {
      unavailable: this.o.unavailable,
      install: this.installKind,
      automatic: this.automaticAllowed && this.automatic,
      phase: this.phase,
      version: this.version,
      percent: this.percent,
      failure: this.failure,
    };
  }

  async setAutomatic(automatic: boolean): Promise<UpdateStatus> {
    if (!this.automaticAllowed) return this.status();
    await this.o.setting.set(automatic);
    this.automatic = automatic;
    this.o.logger.log('info', `automatic updates ${automatic ? 'on' : 'off'}`);
    this.schedule();
    this.publish();
    return this.status();
  }

  /** "Check for updates…": runs now whatever the setting; joins a check already under way. */
  checkNow(): Promise<CheckOutcome> {
    return this.check();
  }

  /** Restarts into the downloaded update; false when none is waiting. */
  async install(): Promise<boolean> {
    if (this.phase !== 'ready' || !this.updater) return false;
    const updater = await this.updater;
    if (this.installKind === 'confirm-privileged') {
      const yes = (await this.o.confirmPrivilegedInstall?.(this.version ?? '').catch(() => false)) ?? false;
      this.o.logger.log(
        'info',
        `installing PlanDesk ${this.version} with the package manager: ${yes ? 'confirmed' : 'declined'}`,
      );
      if (!yes) return false;
    }
    this.o.logger.log('info', `restarting to install PlanDesk ${this.version}`);
    updater.quitAndInstall();
    return true;
  }

  private schedule(): void {
    this.stop();
    if (this.o.unavailable || !this.automaticAllowed || !this.automatic || this.phase === 'ready') return;
    this.timers.first = setTimeout(() => void this.check(), this.o.firstCheckAfterMs ?? FIRST_CHECK_AFTER_MS);
    this.timers.every = setInterval(() => void this.check(), this.o.checkEveryMs ?? CHECK_EVERY_MS);
    // Pending checks must never keep the process alive.
    this.timers.first.unref?.();
    this.timers.every.unref?.();
  }

  private check(): Promise<CheckOutcome> {
    if (this.o.unavailable) return Promise.resolve({ kind: 'unavailable', reason: this.o.unavailable });
    if (this.phase === 'ready') return Promise.resolve({ kind: 'ready', version: this.version ?? '' });
    if (this.phase === 'downloading')
      return Promise.resolve({ kind: 'downloading', version: this.version ?? '' });
    this.running ??= this.runCheck().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async runCheck(): Promise<CheckOutcome> {
    this.set({ phase: 'checking' });
    try {
      const updater = await this.load();
      await updater.checkForUpdates();
    } catch (err) {
      return { kind: 'failed', message: this.fail(err) };
    }
    // The updater reported what it found while checking; no report at all means nothing new.
    if (this.phase === 'checking') this.set({ phase: 'idle' });
    if (this.failure) this.set({ failure: null });
    if (this.phase === 'downloading') return { kind: 'downloading', version: this.version ?? '' };
    if (this.phase === 'ready') return { kind: 'ready', version: this.version ?? '' };
    return { kind: 'up-to-date' };
  }

  private load(): Promise<Updater> {
    if (!this.updater) {
      const loading = this.o.loadUpdater().then((updater) => {
        this.listen(updater);
        return updater;
      });
      // A failed load is tried again at the next check.
      loading.catch(() => {
        if (this.updater === loading) this.updater = null;
      });
      this.updater = loading;
    }
    return this.updater;
  }

  private listen(updater: Updater): void {
    updater.on('update-available', (info) => {
      this.o.logger.log('info', `update ${info.version} found; downloading it in the background`);
      this.set({ phase: 'downloading', version: info.version, percent: 0 });
    });
    updater.on('update-not-available', () => this.set({ phase: 'idle', version: null, percent: null }));
    updater.on('download-progress', (progress) => {
      const percent = Math.floor(progress.percent);
      if (this.phase === 'downloading' && percent !== this.percent) this.set({ percent });
    });
    updater.on('update-downloaded', (info) => {
      this.o.logger.log('info', `update ${info.version} downloaded; it installs on restart`);
      this.set({ phase: 'ready', version: info.version, percent: null, failure: null });
      this.stop();
    });
    // A failed check also rejects checkForUpdates (handled there); this reports failed downloads.
    updater.on('error', (error) => {
      if (this.phase === 'downloading') this.fail(error);
    });
  }

  private fail(err: unknown): string {
    const message = describeFailure(err);
    this.o.logger.log('warn', `update check failed: ${message}`);
    this.set({ phase: 'idle', version: null, percent: null, failure: message });
    return message;
  }

  private set(change: Partial<Pick<UpdateStatus, 'phase' | 'version' | 'percent' | 'failure'>>): void {
    if (change.phase !== undefined) this.phase = change.phase;
    if (change.version !== undefined) this.version = change.version;
    if (change.percent !== undefined) this.percent = change.percent;
    if (change.failure !== undefined) this.failure = change.failure;
    this.publish();
  }

  private publish(): void {
    this.o.onStatus(this.status());
  }
}

/** The first line of the updater's message (its HTTP errors quote whole responses), kept short. */
function describeFailure(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  const line = (text.split(/\r?\n/)[0] ?? '').trim() || 'unknown error';
  return line.length > 300 ? `${line.slice(0, 297)}…` : line;
}
