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
import type { EstimateDocument } from '../../../src-shared/estimates/types';
import { translator } from '../../../src-shared/i18n/catalogue';
import { partsOf, type EstimateParts } from '../../estimates/estimate-parts';
import { resolveExportOptions, type ExportOptions, type ResolvedExportOptions } from '../options';
import { cleanText, companyLines, customerLines, projectLines } from '../parties';
import { documentTitle } from '../titles';
import { writeFlatSheet } from './flat-sheet';
import { writeMainSheet } from './main-sheet';
import { makeStyles } from './styles';
import { writeSummarySheet } from './summary-sheet';
import { writeWorkbookFile, type SheetWriter, type WorkbookMeta } from './workbook-file';
import { roomsCostsSheet } from '../rooms/costs-sheet';
import type { RoomsCosts } from '../../../src-shared/plans/rooms-costs-types';

export type { ExportOptions };

/**
 * Writes the estimates into one workbook. `out` is a file path (written to a temporary file next
 * to it and renamed when complete, so a failed export leaves no half-written file) or a stream.
 */
export async function writeEstimateWorkbook(
  estimates: readonly (EstimateDocument | EstimateParts)[],
  options: ExportOptions,
  out: string | Writable,
  /** Per estimate, its costs per room (for an internal worksheet that asked for them; else none). */
  roomsCosts: readonly (RoomsCosts | null)[] = [],
): Promise<void> {
  if (estimates.length === 0) throw new RangeError('There is no estimate to export.');
  const opts = resolveExportOptions(options);
  // Rows and totals worked out once per estimate, for the summary and the sheets alike.
  const parts = estimates.map(partsOf);
  const sheets = estimateSheets(parts, opts, opts.roomsCosts ? roomsCosts : []);
  await writeWorkbookFile(out, { meta: workbookMeta(parts, opts), sheets });
}

/** The workbook's properties: what it is (title, subject), who sends it, its language. */
function workbookMeta(estimates: readonly EstimateParts[], opts: ResolvedExportOptions): WorkbookMeta {
  const t = translator(opts.language);
  const first = estimates[0]!.doc;
  const project = projectLines(first.estimate?.project).name;
  return {
    title:
      estimates.length > 1
        ? t('doc.summaryTitle', { project: project || '—' })
        : documentTitle(first, t, opts.kind),
    subject: [project, customerLines(first.estimate?.customer).name].filter(Boolean).join(' – '),
    author: companyLines(first.estimate?.company).name,
    language: opts.language,
  };
}

/**
 * The sheets, in order: the summary when there are several estimates, then per estimate its sheet
 * (header, items, totals) and, in an internal worksheet, its flat list of items and, when asked for,
 * its costs per room.
 */
function estimateSheets(
  estimates: readonly EstimateParts[],
  opts: ResolvedExportOptions,
  roomsCosts: readonly (RoomsCosts | null)[],
): SheetWriter[] {
  const t = translator(opts.language);
  const several = estimates.length > 1;
  const sheets: SheetWriter[] = [];
  if (several) {
    sheets.push(({ wb, namer }) =>
      writeSummarySheet(wb, namer.take(t('doc.summarySheet'), ''), estimates, opts.paper, t, opts.language),
    );
  }
  estimates.forEach(({ doc, rows, quote }, i) => {
    const title = cleanText(doc.estimate?.name, 200) || cleanText(doc.estimate?.unique_identifier, 200);
    const styles = makeStyles(opts.language, doc.estimate?.currency ?? null);
    sheets.push(({ wb, namer, guard }) =>
      writeMainSheet(wb, namer.take(title, t('doc.quote')), doc, rows, opts, quote, t, styles, guard.check),
    );
    // The sheet of ids and parent ids is for the contractor's own lookups: never in a client quote.
    if (opts.kind === 'internal') {
      sheets.push(({ wb, namer, guard }) => {
        const flatName = several
          ? namer.take(title, t('doc.quote'), t('doc.flatSuffix'))
          : namer.take(t('doc.itemsFlat'), '');
        return writeFlatSheet(
          wb,
          flatName,
          rows,
          opts,
          t,
          styles,
          guard.check,
          doc.estimate?.currency ?? null,
        );
      });
      const costs = roomsCosts[i];
      // The per-room figures are the contractor's own working: never in a client document.
      if (costs) sheets.push(roomsCostsSheetOf(costs, opts, doc, several ? title : null));
    }
  });
  return sheets;
}

/** An estimate's costs per room as a sheet, named after the estimate in a workbook of several. */
function roomsCostsSheetOf(
  costs: RoomsCosts,
  opts: ResolvedExportOptions,
  doc: EstimateParts['doc'],
  title: string | null,
): SheetWriter {
  return roomsCostsSheet(costs, {
    language: opts.language,
    paper: opts.paper,
    projectName: projectLines(doc.estimate?.project).name || null,
    ...(title === null
      ? {}
      : { sheetName: (namer, t) => namer.take(title, t('doc.quote'), t('doc.roomsCostsSuffix')) }),
  });
}
