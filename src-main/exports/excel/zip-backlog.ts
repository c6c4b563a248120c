/**
 * exceljs's streaming writer hands each sheet's XML to its zip (archiver) without waiting for it.
 * The zip compresses only on the event loop's turns, and a writer that yields once per batch of rows
 * leaves it almost none: a whole sheet's XML then waited in memory until the workbook was committed
 * (the 20,000-item export held about 30 MB of it). So after each batch the writer waits, briefly,
 * until the zip has caught up with the sheet.
 */
import type ExcelJS from 'exceljs';
import { cancelPoint } from '../../workers/cancel-point';

/** Rows a sheet writer writes between two calls of letZipCatchUp. */
export const YIELD_EVERY = 1000;
/** The XML of a sheet allowed to wait for the zip after a batch of rows. */
const MOST_WAITING_BYTES = 1024 * 1024;
/** How often the writer looks again while it waits. */
const LOOK_EVERY_MS = 1;
/** Never waits longer than this per batch: a zip that stalls costs memory, never a hung export. */
const LONGEST_WAIT_MS = 2_000;

interface StreamState {
  length?: unknown;
}
interface SheetStream {
  pipes?: { _writableState?: StreamState; _readableState?: StreamState }[];
}

/**
 * The bytes of the sheet's XML the zip has not taken yet. Read from exceljs's and archiver's
 * internals (the sheet's stream buffer, piped into archiver's pass-through for the entry): 0 when
 * they are not as expected, so the writer then only yields, as it did before (a test pins the shape).
 */
export function xmlWaitingForZip(ws: ExcelJS.Worksheet): number {
  const stream = (ws as unknown as { _stream?: SheetStream })._stream;
  const entry = stream?.pipes?.[0];
  const bytes = (s: StreamState | undefined): number => (typeof s?.length === 'number' ? s.length : 0);
  return bytes(entry?._writableState) + bytes(entry?._readableState);
}

/**
 * Gives the event loop a turn, then waits until the zip has taken most of the sheet's XML. A cancelled
 * export stops here, between two batches of rows.
 */
export async function letZipCatchUp(ws: ExcelJS.Worksheet): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  cancelPoint();
  const until = performance.now() + LONGEST_WAIT_MS;
  while (xmlWaitingForZip(ws) > MOST_WAITING_BYTES && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
  }
}
