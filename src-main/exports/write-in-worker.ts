/**
 * Writes an Excel or PDF document in a worker (exports/export-tasks.ts) from the estimates' cached
 * bytes, through a temporary file beside the target: a failure or a cancel (which ends the worker)
 * leaves no file, and a finished one appears whole.
 */
import { writeAtomically } from '../local-files/write-atomically';
import type { Workers } from '../workers/pool';
import { ownedBytes } from '../workers/transferables';
import type { PdfTaskInput, XlsxTaskInput } from './export-tasks';
import type { ExportOptions } from './options';

export interface DocumentRequest {
  format: 'xlsx' | 'pdf';
  /** Each estimate as the cache keeps it (estimate-tasks.ts `cacheBody`); moved to the worker. */
  bodies: Uint8Array[];
  /** Per body, the token of its document when an export read kept it (export-read), else null. */
  prepared?: (string | null)[];
  options: ExportOptions;
  /** A PDF's logo and watermark, fetched by the caller. */
  images?: { logo: Uint8Array | null; watermark: Uint8Array | null };
  target: string;
  signal?: AbortSignal | undefined;
}

/** Writes the document; gives back what the PDF writer noticed (images left out, and why). */
export async function writeDocumentInWorker(workers: Workers, req: DocumentRequest): Promise<string[]> {
  const bodies = req.bodies.map(ownedBytes);
  const estimates = bodies.map((body, i) => ({
    origin: 'cache' as const,
    body,
    prepared: req.prepared?.[i] ?? null,
  }));
  const given = req.images ?? { logo: null, watermark: null };
  const images = {
    logo: given.logo && ownedBytes(given.logo),
    watermark: given.watermark && ownedBytes(given.watermark),
  };
  const transfer = [...bodies, images.logo, images.watermark].flatMap((b) => (b ? [b.buffer] : []));
  const run = { signal: req.signal, transfer: [...new Set(transfer)] };
  let notices: string[] = [];
  await writeAtomically(req.target, async (tmp) => {
    if (req.format === 'xlsx') {
      const input: XlsxTaskInput = { estimates, options: req.options, path: tmp };
      await workers.run('export-xlsx', input, run);
    } else {
      const input: PdfTaskInput = { estimate: estimates[0]!, options: { ...req.options, images }, path: tmp };
      ({ notices } = await workers.run<{ notices: string[] }>('export-pdf', input, run));
    }
  });
  return notices;
}
