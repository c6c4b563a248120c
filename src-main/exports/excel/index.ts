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
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { quoteTotals, type QuoteTotals } from '../../../src-shared/estimates/quote-totals';
import type { EstimateDocument, EstimateRow } from '../../../src-shared/estimates/types';
import { currencyInfo } from '../formats';
import { translator } from '../../../src-shared/i18n/catalogue';
import { flattenTree } from '../../estimates/flatten';
import { resolveExportOptions, type ExportOptions, type ResolvedExportOptions } from '../options';
import { cleanText } from '../parties';
import { SheetNamer } from '../sheet-names';
import { writeFlatSheet } from './flat-sheet';
import { writeMainSheet } from './main-sheet';
import { makeStyles } from './styles';
import { writeSummarySheet } from './summary-sheet';
import { writeWorkbookFile, type WorkbookGuard } from './workbook-file';

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
  await writeWorkbookFile(out, (wb, guard) => writeWorkbook(docs, opts, wb, guard));
}

async function writeWorkbook(
  docs: EstimateDocument[],
  opts: ResolvedExportOptions,
  wb: ExcelJS.stream.xlsx.WorkbookWriter,
  { check, race }: WorkbookGuard,
): Promise<void> {
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
    await race(writeMainSheet(wb, mainName, doc, rows, opts, quoteOf(doc, rows), t, styles, check));
    // The sheet of ids and parent ids is for the contractor's own lookups: never in a client quote.
    if (internal) {
      const flatName = several
        ? namer.take(title, t('doc.quote'), t('doc.flatSuffix'))
        : namer.take(t('doc.itemsFlat'), '');
      await race(writeFlatSheet(wb, flatName, rows, opts, t, styles, check));
    }
  }
}
