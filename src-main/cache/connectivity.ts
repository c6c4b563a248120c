/**
 * Whether a workspace's service answers, as its read-through client (cached-client.ts) learns it:
 * offline from the first network error until the next answer, with the reason and since when, and
 * listeners told of every change.
 */
import type { Logger } from '../log/logger';
import { ServiceError } from '../errors/service-error';
import { isOfflineError, type ConnectivityListener } from './read-through';

export class Connectivity {
  private isOnline = true;
  private reason: string | null = null;
  private since: Date | null = null;
  private readonly listeners = new Set<ConnectivityListener>();

  constructor(
    private readonly log: Logger,
    private readonly clock: () => Date,
  ) {}

  /** False from the first network error until the next answer from the service. */
  get online(): boolean {
    return this.isOnline;
  }

  /** The last network error's message while offline, else null. */
  get offlineReason(): string | null {
    return this.reason;
  }

  /** When the service was last found unreachable (the start of this offline spell); null online. */
  get offlineSince(): Date | null {
    return this.since;
  }

  /**
   * What another part of the app (the upload outbox) learnt about the service: a network error
   * means offline, any answer means reachable. Null: a request succeeded.
   */
  noteOutcome(err: unknown): void {
    if (err === null) this.setOnline(true, null);
    else this.noteFailure(err);
  }

  /** Called on every change of `online`; returns the unsubscribe function. */
  onChange(listener: ConnectivityListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** A network error means offline; an HTTP answer (even an error) means the service was reached. */
  protected noteFailure(err: unknown): void {
    if (isOfflineError(err)) this.setOnline(false, err.message);
    else if (err instanceof ServiceError && err.status !== undefined) this.setOnline(true, null);
  }

  protected setOnline(online: boolean, reason: string | null): void {
    this.reason = online ? null : reason;
    if (online === this.isOnline) return;
    this.isOnline = online;
    this.since = online ? null : this.clock();
    this.log.log('info', online ? 'service reachable again' : `service unreachable: ${reason ?? ''}`);
    for (const listener of [...this.listeners]) {
      try {
        listener(online, this.reason);
      } catch (err) {
        this.log.log(
          'warn',
          `connectivity listener failed: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
    }
  }
}
