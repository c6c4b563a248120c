/**
 * The app-wide connection indicator: whether the active workspace's service answers (and since when
 * it does not), whether PlanDesk is sending what waited, and "Sync now": ask the service, send the
 * waiting uploads, bring the pinned projects up to date.
 */
import type { ConnectionStatus } from '../../src-shared/offline/types';
import type { ActiveSource } from '../contracts/active-workspace';
import type { Logger } from '../log/logger';
import { ServiceError } from '../errors/service-error';

export interface ConnectionDeps {
  active: ActiveSource;
  /** The active workspace's outbox: whether it sends, how much waits, send it now. */
  outbox: {
    sending: (workspaceId: string) => boolean;
    count: (workspaceId: string) => { entries: number };
    drain: (workspaceId: string) => Promise<void>;
  };
  refreshPinned: () => Promise<number>;
  emit: (status: ConnectionStatus) => void;
  logger: Logger;
  now?: () => Date;
}

export class ConnectionService {
  private syncing = false;
  private lastSync: Date | null = null;
  private lastSent = '';
  /** Changes are sent once the window has asked for the status (nothing is opened for nobody). */
  private watching = false;

  constructor(private readonly d: ConnectionDeps) {}

  async status(): Promise<ConnectionStatus> {
    this.watching = true;
    const { meta, cached } = await this.d.active();
    const online = cached.online;
    return {
      state: !online ? 'offline' : this.syncing || this.d.outbox.sending(meta.id) ? 'syncing' : 'online',
      offlineSince: online ? null : (cached.offlineSince?.toISOString() ?? null),
      lastSync: this.lastSync?.toISOString() ?? null,
      waitingUploads: this.d.outbox.count(meta.id).entries,
    };
  }

  /** Tells the window when the status changed (connectivity, uploads, a workspace switch). */
  async changed(): Promise<void> {
    if (!this.watching) return;
    let status: ConnectionStatus;
    try {
      status = await this.status();
    } catch {
      return; // no usable workspace (a key missing, say): nothing to show
    }
    const text = JSON.stringify(status);
    if (text === this.lastSent) return;
    this.lastSent = text;
    this.d.emit(status);
  }

  /**
   * Asks the service; when it answers, sends the waiting uploads and brings every pinned project of
   * the workspace up to date. A failure on the way ends the sync; the indicator shows the result.
   */
  async syncNow(): Promise<ConnectionStatus> {
    if (this.syncing) return this.status();
    const { meta, cached } = await this.d.active();
    this.syncing = true;
    void this.changed();
    let failure: unknown = null;
    try {
      if (await cached.probe()) {
        await this.d.outbox.drain(meta.id);
        if (cached.online) await this.d.refreshPinned();
        if (cached.online) this.lastSync = this.d.now?.() ?? new Date();
      }
    } catch (err) {
      this.d.logger.log('warn', `sync now: ${(err as Error).message}`);
      // Losing the connection on the way is what the indicator shows; anything else is told.
      if (!(err instanceof ServiceError && err.kind === 'network')) failure = err;
    } finally {
      this.syncing = false;
      void this.changed();
    }
    if (failure) throw failure;
    return this.status();
  }
}
