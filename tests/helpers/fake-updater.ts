import type { Updater, UpdaterEvents } from '../../src-main/updates/update-controller';

/**
 * A stand-in for electron-updater's AppUpdater that behaves like it as far as PlanDesk can tell:
 * a check emits update-available (then the download runs in the background, driven by the test
 * with `progress` and `downloaded`) or update-not-available, and a failed check both emits `error`
 * and rejects, as electron-updater does.
 */
export class FakeUpdater implements Updater {
  /** What the next check finds: a version, nothing new (null), or a failure. */
  next: { version: string } | Error | null = null;
  checks = 0;
  installs = 0;
  private readonly listeners = new Map<keyof UpdaterEvents, Set<(...args: never[]) => void>>();

  async checkForUpdates(): Promise<unknown> {
    this.checks++;
    await Promise.resolve();
    const found = this.next;
    if (found instanceof Error) {
      this.emit('error', found);
      throw found;
    }
    if (found) this.emit('update-available', found);
    else this.emit('update-not-available', { version: '0.1.0' });
    return { updateInfo: found };
  }

  quitAndInstall(): void {
    this.installs++;
  }

  on<E extends keyof UpdaterEvents>(event: E, listener: UpdaterEvents[E]): this {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener as (...args: never[]) => void);
    return this;
  }

  /** The background download got this far. */
  progress(percent: number): void {
    this.emit('download-progress', { percent });
  }

  downloaded(version: string): void {
    this.emit('update-downloaded', { version });
  }

  failDownload(error: Error): void {
    this.emit('error', error);
  }

  private emit<E extends keyof UpdaterEvents>(event: E, ...args: Parameters<UpdaterEvents[E]>): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  }
}
