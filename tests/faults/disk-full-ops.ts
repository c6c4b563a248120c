/**
 * The writes that meet a full disk — the cache, an estimate version, an outbox copy, an export —
 * tried one after another on services whose data folder (and save folder) is full. Each must say
 * that the disk is full and where, soon, and leave nothing half-written. Shared by the small-disk
 * script (a real full tmpfs) and the injected variant (ENOSPC at the fault points).
 */
import { rm } from 'node:fs/promises';
import type { RunningServices } from '../../src-main/app/services';
import { createDispatcher } from '../../src-main/ipc/handlers';
import type { AppNotice } from '../../src-shared/app/types';
import type { ErrorValue } from '../../src-shared/errors/service-error';

export interface DiskFullOutcome {
  /** What the user was told: the error's kind, or the notice's code. */
  said: string;
  /** Where, as told. */
  where: string | null;
  /** From the start of the operation to the moment it was said. */
  ms: number;
  /**
   * The same operation while there was room (an export renders its document before it writes): the
   * full disk must be said within a second of when the write would have been done.
   */
  withRoomMs?: number;
}

export interface DiskFullSetup {
  projectId: string;
  /** One estimate read before the disk filled (so it has a version), one never read. */
  readEstimateId: string;
  freshEstimateId: string;
  /** A file to upload while offline. */
  original: string;
  /** The service goes away and comes back (the upload waits in the outbox). */
  suspend: () => Promise<void>;
  resume: () => Promise<void>;
  /** The estimate read before changes in the service (its next read needs a new version). */
  change: () => Promise<void>;
  /** When main last announced notices (`event:notices`), by wall clock. */
  noticesAnnounced: () => number | null;
  /** How long the same export took while there was room. */
  exportWithRoomMs: number;
}

/** An export as the app asks for it (the PDF quote of an estimate). */
export function exportPdf(services: RunningServices, projectId: string, estimateId: string) {
  return createDispatcher(services, () => undefined)('estimates:export', [
    { projectId, estimateId, format: 'pdf', presetId: 'internal', language: 'en-US' },
  ]);
}

async function timed(
  run: () => Promise<{ ok: true } | { ok: false; error: ErrorValue }>,
): Promise<DiskFullOutcome> {
  const t0 = Date.now();
  const r = await run();
  const ms = Date.now() - t0;
  if (r.ok) return { said: 'nothing (it worked)', where: null, ms };
  return { said: r.error.kind, where: r.error.path ?? r.error.message, ms };
}

export async function diskFullOperations(
  services: RunningServices,
  s: DiskFullSetup,
): Promise<Record<'cache' | 'version' | 'outbox copy' | 'export', DiskFullOutcome>> {
  const dispatch = createDispatcher(services, () => undefined);
  // The cache: the estimate is shown (from the service); that it could not be kept is a notice.
  const t0 = Date.now();
  const shown = await dispatch('estimates:get', [{ projectId: s.projectId, estimateId: s.freshEstimateId }]);
  const notices: AppNotice[] = await services.takeNotices();
  const full = notices.find((n) => n.code === 'disk-full');
  const announced = s.noticesAnnounced();
  const saidAt = announced !== null && announced >= t0 ? announced : Date.now();
  const cache: DiskFullOutcome = full
    ? { said: 'disk-full', where: full.path ?? null, ms: saidAt - t0 }
    : { said: shown.ok ? 'nothing' : shown.error.kind, where: null, ms: Date.now() - t0 };

  // A version: "the estimate now" in a comparison must be kept first.
  await s.change();
  const versions = await dispatch('versions:list', [
    { projectId: s.projectId, estimateId: s.readEstimateId },
  ]);
  const first = versions.ok ? versions.data.versions.at(-1) : undefined;
  const version = await timed(() =>
    dispatch('versions:compare', [
      {
        projectId: s.projectId,
        from: { estimateId: s.readEstimateId, versionId: first?.id ?? 1 },
        to: { estimateId: s.readEstimateId },
      },
    ]),
  );

  // An upload while offline: its copy in the outbox.
  await dispatch('files:registerDrop', [[s.original], s.projectId]);
  await s.suspend();
  let copy: DiskFullOutcome;
  try {
    copy = await timed(() => dispatch('files:upload', [{ projectId: s.projectId, paths: [s.original] }]));
  } finally {
    await s.resume();
  }

  const exported = await timed(() => exportPdf(services, s.projectId, s.readEstimateId));
  return { cache, version, 'outbox copy': copy, export: { ...exported, withRoomMs: s.exportWithRoomMs } };
}

/** An export while there is room, warm (the second of two): its time, the file removed again. */
export async function timedExport(
  services: RunningServices,
  projectId: string,
  estimateId: string,
): Promise<number> {
  let ms = 0;
  for (let run = 0; run < 2; run++) {
    const t0 = Date.now();
    const r = await exportPdf(services, projectId, estimateId);
    ms = Date.now() - t0;
    if (!r.ok) throw new Error(`the export with room failed: ${r.error.message}`);
    if (r.data.path) await rm(r.data.path);
  }
  return ms;
}
