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
import type { EstimateDocument } from '../../../src-shared/estimates/types';
import { translator } from '../../../src-shared/i18n/catalogue';
import { partsOf, type EstimateParts } from '../../estimates/estimate-parts';
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
  estimates: readonly (EstimateDocument | EstimateParts)[],
  options: ExportOptions,
  out: string | Writable,
): Promise<void> {
  if (estimates.length === 0) throw new RangeError('There is no estimate to export.');
  const opts = resolveExportOptions(options);
  // Rows and totals worked out once per estimate, for the summary and the sheets alike.
  const parts = estimates.map(partsOf);
  await writeWorkbookFile(out, (wb, guard) => writeWorkbook(parts, opts, wb, guard));
}

async function writeWorkbook(
  estimates: readonly EstimateParts[],
  opts: ResolvedExportOptions,
  wb: ExcelJS.stream.xlsx.WorkbookWriter,
  { check, race }: WorkbookGuard,
): Promise<void> {
  const t = translator(opts.language);
  const namer = new SheetNamer();
  const several = estimates.length > 1;
  const internal = opts.kind === 'internal';
  if (several) {
    const styles = makeStyles(opts.language, estimates[0]!.doc.estimate?.currency ?? null);
    writeSummarySheet(wb, namer.take(t('doc.summarySheet'), ''), estimates, opts.paper, t, styles);
  }
  for (const { doc, rows, quote } of estimates) {
    const title = cleanText(doc.estimate?.name, 200) || cleanText(doc.estimate?.unique_identifier, 200);
    const mainName = namer.take(title, t('doc.quote'));
    const styles = makeStyles(opts.language, doc.estimate?.currency ?? null);
    await race(writeMainSheet(wb, mainName, doc, rows, opts, quote, t, styles, check));
    // The sheet of ids and parent ids is for the contractor's own lookups: never in a client quote.
    if (internal) {
      const flatName = several
        ? namer.take(title, t('doc.quote'), t('doc.flatSuffix'))
        : namer.take(t('doc.itemsFlat'), '');
      await race(writeFlatSheet(wb, flatName, rows, opts, t, styles, check));
    }
  }
}
