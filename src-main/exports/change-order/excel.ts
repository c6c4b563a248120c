/**
 * The change order as a workbook, from the quote's parts (excel/): the streaming writer, the same
 * styles, print setup (paper, one page wide, header row on every page, "Page n of m"), the header
 * block's company, customer and project. One sheet: the changed positions under their groups with
 * their net amount before and after and the difference (a column whose sum is a formula), then the
 * totals, each a formula over the figures above it with its exact result cached.
 */
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { translator, type Translate } from '../../../src-shared/i18n/catalogue';
import { documentFormats } from '../formats';
import { moneyFormat } from '../../../src-shared/money/format';
import { cleanText, companyLines, customerLines, projectLines } from '../parties';
import { WidestFigure } from '../widest-figure';
import {
  cellNumber,
  cellsAt,
  colLetter,
  minorNumber,
  MONEY_PAD,
  writeRow,
  type CellSpec,
} from '../excel/cells';
import { headerPairs } from '../excel/layout';
import { printSetup } from '../excel/print-setup';
import { makeStyles, type Styles } from '../excel/styles';
import { writeWorkbookFile, type SheetWriter } from '../excel/workbook-file';
import { letZipCatchUp, YIELD_EVERY } from '../excel/zip-backlog';
import type { ChangeOrder } from './model';
import { documentTitle, introText, kindText, metaPairs, noteTexts, totalsFigures } from './texts';

/** Company, customer and project (as the quote's header has them), then the change order's details. */
function titlePairs(order: ChangeOrder, t: Translate): [string, string][] {
  return [
    ...headerPairs({ estimate: order.estimate }, t, order.opts.kind, order.opts.language).left.map(
      ([label, value]) => [label, typeof value === 'string' ? value : ''] as [string, string],
    ),
    ...metaPairs(order, t),
  ].filter(([label, value]) => label !== '' || value !== '');
}

async function writeSheet(
  ws: ExcelJS.Worksheet,
  order: ChangeOrder,
  t: Translate,
  styles: Styles,
  withCode: boolean,
  pairs: [string, string][],
): Promise<void> {
  const f = documentFormats(order.opts.language, order.estimate.currency);
  const cols = withCode ? 6 : 5;
  // Columns: [code], item, what changed, before, after, difference.
  const at = {
    item: withCode ? 2 : 1,
    notes: withCode ? 3 : 2,
    before: cols - 2,
    after: cols - 1,
    diff: cols,
  };
  const D = colLetter(at.diff);

  writeRow(ws, [{ v: documentTitle(order, t), s: styles.title }], 0, 20, [{ from: 1, to: cols }]);
  for (const [label, value] of pairs) {
    writeRow(
      ws,
      [
        { v: label || null, s: styles.label },
        { v: value || null, s: styles.value },
      ],
      0,
      undefined,
      [{ from: 2, to: cols }],
    );
  }
  writeRow(ws, []);
  writeRow(ws, [{ v: introText(order, t), s: styles.text }], 0, undefined, [{ from: 1, to: cols }]);
  writeRow(ws, []);

  const header: CellSpec[] = [
    ...(withCode ? [{ v: t('doc.column.code'), s: styles.header }] : []),
    { v: t('doc.position'), s: styles.header },
    { v: t('compare.column.change'), s: styles.header },
    { v: t('doc.before'), s: styles.headerRight },
    { v: t('doc.after'), s: styles.headerRight },
    { v: t('doc.difference'), s: styles.headerRight },
  ];
  writeRow(ws, header);
  const first = headerRowOf(pairs) + 1;
  for (const [i, line] of order.lines.entries()) {
    // As the quote's sheets do: the zip keeps up with the rows, and a cancelled export stops here.
    if (i > 0 && i % YIELD_EVERY === 0) await letZipCatchUp(ws);
    const depth = Math.min(line.depth, 15);
    const cells: (CellSpec | undefined)[] = new Array(cols).fill(undefined);
    if (withCode)
      cells[0] = {
        v: cleanText(line.code, 200) || null,
        s: line.kind === 'heading' ? styles.bold : styles.text,
      };
    if (line.kind === 'heading') {
      cells[at.item - 1] = { v: cleanText(line.name, 2000) || null, s: styles.nameBold[depth] };
      writeRow(ws, cells);
      continue;
    }
    const name = [
      cleanText(line.name, 2000),
      order.columns.includes('description') ? cleanText(line.description, 2000) : '',
    ]
      .filter(Boolean)
      .join('\n');
    cells[at.item - 1] = { v: name || null, s: styles.name[depth] };
    const marker = kindText(line, t);
    cells[at.notes - 1] = {
      v: [...(marker ? [marker] : []), ...noteTexts(line, t, f, order.opts.language)].join('\n') || null,
      s: styles.text,
    };
    const exact = (d: typeof line.netFrom) => (d === null ? null : cellNumber(d.toFixed(12), order.digits));
    cells[at.before - 1] = { v: exact(line.netFrom), s: styles.money };
    cells[at.after - 1] = { v: exact(line.netTo), s: styles.money };
    cells[at.diff - 1] = { v: minorNumber(line.delta, order.digits), s: styles.moneyBold };
    writeRow(ws, cells);
  }
  const last = first + order.lines.length - 1;

  // Totals: labels merged to the left of the figures, every figure a formula over those above it.
  writeRow(ws, []);
  const figures = totalsFigures(order, t, f);
  let row = last + 2; // after the blank row
  const rowOf: Record<string, number> = {};
  const refs = (kinds: string[]) =>
    Object.entries(rowOf)
      .filter(([k]) => kinds.some((kind) => k.startsWith(kind)))
      .map(([, r]) => `${D}${r}`);
  figures.forEach((fig, i) => {
    const key = fig.kind === 'vat' ? `vat${i}` : fig.kind;
    rowOf[key] = row;
    const result = minorNumber(fig.value, order.digits);
    let value: ExcelJS.CellValue = result;
    if (fig.kind === 'lines' && order.lines.length > 0) {
      value = { formula: `SUM(${D}${first}:${D}${last})`, result };
    } else if (fig.kind === 'change') {
      value = { formula: refs(['lines', 'vat', 'rounding']).join('+') || '0', result };
    } else if (fig.kind === 'new') {
      value = { formula: `${D}${rowOf.previous}+${D}${rowOf.change}`, result };
    }
    const strong = fig.kind === 'new';
    writeRow(
      ws,
      cellsAt(cols, [
        [1, { v: fig.label, s: strong ? styles.totalsLabelBold : styles.totalsLabel }],
        [at.diff, { v: value, s: strong ? styles.moneyTotal : styles.money }],
      ]),
      0,
      undefined,
      [{ from: 1, to: at.diff - 1 }],
    );
    row++;
  });
}

/** The items table's header row: after the title, the pairs, a blank row, the introduction and a blank row. */
function headerRowOf(pairs: readonly unknown[]): number {
  return 1 + pairs.length + 3 + 1;
}

/** Writes the change order to `out` (a file path, written atomically, or a stream). */
export async function writeChangeOrderWorkbook(order: ChangeOrder, out: string | Writable): Promise<void> {
  const t = translator(order.opts.language);
  const styles = makeStyles(order.opts.language, order.estimate.currency);
  const withCode = order.columns.includes('code');
  const pairs = titlePairs(order, t);
  const headerRow = headerRowOf(pairs);
  const title = documentTitle(order, t);
  const sheet: SheetWriter = async ({ wb, namer }) => {
    const ws = wb.addWorksheet(namer.take(t('doc.changeOrder'), 'Change order'), {
      properties: { defaultRowHeight: 15 },
      views: [{ state: 'frozen', xSplit: 0, ySplit: headerRow, topLeftCell: `A${headerRow + 1}` }],
      ...printSetup(order.opts.paper, t, { landscape: false, titlesRow: headerRow, title }),
    });
    ws.columns = [
      ...(withCode ? [{ width: 14 }] : []),
      { width: 40 },
      { width: 48 },
      ...[0, 1, 2].map(() => ({ width: moneyWidth(order) })),
    ];
    await writeSheet(ws, order, t, styles, withCode, pairs);
    ws.commit();
  };
  await writeWorkbookFile(out, {
    meta: {
      title,
      subject: [projectLines(order.estimate.project).name, customerLines(order.estimate.customer).name]
        .filter(Boolean)
        .join(' – '),
      author: companyLines(order.estimate.company).name,
      language: order.opts.language,
    },
    sheets: [sheet],
  });
}

/** Characters of the widest figure the change order prints, and the cell's margins. */
function moneyWidth(order: ChangeOrder): number {
  const f = moneyFormat(order.opts.language, order.estimate.currency);
  const widest = new WidestFigure();
  for (const v of [order.previous.gross, order.next.gross, order.grossChange, order.linesTotal])
    widest.addUnits(v, order.digits);
  for (const line of order.lines) {
    widest.addUnits(line.delta, order.digits);
    for (const v of [line.netFrom, line.netTo]) if (v) widest.addText(v.toFixed(order.digits));
  }
  return Math.max(16, widest.chars(f) + MONEY_PAD);
}
