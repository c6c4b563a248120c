/**
 * Writes a document in a worker (exports/export-worker.ts) from the estimates' cached bytes or the
 * versions' bodies, through a temporary file beside the target: a failure or a cancel (which ends the
 * worker) leaves no file, and a finished one appears whole.
 */
import type { ExportWarning } from '../../src-shared/exports/warnings';
import type { VersionRef } from '../../src-shared/versions/types';
import { writeAtomically } from '../local-files/write-atomically';
import type { Workers } from '../workers/pool';
import { ownedBytes } from '../workers/transferables';
import type { VersionsInput } from '../versions/version-tasks';
import type { ChangeOrderTaskInput } from './change-order/tasks';
import type { PdfPagesInput, PdfTaskInput, RoomsXlsxTaskInput, XlsxTaskInput } from './export-tasks';
import type { RoomsExportOptions } from './rooms';
import type { PlanRoomsRead } from '../../src-shared/plans/rooms-costs-types';
import type { RoomsTable } from '../../src-shared/plans/types';
import type { ExportOptions } from './options';

type Images = { logo: Uint8Array | null; watermark: Uint8Array | null };

export interface DocumentRequest {
  format: 'xlsx' | 'pdf';
  /** Each estimate as the cache keeps it (estimate-tasks.ts `cacheBody`); moved to the worker. */
  bodies: Uint8Array[];
  /** Per body, the token of its document when an export read kept it (export-read), else null. */
  prepared?: (string | null)[];
  options: ExportOptions;
  /** The project's plan with its rooms, for a workbook's costs-per-room sheets. */
  plan?: PlanRoomsRead | undefined;
  /** A PDF's logo and watermark, fetched by the caller. */
  images?: Images;
  target: string;
  signal?: AbortSignal | undefined;
}

/** The images as the worker's own copies, and the buffers to move there. */
function movedImages(given: Images | undefined): { images: Images; transfer: ArrayBuffer[] } {
  const images = {
    logo: given?.logo ? ownedBytes(given.logo) : null,
    watermark: given?.watermark ? ownedBytes(given.watermark) : null,
  };
  const transfer = [images.logo, images.watermark].flatMap((b) => (b ? [b.buffer as ArrayBuffer] : []));
  return { images, transfer };
}

/** Writes the document; gives back what the user should know about it (odd money, images left out). */
export async function writeDocumentInWorker(
  workers: Workers,
  req: DocumentRequest,
): Promise<ExportWarning[]> {
  const bodies = req.bodies.map(ownedBytes);
  const estimates = bodies.map((body, i) => ({
    origin: 'cache' as const,
    body,
    prepared: req.prepared?.[i] ?? null,
  }));
  const { images, transfer } = movedImages(req.images);
  const run = { signal: req.signal, transfer: [...new Set([...bodies.map((b) => b.buffer), ...transfer])] };
  let warnings: ExportWarning[] = [];
  await writeAtomically(req.target, async (tmp) => {
    if (req.format === 'xlsx') {
      const input: XlsxTaskInput = {
        estimates,
        options: req.options,
        ...(req.plan ? { plan: req.plan } : {}),
        path: tmp,
      };
      ({ warnings } = await workers.run('export-xlsx', input, run));
    } else {
      const input: PdfTaskInput = { estimate: estimates[0]!, options: { ...req.options, images }, path: tmp };
      ({ warnings } = await workers.run('export-pdf', input, run));
    }
  });
  return warnings;
}

/**
 * How many pages the PDF of an estimate will have (laid out in the export thread, not written). The
 * estimate's parts stay there for the writer: the token to give it comes back with the count.
 */
export async function countPdfPagesInWorker(
  workers: Workers,
  req: {
    body: Uint8Array;
    prepared: string | null;
    options: ExportOptions;
    images?: Images;
    signal?: AbortSignal;
  },
): Promise<{ pages: number; prepared: string }> {
  // Copies: the same bytes and images go to the writer afterwards.
  const images = {
    logo: req.images?.logo ? req.images.logo.slice() : null,
    watermark: req.images?.watermark ? req.images.watermark.slice() : null,
  };
  const input: PdfPagesInput = {
    estimate: { origin: 'cache', body: req.body.slice(), prepared: req.prepared },
    options: { ...req.options, images },
  };
  return workers.run('export-pdf-pages', input, req.signal ? { signal: req.signal } : {});
}

export interface RoomsWorkbookRequest {
  table: RoomsTable;
  options: RoomsExportOptions;
  /** An estimate (as the cache keeps it) whose costs per room on `plan` go beside the table. */
  costs: { body: Uint8Array; prepared: string | null; plan: PlanRoomsRead } | null;
  target: string;
  signal?: AbortSignal | undefined;
}

/** Writes a plan's rooms workbook in a worker: the rooms table and, with an estimate, its costs per room. */
export async function writeRoomsWorkbookInWorker(
  workers: Workers,
  req: RoomsWorkbookRequest,
): Promise<ExportWarning[]> {
  const body = req.costs ? ownedBytes(req.costs.body) : null;
  const costs =
    req.costs && body
      ? {
          estimate: { origin: 'cache' as const, body, prepared: req.costs.prepared },
          plan: req.costs.plan,
        }
      : null;
  let warnings: ExportWarning[] = [];
  await writeAtomically(req.target, async (path) => {
    const input: RoomsXlsxTaskInput = { table: req.table, options: req.options, costs, path };
    ({ warnings } = await workers.run('export-rooms-xlsx', input, {
      signal: req.signal,
      transfer: body ? [body.buffer as ArrayBuffer] : [],
    }));
  });
  return warnings;
}

export interface ChangeOrderRequest {
  format: 'xlsx' | 'pdf';
  versions: VersionsInput;
  refs: { from: VersionRef; to: VersionRef };
  options: ExportOptions;
  images?: Images;
  madeAt: Date;
  target: string;
  signal?: AbortSignal | undefined;
}

/** Writes the change order from one version to the other (both read and compared in the worker). */
export async function writeChangeOrderInWorker(
  workers: Workers,
  req: ChangeOrderRequest,
): Promise<ExportWarning[]> {
  const { images, transfer } = movedImages(req.images);
  const input: Omit<ChangeOrderTaskInput, 'path'> = {
    versions: req.versions,
    refs: req.refs,
    options: req.options,
    ...(req.images ? { images } : {}),
    madeAt: req.madeAt.toISOString(),
  };
  let warnings: ExportWarning[] = [];
  await writeAtomically(req.target, async (path) => {
    const task = req.format === 'pdf' ? 'export-change-order-pdf' : 'export-change-order-xlsx';
    ({ warnings } = await workers.run(task, { ...input, path }, { signal: req.signal, transfer }));
  });
  return warnings;
}
