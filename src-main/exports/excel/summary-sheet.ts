import type ExcelJS from 'exceljs';
import { minorUnitsText, type QuoteTotals } from '../../../src-shared/estimates/quote-totals';
import { statusLabelKey } from '../../../src-shared/estimates/status';
import type { Translate } from '../../../src-shared/i18n/catalogue';
import type { EstimateParts } from '../../estimates/estimate-parts';
import { cleanText, projectLines } from '../parties';
import { cellsAt, colLetter, writeRow, type CellSpec } from './cells';
import { printSetup } from './print-setup';
import type { Styles } from './styles';

/** An estimate on the summary sheet: its header and its client totals. */
export type SummaryEntry = Pick<EstimateParts, 'doc' | 'quote'>;

/**
 * The whole-project workbook's first sheet: one row per estimate (number, name, status, net, VAT,
 * gross) and the project's totals as formulas over those rows.
 */
export function writeSummarySheet(
  wb: ExcelJS.stream.xlsx.WorkbookWriter,
  sheetName: string,
  entries: readonly SummaryEntry[],
  paper: 'A4' | 'Letter',
  t: Translate,
  styles: Styles,
): void {
  const project = projectLines(entries[0]?.doc.estimate?.project).name;
  const title = t('doc.summaryTitle', { project: project || '—' });
  const headerRow = 3;
  const ws = wb.addWorksheet(sheetName, {
    views: [
      { state: 'frozen', xSplit: 0, ySplit: headerRow, topLeftCell: `A${headerRow + 1}`, activeCell: 'A1' },
    ],
    ...printSetup(paper, t, { landscape: false, titlesRow: headerRow, title }),
  });
  ws.columns = [16, 40, 14, 16, 16, 16].map((width) => ({ width }));
  writeRow(ws, [{ v: title, s: styles.title }], 0, 20, [{ from: 1, to: 6 }]);
  writeRow(ws, []);
  const headings = [
    t('doc.estimateNumber'),
    t('doc.estimate'),
    t('doc.status'),
    t('doc.net'),
    t('doc.vat'),
    t('doc.gross'),
  ];
  writeRow(
    ws,
    headings.map((v, i) => ({ v, s: i >= 3 ? styles.headerRight : styles.header })),
  );
  const money = (q: QuoteTotals, v: bigint): number => Number(minorUnitsText(v, q.digits));
  for (const { doc, quote } of entries) {
    const est = doc.estimate;
    const status = statusLabelKey(est?.status);
    const vat = quote.gross - quote.net;
    writeRow(ws, [
      { v: cleanText(est?.unique_identifier, 200) || null },
      { v: cleanText(est?.name, 500) || null },
      { v: status ? t(status) : cleanText(est?.status ?? '', 100) || null },
      { v: money(quote, quote.net), s: styles.money },
      { v: money(quote, vat), s: styles.money },
      { v: money(quote, quote.gross), s: styles.money },
    ]);
  }
  const first = headerRow + 1;
  const last = headerRow + entries.length;
  const sum = (col: number, pick: (q: QuoteTotals) => bigint): CellSpec => {
    const L = colLetter(col);
    // Exact: the minor units are added as integers (the estimates share the project's currency).
    const digits = entries[0]?.quote.digits ?? 2;
    const total = entries.reduce((a, e) => a + pick(e.quote), 0n);
    return {
      v: { formula: `SUM(${L}${first}:${L}${last})`, result: Number(minorUnitsText(total, digits)) },
      s: styles.moneyTotal,
    };
  };
  writeRow(
    ws,
    cellsAt(6, [
      [3, { v: t('doc.projectTotal'), s: styles.totalsLabelBold }],
      [4, sum(4, (q) => q.net)],
      [5, sum(5, (q) => q.gross - q.net)],
      [6, sum(6, (q) => q.gross)],
    ]),
  );
  ws.commit();
}
