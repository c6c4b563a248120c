/**
 * Excel export of estimates (exceljs, always through its streaming writer: rows are written and
 * released one by one, so a 20,000-item estimate needs little memory).
 *
 * Per estimate one sheet: a header block, the items as a collapsible outline (groups bold, above
 * their items, with SUBTOTAL formulas), and a totals block whose formulas add up the item rows next
 * to the service's own figures. Then a flat sheet per estimate with every item on its own row.
 *
 * Group subtotals use SUBTOTAL(9, <all rows of the group's subtree>): SUBTOTAL skips cells that are
 * themselves SUBTOTAL results, so nested group rows are not counted twice (Excel and LibreOffice
 * both do this). The formulas' cached results are the same sums, computed exactly, so a viewer that
 * does not recalculate shows the right figures too.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { open, rename, unlink } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { EstimateDocument, TotalField } from '../../src-shared/estimates/types';
import { labelsFor, statusLabel, type ExportLabels } from './labels';
import {
  companyLines,
  currencyInfo,
  customerLines,
  cleanText,
  excelDateFormat,
  flattenTree,
  projectLines,
  rootSum,
  roundedText,
  scaledUnits,
  serviceDate,
  subtreeSums,
  unitsText,
  type ItemRow,
} from './model';
import {
  COLUMN_KIND,
  isAmountColumn,
  resolveExportOptions,
  type AmountColumn,
  type ExportColumn,
  type ExportOptions,
  type ResolvedExportOptions,
} from './options';
import { SheetNamer } from './sheet-names';

export type { ExportOptions };

/** Excel shows at most 7 outline levels; deeper items stay at level 7. */
const MAX_OUTLINE = 7;
/** Excel's limit for the text of one cell. */
const MAX_CELL_TEXT = 32_767;
/** Rows written between two yields to the event loop, so the zip stream can drain. */
const YIELD_EVERY = 1000;

type Style = Partial<ExcelJS.Style>;
interface CellSpec {
  v: ExcelJS.CellValue;
  s?: Style;
}

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
  const partial = `${out}.${randomUUID().slice(0, 8)}.partial`;
  const handle = await open(partial, 'w');
  const stream = handle.createWriteStream();
  const closed = once(stream, 'close');
  try {
    await writeWorkbook(docs, opts, stream);
    await closed;
    await rename(partial, out);
  } catch (e) {
    stream.destroy();
    await closed.catch(() => undefined);
    await unlink(partial).catch(() => undefined);
    throw e;
  }
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

  const labels = labelsFor(opts.language);
  const namer = new SheetNamer();
  const several = docs.length > 1;
  for (const doc of docs) {
    const rows = flattenTree(doc.tree);
    const title = cleanText(doc.estimate?.name, 200) || cleanText(doc.estimate?.unique_identifier, 200);
    const mainName = namer.take(title, labels.quote);
    const flatName = several
      ? namer.take(title, labels.quote, labels.flatSuffix)
      : namer.take(labels.itemsFlat, '');
    const styles = makeStyles(opts, doc.estimate?.currency ?? null);
    await Promise.race([writeMainSheet(wb, mainName, doc, rows, opts, labels, styles, check), failed]);
    await Promise.race([writeFlatSheet(wb, flatName, rows, opts, labels, styles, check), failed]);
  }
  await Promise.race([wb.commit(), failed]);
}

// ---- styles -------------------------------------------------------------------------------------

interface Styles {
  title: Style;
  label: Style;
  value: Style;
  date: Style;
  header: Style;
  headerRight: Style;
  text: Style;
  bold: Style;
  /** Item names by depth, plain and bold (groups). */
  name: Style[];
  nameBold: Style[];
  money: Style;
  moneyBold: Style;
  moneyTotal: Style;
  unitPrice: Style;
  quantity: Style;
  rate: Style;
  totalsHeader: Style;
  warning: Style;
}

/** Excel number format for money in this currency: `#,##0.00 "€"`, `"$"#,##0.00`, or plain. */
function moneyFormat(opts: ResolvedExportOptions, currency: string | null, extraDigits: number): string {
  const info = currencyInfo(opts.language, currency);
  const digits = info ? info.digits : 2;
  const number =
    '#,##0' + (digits + extraDigits > 0 ? '.' + '0'.repeat(digits) + '#'.repeat(extraDigits) : '');
  if (!info) return number;
  const symbol = `"${info.symbol.replace(/"/g, '')}"`;
  return info.prefix
    ? `${symbol}${info.gap ? '" "' : ''}${number}`
    : `${number}${info.gap ? '" "' : ''}${symbol}`;
}

// One object per style, shared by every cell that has it: exceljs then maps it to its style id
// through a WeakMap instead of serialising it again for each cell.
function makeStyles(opts: ResolvedExportOptions, currency: string | null): Styles {
  const money = moneyFormat(opts, currency, 0);
  const grey = { argb: 'FF4B5563' };
  const headerBase: Style = {
    font: { bold: true, color: { argb: 'FF111827' } },
    fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE5E7EB' } },
    border: { bottom: { style: 'thin', color: { argb: 'FF6B7280' } } },
    alignment: { vertical: 'middle', wrapText: true },
  };
  const name: Style[] = [];
  const nameBold: Style[] = [];
  for (let depth = 0; depth <= 15; depth++) {
    name.push({ alignment: { indent: depth } });
    nameBold.push({ font: { bold: true }, alignment: { indent: depth } });
  }
  return {
    title: { font: { bold: true, size: 14 } },
    label: { font: { bold: true, color: grey } },
    value: {},
    date: { numFmt: excelDateFormat(opts.language), alignment: { horizontal: 'left' } },
    header: headerBase,
    headerRight: { ...headerBase, alignment: { vertical: 'middle', horizontal: 'right', wrapText: true } },
    text: {},
    bold: { font: { bold: true } },
    name,
    nameBold,
    money: { numFmt: money },
    moneyBold: { numFmt: money, font: { bold: true } },
    moneyTotal: {
      numFmt: money,
      font: { bold: true },
      border: { top: { style: 'thin' }, bottom: { style: 'double' } },
    },
    unitPrice: { numFmt: moneyFormat(opts, currency, 2) },
    quantity: { numFmt: '#,##0.00#' },
    rate: { numFmt: '0.0#%' },
    totalsHeader: { font: { bold: true, color: grey }, alignment: { horizontal: 'right' } },
    warning: { font: { color: { argb: 'FF9A3412' } } },
  };
}

// ---- cell values --------------------------------------------------------------------------------

/**
 * A number for a numeric cell. Excel stores numbers as binary floats, so the exact decimal is first
 * rounded to `scale` fractional digits AS A STRING; Number() of a decimal string with at most 15
 * significant digits gives the double nearest to it, which prints back as exactly that string: the
 * cell holds the value exact to the cent (up to about 10^13 for money).
 */
function cellNumber(value: string | null | undefined, scale: number): number | null {
  const text = roundedText(value, scale);
  return text === null ? null : Number(text);
}

/** A sum in cents (exact integer) as a cell number, by the same route. */
function centsNumber(cents: bigint): number {
  return Number(unitsText(cents, 2));
}

function cellText(value: unknown): string | null {
  const s = cleanText(value, MAX_CELL_TEXT);
  return s === '' ? null : s;
}

/** A1 column letters for a 1-based column index. */
function colLetter(index: number): string {
  let s = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

const UNSTYLED: Style = {};

function writeRow(
  ws: ExcelJS.Worksheet,
  cells: (CellSpec | undefined)[],
  outlineLevel = 0,
  height?: number,
): void {
  const row = ws.addRow([]);
  for (let i = 0; i < cells.length; i++) {
    const spec = cells[i];
    if (spec === undefined || spec.v === null || spec.v === undefined) continue;
    const cell = row.getCell(i + 1);
    cell.value = spec.v;
    // Always a shared style object: exceljs looks shared objects up in a WeakMap, and would
    // serialise a fresh {} for each cell.
    cell.style = spec.s ?? UNSTYLED;
  }
  if (outlineLevel > 0) row.outlineLevel = outlineLevel;
  if (height !== undefined) row.height = height;
  row.commit();
}

function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** An item's value in a column, with its style (groups get their subtotal elsewhere). */
function itemCell(column: ExportColumn, row: ItemRow, styles: Styles): CellSpec | undefined {
  const node = row.node;
  switch (COLUMN_KIND[column]) {
    case 'text': {
      const v = cellText(node[column as 'code']);
      if (column === 'name') {
        const depth = Math.min(row.depth, 15);
        return { v, s: row.isGroup ? styles.nameBold[depth] : styles.name[depth] };
      }
      if (v === null) return undefined;
      return { v, s: row.isGroup ? styles.bold : styles.text };
    }
    case 'quantity':
      return row.isGroup ? undefined : { v: cellNumber(node.quantity, 6), s: styles.quantity };
    case 'unit-price':
      return row.isGroup
        ? undefined
        : { v: cellNumber(node[column as 'labor_unit_price'], 4), s: styles.unitPrice };
    case 'rate':
      return row.isGroup ? undefined : { v: cellNumber(node.tax, 6), s: styles.rate };
    case 'amount':
      return { v: cellNumber(node[column as AmountColumn], 2), s: styles.money };
  }
}

// ---- column widths ------------------------------------------------------------------------------

const WIDTH: Record<ExportColumn, [min: number, max: number]> = {
  code: [8, 24],
  name: [24, 60],
  description: [16, 60],
  quantity: [10, 14],
  unit: [6, 12],
  labor_unit_price: [13, 20],
  equipment_unit_price: [13, 20],
  material_unit_price: [13, 20],
  other_unit_price: [13, 20],
  labor_cost: [13, 20],
  equipment_cost: [13, 20],
  material_cost: [13, 20],
  other_cost: [13, 20],
  total_cost: [13, 20],
  markup: [13, 20],
  discount: [13, 20],
  tax: [10, 12],
  total: [14, 20],
  internal_notes: [16, 50],
};

/** Column widths from the content (text length; digits of the largest total), within bounds. */
function columnWidths(
  columns: readonly ExportColumn[],
  rows: readonly ItemRow[],
  largestCents: bigint,
): number[] {
  const digits = Math.max(1, (largestCents / 100n).toString().replace('-', '').length);
  const moneyWidth = digits + Math.floor((digits - 1) / 3) + 7;
  return columns.map((column) => {
    const [min, max] = WIDTH[column];
    let want = min;
    if (COLUMN_KIND[column] === 'text') {
      for (const row of rows) {
        const v = row.node[column as 'name'];
        const len = (typeof v === 'string' ? v.length : 0) + (column === 'name' ? 2 * row.depth : 0) + 2;
        if (len > want) want = len;
        if (want >= max) break;
      }
    } else if (COLUMN_KIND[column] === 'amount' || COLUMN_KIND[column] === 'unit-price') {
      want = moneyWidth;
    }
    return Math.max(min, Math.min(max, want));
  });
}

// ---- the estimate sheet -------------------------------------------------------------------------

const TOTAL_COLUMN: Partial<Record<TotalField, AmountColumn>> = {
  labor_costs_total: 'labor_cost',
  equipment_costs_total: 'equipment_cost',
  material_costs_total: 'material_cost',
  other_costs_total: 'other_cost',
  costs_total: 'total_cost',
  markup_total: 'markup',
  discount_total: 'discount',
  total: 'total',
};

async function writeMainSheet(
  wb: ExcelJS.stream.xlsx.WorkbookWriter,
  sheetName: string,
  doc: EstimateDocument,
  rows: ItemRow[],
  opts: ResolvedExportOptions,
  labels: ExportLabels,
  styles: Styles,
  check: () => void,
): Promise<void> {
  const columns = opts.columns;
  const est = doc.estimate ?? ({} as Partial<EstimateDocument['estimate']>);
  const amountColumns = columns.filter(isAmountColumn);
  // Sums in cents of the cent-rounded values: what the formulas add up.
  const sums = subtreeSums(rows, amountColumns, 2);
  const wholeSum = (column: AmountColumn): bigint => rootSum(rows, sums.get(column) as bigint[]);

  // Header block: label/value pairs, in two blocks side by side when the table is wide enough.
  const company = companyLines(est.company);
  const customer = customerLines(est.customer);
  const project = projectLines(est.project);
  const left: [string, ExcelJS.CellValue][] = [
    [labels.company, [company.name, company.place].filter(Boolean).join(', ')],
    [labels.customer, [customer.name, customer.company].filter(Boolean).join(', ')],
    [labels.address, [customer.street, customer.place, customer.country].filter(Boolean).join(', ')],
    [labels.project, project.name],
    ['', project.address],
  ];
  const dateValue = (s: string | null | undefined): ExcelJS.CellValue =>
    serviceDate(s) ?? (cleanText(s ?? '', 100) || null);
  const right: [string, ExcelJS.CellValue][] = [
    [labels.estimateNumber, cleanText(est.unique_identifier, 200)],
    [labels.issueDate, dateValue(est.date_issue)],
    [labels.validUntil, dateValue(est.date_valid_until)],
    [labels.status, statusLabel(labels, est.status ?? null)],
    [labels.currency, cleanText(est.currency, 20)],
  ];
  const sideBySide = columns.length >= 5;
  const rightCol = sideBySide ? 4 : 1;
  const pairRows = sideBySide ? Math.max(left.length, right.length) : left.length + right.length;
  const headerRow = 1 + pairRows + 2;
  const firstItem = headerRow + 1;
  const lastItem = headerRow + rows.length;

  // Totals block placement: labels under the name column, figures under the total column and the
  // service's figures right of it.
  const colOf = (c: ExportColumn): number => columns.indexOf(c) + 1;
  const labelCol = colOf('name') > 0 ? colOf('name') : 1;
  let valueCol = colOf('total') > 0 ? colOf('total') : columns.length + 1;
  if (valueCol <= labelCol) valueCol = labelCol + 1;
  // A client copy shows one column of figures; internal exports put the service's own figures
  // beside the sheet's, so a difference stands out.
  const serviceCol = opts.clientCopy ? 0 : valueCol + 1;
  const sheetCols = Math.max(columns.length, valueCol, serviceCol);

  let largest = 0n;
  for (const column of amountColumns) {
    const v = wholeSum(column);
    const abs = v < 0n ? -v : v;
    if (abs > largest) largest = abs;
  }
  const widths = columnWidths(columns, rows, largest);
  while (widths.length < sheetCols) widths.push(16);
  // The header block's label columns must fit their labels (their right neighbours hold values).
  const fit = (col: number, texts: string[]): void => {
    const need = Math.max(...texts.map((t) => t.length + 2));
    widths[col - 1] = Math.min(30, Math.max(widths[col - 1] ?? 10, need));
  };
  fit(
    1,
    (sideBySide ? left : [...left, ...right]).map(([l]) => l),
  );
  if (sideBySide)
    fit(
      rightCol,
      right.map(([l]) => l),
    );
  if (serviceCol > 0) {
    widths[serviceCol - 1] = Math.max(
      widths[serviceCol - 1] ?? 0,
      widths[valueCol - 1] ?? 14,
      labels.perService.length + 2,
    );
    widths[valueCol - 1] = Math.max(widths[valueCol - 1] ?? 0, labels.calculated.length + 2);
  } else {
    widths[valueCol - 1] = Math.max(widths[valueCol - 1] ?? 0, 14);
  }

  const maxDepth = rows.reduce((m, r) => Math.max(m, r.depth), 0);
  const ws = wb.addWorksheet(sheetName, {
    properties: {
      defaultRowHeight: 15,
      outlineLevelRow: Math.min(maxDepth, MAX_OUTLINE),
      // Group rows sit above their items; the outline buttons belong to them.
      outlineProperties: { summaryBelow: false, summaryRight: false },
    },
    views: [
      {
        state: 'frozen',
        xSplit: 0,
        ySplit: headerRow,
        topLeftCell: `A${firstItem}`,
        activeCell: `A${firstItem}`,
      },
    ],
    pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, paperSize: 9 },
  });
  ws.columns = widths.map((width) => ({ width }));

  // Title and header block.
  const title = [cleanText(est.unique_identifier, 200), cleanText(est.name, 500)].filter(Boolean).join(' – ');
  writeRow(ws, [{ v: `${labels.quote} ${title}`.trim(), s: styles.title }], 0, 20);
  const pairCell = (value: ExcelJS.CellValue): CellSpec => ({
    v: value === '' ? null : value,
    s: value instanceof Date ? styles.date : styles.value,
  });
  if (sideBySide) {
    for (let i = 0; i < pairRows; i++) {
      const cells: (CellSpec | undefined)[] = [];
      const l = left[i];
      const r = right[i];
      if (l) {
        cells[0] = { v: l[0] || null, s: styles.label };
        cells[1] = pairCell(l[1]);
      }
      if (r) {
        cells[rightCol - 1] = { v: r[0], s: styles.label };
        cells[rightCol] = pairCell(r[1]);
      }
      writeRow(ws, cells);
    }
  } else {
    for (const [l, v] of [...left, ...right]) writeRow(ws, [{ v: l || null, s: styles.label }, pairCell(v)]);
  }
  writeRow(ws, []);

  // Items table header.
  const headerCells = columns.map((c) => ({
    v: labels.columns[c],
    s: COLUMN_KIND[c] === 'text' ? styles.header : styles.headerRight,
  }));
  const wraps = columns.some((c, i) => labels.columns[c].length + 1 > (widths[i] ?? 10));
  writeRow(ws, headerCells, 0, wraps ? 30 : 18);

  // Items.
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as ItemRow;
    const r = firstItem + i;
    const cells = columns.map((column, c): CellSpec | undefined => {
      if (!row.isGroup || !isAmountColumn(column)) return itemCell(column, row, styles);
      const sum = (sums.get(column) as bigint[])[i] as bigint;
      if (row.end === i) return { v: 0, s: styles.moneyBold };
      const L = colLetter(c + 1);
      return {
        v: { formula: `SUBTOTAL(9,${L}${r + 1}:${L}${r + row.end - i})`, result: centsNumber(sum) },
        s: styles.moneyBold,
      };
    });
    writeRow(ws, cells, Math.min(row.depth, MAX_OUTLINE));
    if (i % YIELD_EVERY === YIELD_EVERY - 1) {
      await yieldToLoop();
      check();
    }
  }
  writeRow(ws, []);

  // Totals block.
  writeRow(
    ws,
    cellsAt(sheetCols, [
      [labelCol, { v: labels.totalsHeading, s: styles.bold }],
      ...(serviceCol > 0
        ? ([
            [valueCol, { v: labels.calculated, s: styles.totalsHeader }],
            [serviceCol, { v: labels.perService, s: styles.totalsHeader }],
          ] as [number, CellSpec][])
        : []),
    ]),
  );
  const fields: TotalField[] = [];
  for (const field of [
    'labor_costs_total',
    'equipment_costs_total',
    'material_costs_total',
    'other_costs_total',
    'costs_total',
    'markup_total',
    'discount_total',
  ] as const) {
    if (columns.includes(TOTAL_COLUMN[field] as ExportColumn)) fields.push(field);
  }
  fields.push('subtotal_without_tax', 'tax_total', 'total');
  const totalsStart = headerRow + rows.length + 3;
  const rowOf = (field: TotalField): number => totalsStart + fields.indexOf(field);
  const ref = (field: TotalField): string => `${colLetter(valueCol)}${rowOf(field)}`;
  const service = (field: TotalField): string | undefined => doc.service_totals?.[field];
  const fallback = (field: TotalField): bigint =>
    scaledUnits(service(field), 2) ?? scaledUnits(doc.computed_totals?.[field], 2) ?? 0n;
  interface Figure {
    cell: ExcelJS.CellValue;
    /** Cents. */
    value: bigint;
  }
  const formula = (f: string, value: bigint): Figure => ({
    cell: { formula: f, result: centsNumber(value) },
    value,
  });
  const plain = (value: bigint): Figure => ({ cell: centsNumber(value), value });
  const figures = new Map<TotalField, Figure>();
  for (const field of fields) {
    const column = TOTAL_COLUMN[field];
    if (!column) continue;
    if (columns.includes(column) && rows.length > 0) {
      const L = colLetter(colOf(column));
      figures.set(field, formula(`SUBTOTAL(9,${L}${firstItem}:${L}${lastItem})`, wholeSum(column)));
    } else {
      figures.set(field, plain(fallback(field)));
    }
  }
  const total = figures.get('total') as Figure;
  const taxFrom = ['total', 'costs_total', 'markup_total', 'discount_total'] as const;
  if (
    rows.length > 0 &&
    taxFrom.every((f) => figures.has(f) && columns.includes(TOTAL_COLUMN[f] as ExportColumn))
  ) {
    // The service's definition: tax = Σ (total − total cost − markup + discount) over the positions.
    const [t, c, m, d] = taxFrom.map((f) => (figures.get(f) as Figure).value) as [
      bigint,
      bigint,
      bigint,
      bigint,
    ];
    figures.set(
      'tax_total',
      formula(
        `${ref('total')}-${ref('costs_total')}-${ref('markup_total')}+${ref('discount_total')}`,
        t - c - m + d,
      ),
    );
  } else {
    // Without the cost columns the sheet cannot derive the tax: the service's figure.
    figures.set('tax_total', plain(fallback('tax_total')));
  }
  const tax = figures.get('tax_total') as Figure;
  figures.set(
    'subtotal_without_tax',
    formula(`${ref('total')}-${ref('tax_total')}`, total.value - tax.value),
  );
  for (const field of fields) {
    const isTotal = field === 'total';
    const serviceValue = cellNumber(service(field), 2);
    writeRow(
      ws,
      cellsAt(sheetCols, [
        [labelCol, { v: labels.totals[field], s: isTotal ? styles.bold : styles.value }],
        [valueCol, { v: (figures.get(field) as Figure).cell, s: isTotal ? styles.moneyTotal : styles.money }],
        ...(serviceCol > 0
          ? ([[serviceCol, { v: serviceValue, s: isTotal ? styles.moneyTotal : styles.money }]] as [
              number,
              CellSpec,
            ][])
          : []),
      ]),
    );
  }

  // Warnings (internal exports only: a message may quote internal details).
  if (!opts.clientCopy && Array.isArray(doc.warnings) && doc.warnings.length > 0) {
    writeRow(ws, []);
    writeRow(ws, cellsAt(sheetCols, [[labelCol, { v: labels.warnings, s: styles.bold }]]));
    for (const w of doc.warnings) {
      writeRow(ws, cellsAt(sheetCols, [[labelCol, { v: cellText(w?.message), s: styles.warning }]]));
    }
  }
  ws.commit();
}

function cellsAt(width: number, placed: [col: number, cell: CellSpec][]): (CellSpec | undefined)[] {
  const cells: (CellSpec | undefined)[] = new Array(width).fill(undefined);
  for (const [col, cell] of placed) cells[col - 1] = cell;
  return cells;
}

// ---- the flat sheet -----------------------------------------------------------------------------

async function writeFlatSheet(
  wb: ExcelJS.stream.xlsx.WorkbookWriter,
  sheetName: string,
  rows: ItemRow[],
  opts: ResolvedExportOptions,
  labels: ExportLabels,
  styles: Styles,
  check: () => void,
): Promise<void> {
  const columns: ExportColumn[] = [
    'code',
    'name',
    ...opts.columns.filter((c) => c !== 'code' && c !== 'name'),
  ];
  const fixed = [labels.id, labels.parentId, labels.path, labels.level, labels.type];
  const width = fixed.length + columns.length;
  const widths = [38, 38, 10, 7, 10, ...columnWidths(columns, rows, 1_000_000_000n)];
  // The streaming writer takes the auto filter as an option (not in exceljs's types).
  const sheetOptions: Partial<ExcelJS.AddWorksheetOptions> & { autoFilter: string } = {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
    autoFilter: `A1:${colLetter(width)}1`,
  };
  const ws = wb.addWorksheet(sheetName, sheetOptions);
  ws.columns = widths.map((w) => ({ width: w }));
  writeRow(ws, [
    ...fixed.map((v) => ({ v, s: styles.header })),
    ...columns.map((c) => ({
      v: labels.columns[c],
      s: COLUMN_KIND[c] === 'text' ? styles.header : styles.headerRight,
    })),
  ]);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as ItemRow;
    const node = row.node;
    const cells: (CellSpec | undefined)[] = [
      { v: cellText(node.id) },
      { v: cellText(node.parent_id) },
      { v: row.path },
      { v: row.depth + 1 },
      { v: row.isGroup ? labels.group : labels.position, s: row.isGroup ? styles.bold : styles.text },
    ];
    for (const column of columns) {
      const kind = COLUMN_KIND[column];
      if (kind === 'text') {
        cells.push({ v: cellText(node[column as 'name']), s: row.isGroup ? styles.bold : styles.text });
      } else if (kind === 'amount') {
        // The service's own figure, for groups too.
        cells.push({
          v: cellNumber(node[column as AmountColumn], 2),
          s: row.isGroup ? styles.moneyBold : styles.money,
        });
      } else {
        cells.push(itemCell(column, row, styles));
      }
    }
    writeRow(ws, cells);
    if (i % YIELD_EVERY === YIELD_EVERY - 1) {
      await yieldToLoop();
      check();
    }
  }
  ws.commit();
}
