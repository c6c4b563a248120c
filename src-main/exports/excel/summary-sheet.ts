import type ExcelJS from 'exceljs';
import type { QuoteTotals } from '../../../src-shared/estimates/quote-totals';
import { statusLabelKey } from '../../../src-shared/estimates/status';
import type { Translate } from '../../../src-shared/i18n/catalogue';
import type { UiLanguage } from '../../../src-shared/i18n/languages';
import { currencyOf } from '../../../src-shared/money/currency';
import { moneyFormat } from '../../../src-shared/money/format';
import type { EstimateParts } from '../../estimates/estimate-parts';
import { cleanText, projectLines } from '../parties';
import { cellsAt, colLetter, minorNumber, MONEY_PAD, writeRow, type CellSpec } from './cells';
import { printSetup } from './print-setup';
import { makeStyles, type Style, type Styles } from './styles';

/** An estimate on the summary sheet: its header and its client totals. */
export type SummaryEntry = Pick<EstimateParts, 'doc' | 'quote'>;

/** The estimates of one currency ('' for those that name none), in the order they come. */
interface CurrencyGroup {
  code: string;
  entries: SummaryEntry[];
  styles: Styles;
  /** Its money at the top of a row (beside a name that wraps). */
  moneyTop: Style;
}

/** The currency an entry's figures are in, as the summary groups them. */
function codeOf(entry: SummaryEntry): string {
  return currencyOf(entry.doc.estimate?.currency)?.code ?? '';
}

/** Groups by currency: the one with most estimates first, then by code. */
function byCurrency(entries: readonly SummaryEntry[], language: UiLanguage): CurrencyGroup[] {
  const groups = new Map<string, SummaryEntry[]>();
  for (const e of entries) groups.set(codeOf(e), [...(groups.get(codeOf(e)) ?? []), e]);
  return [...groups.entries()]
    .map(([code, list]) => {
      const styles = makeStyles(language, code || null);
      const moneyTop: Style = { ...styles.money, alignment: { vertical: 'top' } };
      return { code, entries: list, styles, moneyTop };
    })
    .sort((a, b) => b.entries.length - a.entries.length || a.code.localeCompare(b.code));
}

const NET = 5;
const VAT = 6;
const GROSS = 7;

/**
 * The whole-project workbook's first sheet: one row per estimate (number, name, status, currency,
 * net, VAT, gross, each in its own currency's format), then one total row per currency present —
 * amounts in different currencies are never added together — each a SUMIF over the rows of its
 * currency with the exact sum cached. A project in several currencies says so under its totals.
 */
export function writeSummarySheet(
  wb: ExcelJS.stream.xlsx.WorkbookWriter,
  sheetName: string,
  entries: readonly SummaryEntry[],
  paper: 'A4' | 'Letter',
  t: Translate,
  language: UiLanguage,
): void {
  const project = projectLines(entries[0]?.doc.estimate?.project).name;
  const title = t('doc.summaryTitle', { project: project || '—' });
  const headerRow = 3;
  const groups = byCurrency(entries, language);
  const header = makeStyles(language, null);
  const ws = wb.addWorksheet(sheetName, {
    views: [
      { state: 'frozen', xSplit: 0, ySplit: headerRow, topLeftCell: `A${headerRow + 1}`, activeCell: 'A1' },
    ],
    ...printSetup(paper, t, { landscape: true, titlesRow: headerRow, title }),
  });
  const columnWidths = widths(entries, groups, t, language);
  ws.columns = columnWidths.map((width) => ({ width }));
  writeRow(ws, [{ v: title, s: header.title }], 0, 20, [{ from: 1, to: GROSS }]);
  writeRow(ws, []);
  const headings = [
    t('doc.estimateNumber'),
    t('doc.estimate'),
    t('doc.status'),
    t('doc.currency'),
    t('doc.net'),
    t('doc.vat'),
    t('doc.gross'),
  ];
  writeRow(
    ws,
    headings.map((v, i) => ({ v, s: i >= NET - 1 ? header.headerRight : header.header })),
  );
  const groupOf = new Map(groups.map((g) => [g.code, g]));
  for (const entry of entries) {
    const { doc, quote } = entry;
    const est = doc.estimate;
    const status = statusLabelKey(est?.status);
    const { moneyTop } = groupOf.get(codeOf(entry))!;
    const money = (v: bigint): CellSpec => ({ v: minorNumber(v, quote.digits), s: moneyTop });
    // A long name wraps in its column: the row is as tall as its lines (a spreadsheet does not grow it).
    const lines = Math.max(
      wrappedLines(cleanText(est?.name, 500), columnWidths[1]!),
      wrappedLines(cleanText(est?.unique_identifier, 200), columnWidths[0]!),
    );
    writeRow(
      ws,
      [
        { v: cleanText(est?.unique_identifier, 200) || null, s: header.wrapped },
        { v: cleanText(est?.name, 500) || null, s: header.wrapped },
        { v: status ? t(status) : cleanText(est?.status ?? '', 100) || null, s: header.wrapped },
        { v: codeOf(entry) || cleanText(est?.currency ?? '', 20) || null, s: header.wrapped },
        money(quote.net),
        money(quote.gross - quote.net),
        money(quote.gross),
      ],
      0,
      lines > 1 ? lines * LINE_HEIGHT : undefined,
    );
  }
  const first = headerRow + 1;
  const last = headerRow + entries.length;
  const C = colLetter(4);
  for (const group of groups) {
    const digits = group.entries[0]!.quote.digits;
    const sum = (col: number, pick: (q: QuoteTotals) => bigint): CellSpec => {
      const L = colLetter(col);
      // Exact: the minor units of this currency's estimates added as integers.
      const total = group.entries.reduce((a, e) => a + pick(e.quote), 0n);
      const criterion = group.code ? `"${group.code}"` : '""';
      return {
        v: {
          formula: `SUMIF(${C}${first}:${C}${last},${criterion},${L}${first}:${L}${last})`,
          result: minorNumber(total, digits),
        },
        s: group.styles.moneyTotal,
      };
    };
    const label = group.code ? t('doc.totalIn', { currency: group.code }) : t('doc.totalNoCurrency');
    writeRow(
      ws,
      cellsAt(GROSS, [
        [1, { v: label, s: header.totalsLabelBold }],
        [NET, sum(NET, (q) => q.net)],
        [VAT, sum(VAT, (q) => q.gross - q.net)],
        [GROSS, sum(GROSS, (q) => q.gross)],
      ]),
      0,
      undefined,
      [{ from: 1, to: NET - 1 }],
    );
  }
  if (groups.length > 1) {
    writeRow(ws, []);
    writeRow(ws, [{ v: t('doc.severalCurrencies'), s: header.warning }], 0, undefined, [
      { from: 1, to: GROSS },
    ]);
  }
  ws.commit();
}

/** Points per line of text in a row (Calibri 11, the workbook's default font). */
const LINE_HEIGHT = 15;

/** How many lines text takes when it wraps between words in a column of `width` characters. */
function wrappedLines(text: string, width: number): number {
  const room = Math.max(1, width - 2);
  let lines = 1;
  let used = 0;
  for (const word of text.split(/\s+/u).filter(Boolean)) {
    const need = used === 0 ? word.length : used + 1 + word.length;
    if (need <= room) used = need;
    else {
      lines += used === 0 ? 0 : 1;
      used = Math.min(word.length, room);
      lines += Math.floor(Math.max(0, word.length - 1) / room);
    }
  }
  return lines;
}

/** Widths in characters: names wrap at a readable width, every figure fits its currency's format. */
function widths(
  entries: readonly SummaryEntry[],
  groups: readonly CurrencyGroup[],
  t: Translate,
  language: UiLanguage,
): number[] {
  let figure = 0;
  for (const g of groups) {
    const f = moneyFormat(language, g.code || null);
    for (const e of g.entries) {
      for (const v of [e.quote.net, e.quote.gross - e.quote.net, e.quote.gross]) {
        figure = Math.max(figure, f.formatMinor(v).length);
      }
    }
    for (const pick of [(q: QuoteTotals) => q.net, (q: QuoteTotals) => q.gross]) {
      figure = Math.max(figure, f.formatMinor(g.entries.reduce((a, e) => a + pick(e.quote), 0n)).length);
    }
  }
  const longest = (values: string[], min: number, max: number): number =>
    Math.max(min, Math.min(max, ...values.map((v) => v.length + 2)));
  const est = entries.map((e) => e.doc.estimate);
  return [
    longest([t('doc.estimateNumber'), ...est.map((e) => cleanText(e?.unique_identifier, 200))], 12, 22),
    longest([t('doc.estimate'), ...est.map((e) => cleanText(e?.name, 500))], 24, 40),
    longest([t('doc.status')], 12, 16),
    longest([t('doc.currency')], 8, 12),
    ...[NET, VAT, GROSS].map(() => Math.max(14, figure + MONEY_PAD)),
  ];
}
