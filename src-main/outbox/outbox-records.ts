/**
 * Where the outbox's records are, for each workspace: the data folder's own database
 * (open-outbox-store.ts), opened when first needed, with the drain lock on it (drain-lock.ts,
 * lock-keeper.ts); or, for a workspace that keeps its data in memory by design (the demo), a store in
 * memory. New uploads are recorded only where they survive PlanDesk closing.
 */
import { ServiceError } from '../errors/service-error';
import type { Logger } from '../log/logger';
import { diskFullError } from '../local-files/write-atomically';
import { DrainLock, type LockOwner } from './drain-lock';
import { LockKeeper } from './lock-keeper';
import { memoryOutboxStore, openOutboxStore, type OpenedOutboxStore } from './open-outbox-store';
import type { OutboxStore } from './outbox-store';

export interface RecordsOptions {
  /** `<user data>/outbox` */
  root: string;
  logger: Logger;
  inMemoryByDesign: (workspaceId: string) => boolean;
  /** The drain lock: renewed this often, taken over after this long unrenewed, asked for again this often. */
  lock?: { renewMs?: number; staleMs?: number; retryMs?: number };
  now: () => Date;
  /** Another process changed the records, or the lock may be free again: send what waits. */
  drainAll: () => void;
}

export class OutboxRecords {
  private records: { opened: OpenedOutboxStore; lock: LockKeeper } | null = null;
  private readonly demoStore = memoryOutboxStore();

  constructor(
    private readonly o: RecordsOptions,
    private readonly owner: LockOwner,
  ) {}

  get opened(): OpenedOutboxStore {
    return this.open().opened;
  }

  /** Whether this process may drain the workspace (it holds the drain lock, or just took it). */
  mayDrain(workspaceId: string): boolean {
    return this.o.inMemoryByDesign(workspaceId) || this.open().lock.hold();
  }

  /** The records a workspace's entries are in. */
  storeFor(workspaceId: string): OutboxStore {
    return this.o.inMemoryByDesign(workspaceId) ? this.demoStore : this.opened.store;
  }

  /**
   * The records new uploads go to. When they could only live in memory (the data folder could not be
   * written, the disk was full), the file is tried again first: the user may have made room.
   */
  keepingStore(workspaceId: string): OutboxStore {
    if (this.o.inMemoryByDesign(workspaceId)) return this.demoStore;
    if (this.records && !this.records.opened.store.persistent) {
      this.records.lock.close();
      this.records.opened.store.close();
      this.records = null;
    }
    const { store, problem, diskFull } = this.opened;
    if (store.persistent) return store;
    if (diskFull) throw diskFullError(this.o.root);
    throw new ServiceError(
      'config',
      `PlanDesk cannot keep files to upload on this computer (${problem ?? 'no place for its records'}). Check that PlanDesk's data folder can be written.`,
    );
  }

  close(): void {
    this.records?.lock.close();
    this.records?.opened.store.close();
    this.demoStore.close();
  }

  private open(): { opened: OpenedOutboxStore; lock: LockKeeper } {
    if (this.records) return this.records;
    const o = this.o;
    const opened = openOutboxStore(o.root, o.logger);
    const lock = new LockKeeper(new DrainLock(opened.store, this.owner, o.lock?.staleMs ?? 30_000, o.now), {
      renewMs: o.lock?.renewMs ?? 5000,
      retryMs: o.lock?.retryMs ?? 5000,
      logger: o.logger,
      // Another process added or changed records: what it added is sent from here.
      onChangedElsewhere: o.drainAll,
      changedElsewhere: () => opened.store.changedElsewhere(),
      retry: o.drainAll,
    });
    this.records = { opened, lock };
    return this.records;
  }
}
