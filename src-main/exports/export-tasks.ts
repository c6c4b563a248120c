/**
 * Worker tasks for exports: the estimates are read from their bytes and the file is written in the
 * worker, to a path main chose (main renames it when the task succeeds and removes it when it fails
 * or is cancelled, so a cancelled export leaves no file).
 */
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { Piscina } from 'piscina';
import type { EstimateBodyInput } from '../estimates/estimate-tasks';
import { EstimateBodyReader, cacheBodyOf } from '../estimates/estimate-body';
import { readChunks } from '../workers/chunks';
import { toEstimateDocument } from '../estimates/document';
import type { EstimateDetail } from '../api/schemas';
import { writeEstimateWorkbook } from './excel';
import type { ExportOptions } from './options';
import { renderEstimatePdf, type PdfOptions } from './pdf';

async function details(estimates: readonly EstimateBodyInput[]): Promise<EstimateDetail[]> {
  const out: EstimateDetail[] = [];
  for (const e of estimates) {
    const reader = new EstimateBodyReader(e.origin);
    if (e.body) reader.push(e.body);
    else if (e.chunks) await readChunks(e.chunks, reader);
    out.push(reader.detail());
  }
  return out;
}

/** The cache's copies of the bodies that came from the service (null for the others). */
function cacheBodies(estimates: readonly EstimateBodyInput[], read: EstimateDetail[]): (Uint8Array | null)[] {
  return estimates.map((e, i) =>
    e.origin === 'response' ? (Piscina.move(cacheBodyOf(read[i]!)) as Uint8Array) : null,
  );
}

export interface XlsxTaskInput {
  estimates: EstimateBodyInput[];
  options: ExportOptions;
  /** Where to write (a temporary file main renames). */
  path: string;
}

export async function xlsxTask(input: XlsxTaskInput): Promise<{ cacheBodies: (Uint8Array | null)[] }> {
  const read = await details(input.estimates);
  const stream = createWriteStream(input.path, { flags: 'wx', mode: 0o600 });
  const closed = once(stream, 'close');
  try {
    await writeEstimateWorkbook(read.map(toEstimateDocument), input.options, stream);
    await closed;
  } catch (err) {
    stream.destroy();
    await closed.catch(() => undefined);
    throw err;
  }
  return { cacheBodies: cacheBodies(input.estimates, read) };
}

export interface PdfTaskInput {
  estimate: EstimateBodyInput;
  options: Omit<PdfOptions, 'onNotice'>;
  path: string;
}

export async function pdfTask(
  input: PdfTaskInput,
): Promise<{ cacheBodies: (Uint8Array | null)[]; notices: string[] }> {
  const read = await details([input.estimate]);
  const notices: string[] = [];
  const bytes = await renderEstimatePdf(toEstimateDocument(read[0]!), {
    ...input.options,
    onNotice: (m) => notices.push(m),
  });
  await writeFile(input.path, bytes, { flag: 'wx', mode: 0o600 });
  return { cacheBodies: cacheBodies([input.estimate], read), notices };
}
