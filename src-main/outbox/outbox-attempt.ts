/**
 * One attempt at sending an outbox entry, and what follows a registration. Each step that matters
 * after a crash is on disk before the next begins, and each is a fault point (the fault suite stops
 * the process there):
 *
 *   claimed (`sending`)  → before-upload → bytes (checked against the copy's SHA-256 as they are read;
 *   the last chunk waits for the check) → during-upload → after-upload → `registering` → registering
 *   → the register call (during-registration) → after-registration → `registered` → the copy removed
 *   → the record removed.
 *
 * Every write after the claim names this process as the row's owner: a drain that was taken over
 * (drain-lock.ts) stops before it registers anything. Only the steps up to the register call's answer
 * are the upload's: a failure there is classified (upload-outcome.ts). What follows the answer is
 * this computer's own bookkeeping; a failure there (a full disk) is not the upload's, and leaves the
 * row `registering`, on disk already, so the drain looks for the file before anything is sent again.
 */
import type { ApiClient } from '../api/client';
import type { ProjectFile } from '../api/schemas';
import { updateCachedFilesList } from '../cache/files-list';
import { ServiceError } from '../errors/service-error';
import { faultPoint, faultPointSync } from '../faults/fault-points';
import { isAllowedUploadName } from '../files/file-types';
import { uploadFile } from '../files/files-service';
import type { DrainContext } from './drain-context';
import type { OutboxRow } from './outbox-rows';
import type { OutboxStore } from './outbox-store';
import { findRegistered } from './registered-check';
import { ClaimLostError, outcomeOf, type AttemptOutcome, type AttemptStage } from './upload-outcome';

export type { EntryResult } from './drain-context';

interface Flight {
  controller: AbortController;
  sent: number;
  stage: AttemptStage;
  /** The user removed it while it was on its way: whatever the attempt ends with, it goes. */
  removed: boolean;
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
    flight.removed = true;
    flight.controller.abort();
    return true;
  }

  /** Closing: transfers stop; a register call on its way is let finish unless `everything`. */
  stopAll(everything: boolean): void {
    for (const flight of this.inFlight.values()) {
      if (everything || flight.stage !== 'register') flight.controller.abort();
    }
  }

  /**
   * The entry's file among the project's, if its cut-off register call did arrive: never a file that
   * is already another entry's (one of the same name and size sent before it).
   */
  findSent(files: readonly ProjectFile[], row: OutboxRow): ProjectFile | null {
    const taken = this.store().registeredFiles(this.ws, row.projectId);
    const since = row.attemptStartedAt ?? row.addedAt;
    return findRegistered(
      files.filter((f) => !taken.has(f.id)),
      { fileName: row.fileName, size: row.size, attemptStartedAt: since },
    );
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
    const flight: Flight = { controller: new AbortController(), sent: 0, stage: 'prepare', removed: false };
    this.inFlight.set(row.id, flight);
    this.c.changed(this.ws);
    let file: ProjectFile;
    try {
      file = await this.upload(client, row, copy, flight);
      this.c.observe(this.ws, null);
    } catch (err) {
      this.inFlight.delete(row.id);
      // The user's removal wins over what the attempt ended with (a register call cut off meanwhile
      // included: the file may then be in the project, and is not sent again).
      const outcome: AttemptOutcome = flight.removed ? { kind: 'cancelled' } : outcomeOf(err, flight.stage);
      if (
        flight.removed &&
        flight.stage === 'register' &&
        !(err instanceof ServiceError && err.kind === 'cancelled')
      ) {
        this.c.logger.log(
          'warn',
          `outbox of ${this.ws}: upload ${row.id} removed while its register call was cut off; it may be in the project`,
        );
      }
      if (err instanceof ServiceError && err.status !== undefined) this.c.observe(this.ws, null);
      if (outcome.kind !== 'cancelled' && outcome.kind !== 'offline') {
        this.c.logger.log(
          'warn',
          `outbox of ${this.ws}: upload ${row.id} failed at ${flight.stage}: ${(err as Error).message}`,
        );
      }
      return { outcome, err };
    }
    // Registered. From here on a failure is this computer's (the caller's run ends on it): the row is
    // `registering` on disk, and is looked for before anything is sent again.
    this.inFlight.delete(row.id);
    await faultPoint('outbox:after-registration');
    const wrong = registeredAmiss(file, row);
    if (wrong) {
      // Not this file as it was given: the copy is kept (never removed for a file the service holds
      // otherwise), and that file is never taken for this entry's.
      this.store().noteRegisteredFile(this.ws, row.projectId, file.id, this.c.now());
      this.c.logger.log('warn', `outbox of ${this.ws}: upload ${row.id} registered as ${file.id}, ${wrong}`);
      return { outcome: { kind: 'hold', problem: 'arrived-different', detail: null }, err: null };
    }
    await this.done(row, file);
    return null;
  }

  /** URL, bytes, register: `registering` on disk (and the stage told) before the register call leaves. */
  private upload(client: ApiClient, row: OutboxRow, copy: string, flight: Flight): Promise<ProjectFile> {
    let halfway = false;
    return faultPoint('outbox:before-upload').then(() =>
      uploadFile(client, row.projectId, copy, {
        signal: flight.controller.signal,
        ...(row.sha256 ? { sha256: row.sha256 } : {}),
        onStage: async (stage) => {
          if (stage !== 'register') {
            flight.stage = stage;
            return;
          }
          await faultPoint('outbox:after-upload');
          // On disk before the register request leaves: a crash after it means "look first". Only
          // once it is there may a failure count as the register call's (never a failed write).
          if (!this.store().update(row.id, { state: 'registering' }, this.c.owner))
            throw new ClaimLostError();
          flight.stage = 'register';
          await faultPoint('outbox:registering');
        },
        onProgress: (bytes) => {
          flight.sent = bytes;
          if (!halfway && bytes * 2 >= row.size && bytes > 0) {
            halfway = true;
            faultPointSync('outbox:during-upload');
          }
          this.c.progressed(this.ws, row.id, bytes);
        },
      }),
    );
  }

  /**
   * Registered: recorded as such first (the one waiting for it learns it then), then the copy and
   * the record go, and the files list shows it. A write that fails here throws: the row stays as it
   * was on disk (`registering`, or `registered`), and the next run finishes it.
   */
  async done(row: OutboxRow, file: ProjectFile): Promise<void> {
    if (!this.store().markRegistered(row, file.id, this.c.owner, this.c.now())) {
      // Another drain took the row over meanwhile: it finds the file in the list and tidies up.
      this.c.logger.log('warn', `outbox of ${this.ws}: upload ${row.id} registered as ${file.id} elsewhere`);
      this.c.settled(this.ws, row.id, { kind: 'registered', file });
      return;
    }
    try {
      updateCachedFilesList(this.c.cacheFor(this.ws), row.projectId, (files) => [
        ...files.filter((f) => f.id !== file.id),
        file,
      ]);
    } catch {
      // only the kept files list is behind; the next fetch brings it
    }
    this.c.settled(this.ws, row.id, { kind: 'registered', file });
    this.c.logger.log('info', `outbox of ${this.ws}: upload ${row.id} registered as ${file.id}`);
    await faultPoint('outbox:registered');
    await this.finish(row);
  }

  /**
   * A registered entry's copy, then its record, go. False when the copy could not be marked removed
   * (a folder in use): the record stays `registered`, and this is tried again later.
   */
  async finish(row: OutboxRow): Promise<boolean> {
    if (!(await this.c.copies.remove(this.ws, row.folder))) return false;
    this.store().remove(row.id, false);
    this.c.changed(this.ws);
    return true;
  }
}

/**
 * Why the file the service registered is not the entry's, or null when it is: the service's answer
 * is not trusted to be the copy's own file (a size it gives must be the copy's).
 */
export function registeredAmiss(file: ProjectFile, row: Pick<OutboxRow, 'size'>): string | null {
  if (file.size === null || file.size === undefined || file.size === row.size) return null;
  return `with ${file.size} bytes where the copy has ${row.size}`;
}
