/**
 * Excel export of estimates (exceljs, always through its streaming writer: rows are written and
 * released one by one, so a 20,000-item estimate needs little memory).
 *
 * Per estimate one sheet: a header block, the items as a collapsible outline (groups bold, above
 * their items, with SUBTOTAL formulas), and a totals block whose formulas add up the item rows next
 * to the service's own figures. Then a flat sheet per estimate with every item on its own row. The
 * formulas' cached results are the same sums, computed exactly, so a viewer that does not
 * recalculate shows the right figures too.
 */
import { once } from 'node:events';
import { open } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { quoteTotals, type QuoteTotals } from '../../../src-shared/estimates/quote-totals';
import type { EstimateDocument, EstimateRow } from '../../../src-shared/estimates/types';
import { currencyInfo } from '../formats';
import { translator } from '../../../src-shared/i18n/catalogue';
import { flattenTree } from '../../estimates/flatten';
import { writeAtomically } from '../../local-files/write-atomically';
import { resolveExportOptions, type ExportOptions, type ResolvedExportOptions } from '../options';
import { cleanText } from '../parties';
import { SheetNamer } from '../sheet-names';
import { writeFlatSheet } from './flat-sheet';
import { writeMainSheet } from './main-sheet';
import { makeStyles } from './styles';
import { writeSummarySheet } from './summary-sheet';

export type { ExportOptions };

/**
 * Writes the estimates into one workbook. `out` is a file path (written to a temporary file next
 * to it and renamed when complete, so a failed export leaves no half-written file) or a stream.
 */
export async function writeEstimateWorkbook(
  docs: EstimateDocument[],
  options: ExportOptions,
  out: string | Writable,
): Promise<void> {
  if (docs.length === 0) throw new RangeError('There is no estimate to export.');
  const opts = resolveExportOptions(options);
  if (typeof out !== 'string') {
    await writeWorkbook(docs, opts, out);
    return;
  }
  await writeAtomically(out, async (partial) => {
    const handle = await open(partial, 'w');
    const stream = handle.createWriteStream();
    const closed = once(stream, 'close');
    try {
      await writeWorkbook(docs, opts, stream);
      await closed;
    } catch (e) {
      stream.destroy();
      await closed.catch(() => undefined);
      throw e;
    }
  });
}

async function writeWorkbook(
  docs: EstimateDocument[],
  opts: ResolvedExportOptions,
  stream: Writable,
): Promise<void> {
  // The writer only listens for stream errors once it commits; without this an early error (disk
  // full, a closed stream) would be unhandled, and the commit would wait forever for 'finish'. The
  // sheet writers also check it between batches of rows, so a failed export stops writing.
  let streamError: Error | null = null;
  const failed = new Promise<never>((_, reject) =>
    stream.once('error', (e: Error) => {
      streamError = e;
      reject(e);
    }),
  );
  failed.catch(() => undefined);
  const check = (): void => {
    if (streamError) throw streamError;
  };

  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: true });
  (wb as unknown as { zip?: NodeJS.EventEmitter }).zip?.on('error', (e: Error) => stream.destroy(e));
  wb.creator = 'PlanDesk';
  wb.lastModifiedBy = 'PlanDesk';

  const t = translator(opts.language);
  const namer = new SheetNamer();
  const several = docs.length > 1;
  const internal = opts.kind === 'internal';
  const quoteOf = (doc: EstimateDocument, rows: EstimateRow[]): QuoteTotals =>
    quoteTotals(
      rows,
      doc.service_totals ?? {},
      currencyInfo(opts.language, doc.estimate?.currency)?.digits ?? 2,
    );
  if (several) {
    // The summary comes first, so every estimate's totals are worked out before any sheet is written.
    const entries = docs.map((doc) => ({ doc, quote: quoteOf(doc, flattenTree(doc.tree)) }));
    const styles = makeStyles(opts.language, docs[0]!.estimate?.currency ?? null);
    writeSummarySheet(wb, namer.take(t('doc.summarySheet'), ''), entries, opts.paper, t, styles);
  }
  for (const doc of docs) {
    const rows = flattenTree(doc.tree);
    const title = cleanText(doc.estimate?.name, 200) || cleanText(doc.estimate?.unique_identifier, 200);
    const mainName = namer.take(title, t('doc.quote'));
    const styles = makeStyles(opts.language, doc.estimate?.currency ?? null);
    await Promise.race([
      writeMainSheet(wb, mainName, doc, rows, opts, quoteOf(doc, rows), t, styles, check),
      failed,
    ]);
    // The sheet of ids and parent ids is for the contractor's own lookups: never in a client quote.
    if (internal) {
      const flatName = several
        ? namer.take(title, t('doc.quote'), t('doc.flatSuffix'))
        : namer.take(t('doc.itemsFlat'), '');
      await Promise.race([writeFlatSheet(wb, flatName, rows, opts, t, styles, check), failed]);
    }
  }
  await Promise.race([wb.commit(), failed]);
}
