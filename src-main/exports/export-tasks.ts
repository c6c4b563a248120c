/**
 * Worker tasks for exports: the estimates are read from the cache's bytes and the file is written in
 * the worker, to a temporary path main chose (main renames it when the task succeeds and removes it
 * when it fails or is cancelled, so a cancelled export leaves no file: local-files/write-atomically.ts).
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import {
  readEstimate,
  readEstimateDetail,
  type EstimateBodyInput,
  type EstimateReadOutput,
} from '../estimates/estimate-tasks';
import { toEstimateDocument } from '../estimates/document';
import { estimateParts, type EstimateParts } from '../estimates/estimate-parts';
import { writeEstimateWorkbook } from './excel';
import { resolveExportOptions, type ExportOptions } from './options';
import { writeRoomsXlsx, type RoomsExportOptions } from './rooms';
import { roomsCostsOf, roomsCostsWarnings } from './rooms/costs-of';
import type { PlanRoomsRead } from '../../src-shared/plans/rooms-costs-types';
import type { RoomsTable } from '../../src-shared/plans/types';
import { estimatePdfPages, writeEstimatePdfFile, type PdfOptions } from './pdf';
import { keepPrepared, takePrepared } from './prepared-documents';
import { moneyWarnings } from './money-check';
import type { ExportWarning } from '../../src-shared/exports/warnings';

/** An estimate for a writer: its bytes, and the token of its parts when an export read it here. */
export type ExportEstimateInput = EstimateBodyInput & { prepared?: string | null };

async function partsFor(estimates: readonly ExportEstimateInput[]): Promise<EstimateParts[]> {
  const out: EstimateParts[] = [];
  for (const e of estimates) {
    out.push(takePrepared(e.prepared) ?? estimateParts(toEstimateDocument(await readEstimateDetail(e))));
  }
  return out;
}

export interface ExportReadOutput extends EstimateReadOutput {
  /** The token of the parts kept in this thread for the writer (prepared-documents.ts). */
  prepared: string | null;
}

/** estimate-read for an export: the same output, and the parts it worked out kept for the writer. */
export async function exportReadTask(input: EstimateBodyInput): Promise<ExportReadOutput> {
  const { output, parts } = readEstimate(input, await readEstimateDetail(input));
  return { ...output, prepared: keepPrepared(parts) };
}

export interface XlsxTaskInput {
  estimates: ExportEstimateInput[];
  options: ExportOptions;
  /** The project's plan with its rooms, for a costs-per-room sheet (an internal worksheet asked for it). */
  plan?: PlanRoomsRead | null;
  /** Where to write (a temporary file main renames). */
  path: string;
}

/** What a writer task gives back: what the user should know about the document written. */
export interface WriteOutput {
  warnings: ExportWarning[];
}

export async function xlsxTask(input: XlsxTaskInput): Promise<WriteOutput> {
  const estimates = await partsFor(input.estimates);
  const plan = input.plan;
  const costs =
    plan && resolveExportOptions(input.options).roomsCosts ? estimates.map((e) => roomsCostsOf(e, plan)) : [];
  await writeToNewFile(input.path, (stream) =>
    writeEstimateWorkbook(estimates, input.options, stream, costs),
  );
  return { warnings: [...moneyWarnings(estimates), ...roomsCostsWarnings(costs)] };
}

/** Writes a new file (never one that is there) through a stream; on failure, the stream is closed first. */
async function writeToNewFile(path: string, write: (stream: Writable) => Promise<void>): Promise<void> {
  const stream = createWriteStream(path, { flags: 'wx' });
  const closed = once(stream, 'close');
  try {
    await write(stream);
    await closed;
  } catch (err) {
    stream.destroy();
    await closed.catch(() => undefined);
    throw err;
  }
}

export interface RoomsXlsxTaskInput {
  table: RoomsTable;
  options: RoomsExportOptions;
  /** The estimate whose costs per room go beside the rooms table, with the plan's rooms; none: no such sheet. */
  costs: { estimate: ExportEstimateInput; plan: PlanRoomsRead } | null;
  path: string;
}

/** The rooms workbook: the plan's rooms table and, when an estimate is given, its costs per room. */
export async function roomsXlsxTask(input: RoomsXlsxTaskInput): Promise<WriteOutput> {
  const parts = input.costs ? (await partsFor([input.costs.estimate]))[0]! : null;
  const costs = parts && input.costs ? roomsCostsOf(parts, input.costs.plan) : null;
  await writeToNewFile(input.path, (stream) => writeRoomsXlsx(input.table, stream, input.options, costs));
  return { warnings: parts && costs ? [...moneyWarnings([parts]), ...roomsCostsWarnings([costs])] : [] };
}

export interface PdfTaskInput {
  estimate: ExportEstimateInput;
  options: Omit<PdfOptions, 'onWarning'>;
  path: string;
}

/** The writer needs an estimate's rows, not the tree they were made from: a large estimate's tree can go. */
async function rowsFor(
  estimate: ExportEstimateInput,
): Promise<{ parts: EstimateParts; warnings: ExportWarning[] }> {
  const [parts] = await partsFor([estimate]);
  return { parts: { ...parts!, doc: { ...parts!.doc, tree: [] } }, warnings: moneyWarnings([parts!]) };
}

export async function pdfTask(input: PdfTaskInput): Promise<WriteOutput> {
  const { parts: rowsOnly, warnings } = await rowsFor(input.estimate);
  await writeEstimatePdfFile(
    rowsOnly,
    {
      ...input.options,
      onWarning: (warning) => warnings.push(warning),
    },
    input.path,
  );
  return { warnings };
}

export interface PdfPagesInput {
  estimate: ExportEstimateInput;
  options: Omit<PdfOptions, 'onWarning'>;
}

/** How many pages the estimate's PDF will have; its parts are kept here for the writer (a new token). */
export async function pdfPagesTask(input: PdfPagesInput): Promise<{ pages: number; prepared: string }> {
  const [parts] = await partsFor([input.estimate]);
  const pages = await estimatePdfPages(parts!, input.options);
  return { pages, prepared: keepPrepared(parts!) };
}
