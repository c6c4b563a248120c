/**
 * One attempt at sending an outbox entry, and what follows a registration. Each step that matters
 * after a crash is on disk before the next begins, and each is a fault point (the fault suite stops
 * the process there):
 *
 *   claimed (`sending`)  → before-upload → bytes (checked against the copy's SHA-256 as they are read;
 *   the last chunk waits for the check) → during-upload → after-upload → `registering` → the register
 *   call (during-registration) → after-registration → `registered` → the copy removed → the record
 *   removed.
 *
 * Every write after the claim names this process as the row's owner: a drain that was taken over
 * (drain-lock.ts) stops before it registers anything.
 */
import type { ApiClient } from '../api/client';
import type { ProjectFile } from '../api/schemas';
import { updateCachedFilesList } from '../cache/files-list';
import { ServiceError } from '../errors/service-error';
import { faultPoint, faultPointSync } from '../faults/fault-points';
import { isAllowedUploadName } from '../files/file-types';
import { uploadFile } from '../files/files-service';
import type { OutboxProblem } from '../../src-shared/outbox/types';
import type { DrainContext } from './outbox-drain';
import type { OutboxRow, OutboxStore } from './outbox-store';
import { findRegistered } from './registered-check';
import { ClaimLostError, outcomeOf, type AttemptOutcome, type AttemptStage } from './upload-outcome';

/** What became of an entry, for now. */
export type EntryResult =
  | { kind: 'registered'; file: ProjectFile | null }
  /** It waits (no connection, the service failed, or its arrival is to be checked). */
  | { kind: 'waiting' }
  | { kind: 'held'; problem: OutboxProblem; error: unknown }
  /** The user removed it (or cancelled the upload). */
  | { kind: 'removed' };

interface Flight {
  controller: AbortController;
  sent: number;
  stage: AttemptStage;
}

export class OutboxAttempt {
  private readonly inFlight = new Map<number, Flight>();

  constructor(
    private readonly ws: string,
    private readonly c: DrainContext,
    private readonly store: () => OutboxStore,
  ) {}

  sentBytes(id: number): number | null {
    return this.inFlight.get(id)?.sent ?? null;
  }

  stop(id: number): boolean {
    const flight = this.inFlight.get(id);
    if (!flight) return false;
    flight.controller.abort();
    return true;
  }

  /** Closing: transfers stop; a register call on its way is let finish unless `everything`. */
  stopAll(everything: boolean): void {
    for (const flight of this.inFlight.values()) {
      if (everything || flight.stage !== 'register') flight.controller.abort();
    }
  }

  /** The entry's file among the project's, if its cut-off register call did arrive. */
  findSent(files: readonly ProjectFile[], row: OutboxRow): ProjectFile | null {
    const since = row.attemptStartedAt ?? row.addedAt;
    return findRegistered(files, { fileName: row.fileName, size: row.size, attemptStartedAt: since });
  }

  /** One attempt; null when the file was registered (the entry is done) or another drain has it. */
  async send(client: ApiClient, row: OutboxRow): Promise<{ outcome: AttemptOutcome; err: unknown } | null> {
    const copy = this.c.copies.pathOf(this.ws, row.folder, row.fileName);
    if (!(await this.c.copies.intact(this.ws, row.folder, row.fileName, row.size))) {
      return { outcome: { kind: 'hold', problem: 'file-missing', detail: null }, err: null };
    }
    if (!isAllowedUploadName(row.fileName)) {
      return { outcome: { kind: 'hold', problem: 'type-refused', detail: null }, err: null };
    }
    const owner = this.c.owner;
    if (!this.store().claim(row.id, owner, this.c.now())) return null;
    const flight: Flight = { controller: new AbortController(), sent: 0, stage: 'prepare' };
    this.inFlight.set(row.id, flight);
    this.c.changed(this.ws);
    let halfway = false;
    try {
      await faultPoint('outbox:before-upload');
      const file = await uploadFile(client, row.projectId, copy, {
        signal: flight.controller.signal,
        ...(row.sha256 ? { sha256: row.sha256 } : {}),
        onStage: async (stage) => {
          flight.stage = stage;
          if (stage !== 'register') return;
          await faultPoint('outbox:after-upload');
          // On disk before the register request leaves: a crash after it means "look first".
          if (!this.store().update(row.id, { state: 'registering' }, owner)) throw new ClaimLostError();
        },
        onProgress: (bytes) => {
          flight.sent = bytes;
          if (!halfway && bytes * 2 >= row.size && bytes > 0) {
            halfway = true;
            faultPointSync('outbox:during-upload');
          }
          this.c.progressed(this.ws, row.id, bytes);
        },
      });
      this.c.observe(this.ws, null);
      await faultPoint('outbox:after-registration');
      this.inFlight.delete(row.id);
      await this.done(row, file);
      return null;
    } catch (err) {
      this.inFlight.delete(row.id);
      const outcome = outcomeOf(err, flight.stage);
      if (err instanceof ServiceError && err.status !== undefined) this.c.observe(this.ws, null);
      if (outcome.kind !== 'cancelled' && outcome.kind !== 'offline') {
        this.c.logger.log(
          'warn',
          `outbox of ${this.ws}: upload ${row.id} failed at ${flight.stage}: ${(err as Error).message}`,
        );
      }
      return { outcome, err };
    }
  }

  /** Registered: recorded as such first, then the copy and the record go, and the files list shows it. */
  async done(row: OutboxRow, file: ProjectFile): Promise<void> {
    if (!this.store().update(row.id, { state: 'registered', fileId: file.id }, this.c.owner)) {
      // Another drain took the row over meanwhile: it finds the file in the list and tidies up.
      this.c.logger.log('warn', `outbox of ${this.ws}: upload ${row.id} registered as ${file.id} elsewhere`);
      this.c.settled(this.ws, row.id, { kind: 'registered', file });
      return;
    }
    await faultPoint('outbox:registered');
    await this.finish(row, file);
    this.c.logger.log('info', `outbox of ${this.ws}: upload ${row.id} registered as ${file.id}`);
  }

  /** A registered entry's copy, then its record, go. */
  async finish(row: OutboxRow, file: ProjectFile | null): Promise<void> {
    await this.c.copies.remove(this.ws, row.folder);
    this.store().remove(row.id);
    if (file) {
      try {
        updateCachedFilesList(this.c.cacheFor(this.ws), row.projectId, (files) => [
          ...files.filter((f) => f.id !== file.id),
          file,
        ]);
      } catch {
        // only the kept files list is behind; the next fetch brings it
      }
    }
    this.c.changed(this.ws);
    this.c.settled(this.ws, row.id, { kind: 'registered', file });
  }
}
