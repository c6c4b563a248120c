/**
 * Worker tasks that write a change order: both versions read from their bodies, compared, and the
 * document written to the path main chose (a temporary file main renames when the task succeeds and
 * removes when it fails).
 */
import { writeFile } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { VersionRef } from '../../../src-shared/versions/types';
import { compareSnapshots } from '../../versions/compare';
import { readBoth, type VersionsInput } from '../../versions/version-tasks';
import type { ExportWarning } from '../../../src-shared/exports/warnings';
import type { WriteOutput } from '../export-tasks';
import type { ExportOptions } from '../options';
import { buildChangeOrder } from './build';
import { writeChangeOrderWorkbook } from './excel';
import type { ChangeOrder } from './model';
import { renderChangeOrderPdf } from './pdf';
import { cancelPoint } from '../../workers/cancel-point';

export interface ChangeOrderTaskInput {
  versions: VersionsInput;
  refs: { from: VersionRef; to: VersionRef };
  options: ExportOptions;
  /** Logo and watermark bytes (PDF). */
  images?: { logo?: Uint8Array | null; watermark?: Uint8Array | null };
  /** When the document is made (its date), ISO 8601. */
  madeAt: string;
  path: string;
}

function orderOf(input: ChangeOrderTaskInput): ChangeOrder {
  const { from, to } = readBoth(input.versions);
  cancelPoint();
  const { comparison } = compareSnapshots(from, to, { ...input.refs, includeUnchanged: false });
  cancelPoint();
  return buildChangeOrder({ from, to, comparison, options: input.options, madeAt: input.madeAt });
}

export async function changeOrderPdfTask(input: ChangeOrderTaskInput): Promise<WriteOutput> {
  const warnings: ExportWarning[] = [];
  const bytes = await renderChangeOrderPdf(orderOf(input), {
    ...(input.images ? { images: input.images } : {}),
    onWarning: (warning) => warnings.push(warning),
  });
  await writeFile(input.path, bytes, { flag: 'wx', mode: 0o600 });
  return { warnings };
}

export async function changeOrderXlsxTask(input: ChangeOrderTaskInput): Promise<WriteOutput> {
  const order = orderOf(input);
  const stream = createWriteStream(input.path, { flags: 'wx', mode: 0o600 });
  const closed = once(stream, 'close');
  try {
    await writeChangeOrderWorkbook(order, stream);
    await closed;
  } catch (err) {
    stream.destroy();
    await closed.catch(() => undefined);
    throw err;
  }
  return { warnings: [] };
}
