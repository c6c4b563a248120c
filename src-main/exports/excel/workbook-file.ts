/**
 * A workbook written through exceljs's streaming writer to a file (a temporary file next to it,
 * renamed when complete, so a failed export leaves no half-written file) or to a stream, with the
 * stream's errors seen at once: the writer only listens for them when it commits, so without this an
 * early error (disk full, a closed stream) would go unhandled and the commit would wait forever.
 */
import { once } from 'node:events';
import { open } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { writeAtomically } from '../../local-files/write-atomically';

export interface WorkbookGuard {
  /** Throws the stream's error, if it failed (the sheet writers call it between batches of rows). */
  check(): void;
  /** `work`, or the stream's failure if that comes first. */
  race<T>(work: Promise<T>): Promise<T>;
}

export type FillWorkbook = (wb: ExcelJS.stream.xlsx.WorkbookWriter, guard: WorkbookGuard) => Promise<void>;

export async function writeWorkbookFile(out: string | Writable, fill: FillWorkbook): Promise<void> {
  if (typeof out !== 'string') return writeWorkbookStream(out, fill);
  await writeAtomically(out, async (partial) => {
    const handle = await open(partial, 'w');
    const stream = handle.createWriteStream();
    const closed = once(stream, 'close');
    try {
      await writeWorkbookStream(stream, fill);
      await closed;
    } catch (e) {
      stream.destroy();
      await closed.catch(() => undefined);
      throw e;
    }
  });
}

async function writeWorkbookStream(stream: Writable, fill: FillWorkbook): Promise<void> {
  let streamError: Error | null = null;
  const failed = new Promise<never>((_, reject) =>
    stream.once('error', (e: Error) => {
      streamError = e;
      reject(e);
    }),
  );
  failed.catch(() => undefined);
  const guard: WorkbookGuard = {
    check: () => {
      if (streamError) throw streamError;
    },
    race: (work) => Promise.race([work, failed]),
  };
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: true });
  (wb as unknown as { zip?: NodeJS.EventEmitter }).zip?.on('error', (e: Error) => stream.destroy(e));
  wb.creator = 'PlanDesk';
  wb.lastModifiedBy = 'PlanDesk';
  await fill(wb, guard);
  await guard.race(wb.commit());
}
