/**
 * The costs per room of an estimate on its plan (issue 28) as a workbook sheet, for the internal
 * worksheet and the rooms workbook alike, written by the one spreadsheet writer
 * (excel/workbook-file.ts) with the quotes' styles and print setup: a header block (estimate,
 * project, plan, currency, date, and what could not be placed when that is so), the table the screen
 * shows (costs-columns.ts), a totals row of SUM formulas whose cached results are what the cells add
 * up to, then why positions are not on the plan and the sum rule in words. The rows' amounts add up
 * to the printed total exactly, and the reasons to "Not on the plan".
 */
import { translator, type Translate } from '../../../src-shared/i18n/catalogue';
import type { UiLanguage } from '../../../src-shared/i18n/languages';
import { moneyFormat } from '../../../src-shared/money/format';
import { roomsCostsTable } from '../../../src-shared/plans/rooms-costs-table';
import type { RoomsCosts } from '../../../src-shared/plans/rooms-costs-types';
import { notOnPlanText, planProblemText } from '../../../src-shared/plans/rooms-costs-words';
import { cellNumber, cellsAt, cellText, colLetter, MONEY_PAD, writeRow, type CellSpec } from '../excel/cells';
import { printSetup } from '../excel/print-setup';
import { makeStyles, type Style, type Styles } from '../excel/styles';
import type { SheetWriter } from '../excel/workbook-file';
import { letZipCatchUp, YIELD_EVERY } from '../excel/zip-backlog';
import type { SheetNamer } from '../sheet-names';
import { WidestFigure } from '../widest-figure';
import { costsColumns, type SheetColumn } from './costs-columns';

export interface CostsSheetOptions {
  /** The document's language (labels, reasons, number formats). */
  language: UiLanguage;
  paper: 'A4' | 'Letter';
  projectName?: string | null;
  date?: Date;
  /** The sheet's name; default "Costs per room" in the language. */
  sheetName?: (namer: SheetNamer, t: Translate) => string;
}

const TOTAL: Style = { font: { bold: true }, border: { top: { style: 'thin' } } };

/** The sheet's estimate: its number and name. */
function estimateLabel(costs: RoomsCosts): string {
  return cellText([costs.estimate.uniqueIdentifier, costs.estimate.name].filter(Boolean).join(' ')) ?? '';
}

/** What the reader must know before the figures: nothing placed (and why), figures that do not agree. */
function warnings(costs: RoomsCosts, t: Translate, money: (v: string) => string): string[] {
  const out: string[] = [];
  if (costs.planProblem) out.push(planProblemText(costs.planProblem, t));
  if (!costs.totals.sumHolds) out.push(t('roomsCosts.sumBroken'));
  const service = costs.totals.serviceNet;
  if (service !== null && money(service) !== money(costs.totals.totalNet)) {
    out.push(
      t('roomsCosts.serviceNetDiffers', { service: money(service), total: money(costs.totals.totalNet) }),
    );
  }
  return out;
}

/** Widths in characters: text from its longest value, money from its widest figure as printed. */
function widths(columns: readonly SheetColumn[], costs: RoomsCosts, language: UiLanguage): number[] {
  return columns.map((c) => {
    if (c.kind === 'money') {
      const widest = new WidestFigure();
      for (const r of costs.rooms) widest.addText(r.netShown);
      widest.addText(costs.notOnPlan.netShown);
      widest.addText(costs.totals.totalShown);
      return Math.max(c.header.length + 2, widest.chars(moneyFormat(language, costs.currency)) + MONEY_PAD);
    }
    if (c.kind === 'number') return Math.max(8, c.header.length + 2, Math.min(18, c.width + 2));
    return Math.max(10, Math.min(44, c.width + 2));
  });
}

export function roomsCostsSheet(costs: RoomsCosts, options: CostsSheetOptions): SheetWriter {
  return async ({ wb, namer, guard }) => {
    const t = translator(options.language);
    const styles = makeStyles(options.language, costs.currency);
    const money = (v: string) => moneyFormat(options.language, costs.currency).formatText(v);
    const table = roomsCostsTable(costs);
    const columns = costsColumns(costs, table, t, styles);
    const width = columns.length;
    const estimate = estimateLabel(costs);
    const title = [t('roomsCosts.tab'), estimate].filter(Boolean).join(' – ');
    const facts: [string, string | Date | null][] = [
      [t('doc.estimate'), estimate],
      [t('doc.project'), cellText(options.projectName ?? null)],
      [t('doc.plan'), cellText(costs.plan?.name ?? null)],
      [t('doc.currency'), costs.currency ?? '—'],
      [t('doc.date'), options.date ?? new Date()],
    ];
    const notes = warnings(costs, t, money);
    // Title, facts, warnings, a blank row, then the table's header.
    const headerRow = 1 + facts.length + notes.length + 2;
    const name = options.sheetName?.(namer, t) ?? namer.take(t('roomsCosts.tab'), 'Costs per room');
    // The streaming writer takes the auto filter as an option (not in exceljs's types).
    const ws = wb.addWorksheet(name, {
      views: [{ state: 'frozen', xSplit: 2, ySplit: headerRow }],
      ...printSetup(options.paper, t, { landscape: width > 8, titlesRow: headerRow, title }),
      ...{ autoFilter: `A${headerRow}:${colLetter(width)}${headerRow}` },
    });
    const widest = widths(columns, costs, options.language);
    // The facts' labels stand in the first column too.
    widest[0] = Math.max(widest[0]!, ...facts.map(([label]) => label.length + 2));
    ws.columns = widest.map((w) => ({ width: w }));
    const across = [{ from: 1, to: width }];
    writeRow(ws, [{ v: title, s: styles.title }], 0, 20, across);
    for (const [label, value] of facts) {
      const v = value instanceof Date ? value : value === null ? null : { v: value, s: styles.textOnly };
      writeRow(
        ws,
        [{ v: label, s: styles.label }, v instanceof Date ? { v, s: styles.date } : (v ?? undefined)],
        0,
        undefined,
        [{ from: 2, to: Math.max(2, Math.min(width, 5)) }],
      );
    }
    for (const note of notes) writeRow(ws, [{ v: note, s: styles.warning }], 0, undefined, across);
    writeRow(ws, []);
    writeRow(
      ws,
      columns.map((c) => ({
        v: c.header,
        s: c.kind === 'number' || c.kind === 'money' ? styles.headerRight : styles.header,
      })),
    );
    for (let i = 0; i < table.rows.length; i++) {
      const row = table.rows[i]!;
      const bold = row.kind === 'not-on-plan';
      writeRow(
        ws,
        columns.map((c) => {
          const cell = c.cell(row);
          return cell && bold ? { ...cell, s: { ...cell.s, font: { bold: true } } } : cell;
        }),
      );
      if (i % YIELD_EVERY === YIELD_EVERY - 1) {
        await letZipCatchUp(ws);
        guard.check();
      }
    }
    writeTotals(ws, columns, headerRow, table.rows.length, t, styles);
    writeReasons(ws, costs, columns, t, styles, money);
    ws.commit();
  };
}

/** The totals row: a SUM of each column that adds up, its cached result what its cells come to. */
function writeTotals(
  ws: Parameters<typeof writeRow>[0],
  columns: readonly SheetColumn[],
  headerRow: number,
  rows: number,
  t: Translate,
  styles: Styles,
): void {
  const placed: [number, CellSpec][] = [[1, { v: t('doc.totalRow'), s: styles.bold }]];
  columns.forEach((c, i) => {
    if (c.total === null || rows === 0) return;
    const L = colLetter(i + 1);
    const s =
      c.kind === 'money' ? styles.moneyTotal : { ...TOTAL, ...(c.numFmt ? { numFmt: c.numFmt } : {}) };
    placed.push([
      i + 1,
      { v: { formula: `SUM(${L}${headerRow + 1}:${L}${headerRow + rows})`, result: c.total }, s },
    ]);
  });
  writeRow(ws, cellsAt(columns.length, placed));
}

/** Why positions are not on the plan, each reason with its positions and net; then the sum rule. */
function writeReasons(
  ws: Parameters<typeof writeRow>[0],
  costs: RoomsCosts,
  columns: readonly SheetColumn[],
  t: Translate,
  styles: Styles,
  money: (v: string) => string,
): void {
  const width = columns.length;
  const positionsCol = columns.findIndex((c) => c.key === 'positions') + 1;
  const netCol = columns.findIndex((c) => c.key === 'net') + 1;
  const groups = costs.notOnPlan.groups;
  if (groups.length > 0) {
    writeRow(ws, []);
    writeRow(ws, [{ v: t('roomsCosts.whyTitle'), s: styles.bold }], 0, undefined, [
      { from: 1, to: positionsCol - 1 },
    ]);
    for (const g of groups) {
      writeRow(
        ws,
        cellsAt(width, [
          [1, { v: cellText(notOnPlanText(g, t)), s: styles.textOnly }],
          [positionsCol, { v: g.positionIds.length }],
          [netCol, { v: cellNumber(g.netShown, costs.digits), s: styles.money }],
        ]),
        0,
        undefined,
        [{ from: 1, to: positionsCol - 1 }],
      );
    }
  }
  writeRow(ws, []);
  const rule = t('roomsCosts.sumRule', {
    placed: money(costs.totals.placedShown),
    off: money(costs.notOnPlan.netShown),
    total: money(costs.totals.totalShown),
  });
  writeRow(ws, [{ v: rule, s: styles.textOnly }], 0, undefined, [{ from: 1, to: width }]);
}
