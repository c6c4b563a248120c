/**
 * PDF export of one estimate (pdfmake 0.3, server API): a client-ready quote. Company block with
 * logo, customer and project, quote metadata, opening statement, the items table (group headings
 * indented by depth, group subtotals, the header row repeated on every page), the totals, the
 * closing statement, and "Page n of m" in the UI language. Fonts are Roboto, embedded from pdfmake's
 * own TTF files (they cover ä ß é ø ñ ç and the rest of Latin-1 / Latin Extended-A).
 */
import { existsSync } from 'node:fs';
import { rename, unlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';
import { randomUUID } from 'node:crypto';
import pdfmake from 'pdfmake';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { Decimal } from '../../src-shared/money/decimal';
import type { EstimateDocument, TotalField } from '../../src-shared/estimates/types';
import { checkImage, type CheckedImage } from './images';
import { labelsFor, statusLabel, type ExportLabels } from './labels';
import {
  cleanText,
  companyLines,
  customerLines,
  dec,
  flattenTree,
  formatDate,
  MoneyFormat,
  projectLines,
  QuantityFormat,
  RateFormat,
  singleTaxRate,
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

export interface PdfOptions extends ExportOptions {
  /**
   * Logo (`company.logo_url`) and watermark (`company.watermark_url`) bytes, PNG or JPEG, fetched
   * by the caller with the service's headers. An image that is not valid is left out.
   */
  images?: { logo?: Uint8Array | null; watermark?: Uint8Array | null };
  /** A folder holding Roboto-Regular/-Medium/-Italic/-MediumItalic.ttf; default pdfmake's own. */
  fontDir?: string;
  /** Called when something was left out (an unusable image); never with secrets. */
  onNotice?: (message: string) => void;
}

// ---- fonts --------------------------------------------------------------------------------------

const FONT_FILES = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
} as const;

function hasFonts(dir: string): boolean {
  return Object.values(FONT_FILES).every((f) => existsSync(join(dir, f)));
}

function walkUp(start: string): string[] {
  const dirs: string[] = [];
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    dirs.push(dir);
    if (dirname(dir) === dir) return dirs;
  }
}

/** pdfmake's Roboto folder: through module resolution, else upwards from the cwd and this file. */
export function findFontDir(explicit?: string): string {
  const candidates: string[] = [];
  if (explicit) candidates.push(explicit);
  const env = process.env.PLANDESK_PDF_FONTS;
  if (env) candidates.push(env);
  const bases = [process.cwd(), ...(typeof __dirname === 'string' ? [__dirname] : [])];
  for (const base of bases) {
    try {
      const pkg = createRequire(join(base, 'noop.js')).resolve('pdfmake/package.json');
      candidates.push(join(dirname(pkg), 'build', 'fonts', 'Roboto'), join(dirname(pkg), 'fonts', 'Roboto'));
    } catch {
      // Not resolvable from here; try the folders below.
    }
    for (const dir of walkUp(base)) {
      candidates.push(join(dir, 'node_modules', 'pdfmake', 'build', 'fonts', 'Roboto'));
    }
  }
  const found = candidates.find(hasFonts);
  if (!found)
    throw new Error(`The PDF fonts (Roboto) were not found; looked in: ${candidates.slice(0, 6).join(', ')}`);
  return found;
}

/**
 * pdfmake is a process-wide singleton: fonts by path, no URL fetching at all, and local file reads
 * only inside the font folder (images come as data: URLs, which need neither).
 */
function configurePdfmake(fontDir: string): void {
  const root = resolve(fontDir) + sep;
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => resolve(path).startsWith(root));
  pdfmake.setFonts({
    Roboto: {
      normal: join(fontDir, FONT_FILES.normal),
      bold: join(fontDir, FONT_FILES.bold),
      italics: join(fontDir, FONT_FILES.italics),
      bolditalics: join(fontDir, FONT_FILES.bolditalics),
    },
  });
}

// ---- text ---------------------------------------------------------------------------------------

/**
 * Text for the PDF: Roboto has no U+202F (narrow no-break space, which Intl puts in French numbers),
 * so it becomes U+00A0; words longer than a column get break opportunities (zero-width spaces) so
 * pdfmake can wrap them instead of running over the next column.
 */
function pdfText(value: unknown, max = 4_000): string {
  return cleanText(value, max)
    .replace(/\u202f/g, '\u00a0')
    .replace(/[^\s\u200b]{30,}/g, (word) => word.replace(/(.{20})/gu, '$1\u200b'));
}

// ---- layout -------------------------------------------------------------------------------------

const COLORS = {
  text: '#1f2937',
  muted: '#6b7280',
  accent: '#1e3a5f',
  rule: '#d1d5db',
  headerFill: '#e5e7eb',
  groupFill: ['#eef2f7', '#f4f6f9', '#f8f9fb'],
  note: '#9a3412',
};

const TABLE_FONT = 8;
/** Usable width (page minus 40 pt margins) of each page choice. */
const PAGE = {
  A4: { portrait: 515, landscape: 762 },
  A3: { landscape: 1110 },
};
const MIN_TEXT_COLUMN = 150;
/** Cell padding left and right, plus a little slack. */
const CELL_PAD = 8;

/** Roughly how wide Roboto sets `text` at `size` pt (for column widths; the table wraps anyway). */
function textWidth(text: string, size: number): number {
  let em = 0;
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') em += 0.562;
    else if (ch === '.' || ch === ',' || ch === "'" || ch === ':') em += 0.25;
    else if (/\s/u.test(ch)) em += 0.25;
    else if (ch >= 'A' && ch <= 'Z') em += 0.65;
    else em += 0.56;
  }
  return em * size;
}

interface Column {
  key: ExportColumn;
  width: number | '*';
  numeric: boolean;
}

interface Formats {
  money: MoneyFormat;
  quantity: QuantityFormat;
  rate: RateFormat;
}

/**
 * The table's columns: name, description and internal notes share one text column (the quote's
 * usual layout: the name, the description under it, the note in italics); the rest get widths from
 * their content.
 */
function tableColumns(opts: ResolvedExportOptions, widest: { money: string; code: string }): Column[] {
  const textKeys: ExportColumn[] = ['name', 'description', 'internal_notes'];
  const textKey = textKeys.find((k) => opts.columns.includes(k)) ?? null;
  const moneyWidth = Math.max(44, textWidth(widest.money, TABLE_FONT) + CELL_PAD);
  const columns: Column[] = [];
  for (const key of opts.columns) {
    if (textKeys.includes(key)) {
      if (key === textKey) columns.push({ key, width: '*', numeric: false });
      continue;
    }
    const kind = COLUMN_KIND[key];
    let width: number;
    if (key === 'code') width = Math.min(90, Math.max(30, textWidth(widest.code, TABLE_FONT) + CELL_PAD));
    else if (key === 'unit') width = 30;
    else if (kind === 'quantity') width = 40;
    else if (kind === 'rate') width = 34;
    else width = moneyWidth;
    columns.push({ key, width, numeric: key !== 'code' && key !== 'unit' });
  }
  return columns;
}

/** A4 portrait when the columns fit, else A4 landscape, else A3 landscape. */
function pageFor(columns: readonly Column[]): {
  size: 'A4' | 'A3';
  orientation: 'portrait' | 'landscape';
  width: number;
} {
  const fixed = columns.reduce((s, c) => s + (c.width === '*' ? 0 : c.width), 0);
  const need = fixed + MIN_TEXT_COLUMN;
  if (need <= PAGE.A4.portrait) return { size: 'A4', orientation: 'portrait', width: PAGE.A4.portrait };
  if (need <= PAGE.A4.landscape) return { size: 'A4', orientation: 'landscape', width: PAGE.A4.landscape };
  return { size: 'A3', orientation: 'landscape', width: PAGE.A3.landscape };
}

function money(formats: Formats, units: bigint | null, scale: number): string {
  return units === null ? '' : formats.money.format(Decimal.parse(unitsText(units, scale)));
}

const EXACT = 12;

function itemCells(
  row: ItemRow,
  columns: readonly Column[],
  opts: ResolvedExportOptions,
  labels: ExportLabels,
  formats: Formats,
): TableCell[] {
  const node = row.node;
  const indent = Math.min(row.depth, 6) * 8;
  return columns.map((column): TableCell => {
    const key = column.key;
    if (column.width === '*') {
      const stack: Content[] = [];
      if (opts.columns.includes('name')) stack.push({ text: pdfText(node.name) });
      if (opts.columns.includes('description') && node.description) {
        stack.push({ text: pdfText(node.description), color: COLORS.muted, fontSize: TABLE_FONT - 0.5 });
      }
      if (opts.columns.includes('internal_notes') && node.internal_notes) {
        stack.push({
          text: `${labels.internalNote}: ${pdfText(node.internal_notes)}`,
          italics: true,
          color: COLORS.note,
          fontSize: TABLE_FONT - 0.5,
        });
      }
      return { stack, margin: [indent, 0, 0, 0] };
    }
    let text = '';
    switch (COLUMN_KIND[key]) {
      case 'text':
        text = pdfText(node[key as 'code'], 200);
        break;
      case 'quantity':
        text = formats.quantity.format(dec(node.quantity));
        break;
      case 'rate':
        text = formats.rate.format(dec(node.tax));
        break;
      case 'unit-price':
      case 'amount':
        text = formats.money.format(dec(node[key as AmountColumn]));
        break;
    }
    return { text: pdfText(text), alignment: column.numeric ? 'right' : 'left', noWrap: column.numeric };
  });
}

function groupHeadingCells(
  row: ItemRow,
  columns: readonly Column[],
  opts: ResolvedExportOptions,
): TableCell[] {
  const fill = COLORS.groupFill[Math.min(row.depth, 2)];
  const textAt = columns.findIndex((c) => c.width === '*');
  const cells: TableCell[] = [];
  const indent = Math.min(row.depth, 6) * 8;
  const title: Content[] = [{ text: pdfText(row.node.name), bold: true }];
  if (opts.columns.includes('description') && row.node.description) {
    title.push({ text: pdfText(row.node.description), color: COLORS.muted, fontSize: TABLE_FONT - 0.5 });
  }
  if (opts.columns.includes('internal_notes') && row.node.internal_notes) {
    title.push({
      text: pdfText(row.node.internal_notes),
      italics: true,
      color: COLORS.note,
      fontSize: TABLE_FONT - 0.5,
    });
  }
  columns.forEach((column, i) => {
    if (i < textAt || textAt < 0) {
      cells.push(
        column.key === 'code'
          ? { text: pdfText(row.node.code, 200), bold: true, fillColor: fill }
          : { text: '', fillColor: fill },
      );
    } else if (i === textAt) {
      cells.push({
        stack: title,
        colSpan: columns.length - textAt,
        margin: [indent, 0, 0, 0],
        fillColor: fill,
      });
    } else {
      cells.push({});
    }
  });
  return cells;
}

function subtotalCells(
  row: ItemRow,
  index: number,
  columns: readonly Column[],
  sums: Map<AmountColumn, bigint[]>,
  labels: ExportLabels,
  formats: Formats,
): TableCell[] | null {
  const firstAmount = columns.findIndex((c) => isAmountColumn(c.key));
  if (firstAmount < 0) return null;
  const cells: TableCell[] = [];
  const indent = Math.min(row.depth, 6) * 8;
  const border: [boolean, boolean, boolean, boolean] = [false, true, false, false];
  // The label spans from the text column (else the first column) up to the first amount column;
  // when an amount column comes first there is no room for it.
  const textAt = columns.findIndex((c) => c.width === '*');
  const labelAt = textAt >= 0 && textAt < firstAmount ? textAt : 0;
  const hasLabel = labelAt < firstAmount;
  columns.forEach((column, i) => {
    if (hasLabel && i === labelAt) {
      cells.push({
        text: labels.subtotalOf(pdfText(row.node.name)),
        bold: true,
        colSpan: firstAmount - labelAt,
        margin: [textAt === labelAt ? indent : 0, 0, 0, 0],
        border,
      });
    } else if (hasLabel && i > labelAt && i < firstAmount) {
      cells.push({});
    } else if (isAmountColumn(column.key)) {
      const sum = (sums.get(column.key) as bigint[])[index] as bigint;
      cells.push({
        text: pdfText(money(formats, sum, EXACT)),
        bold: true,
        alignment: 'right',
        noWrap: true,
        border,
      });
    } else {
      cells.push({ text: '', border });
    }
  });
  return cells;
}

function itemsTable(
  rows: readonly ItemRow[],
  columns: readonly Column[],
  opts: ResolvedExportOptions,
  labels: ExportLabels,
  formats: Formats,
): Content {
  const amountColumns = columns.map((c) => c.key).filter(isAmountColumn);
  // Exact sums (the service's twelve digits), rounded only when printed.
  const sums = subtreeSums(rows, amountColumns, EXACT);
  const header: TableCell[] = columns.map((c) => ({
    text: pdfText(labels.columns[c.key]),
    style: 'tableHeader',
    alignment: c.numeric ? 'right' : 'left',
  }));
  const body: TableCell[][] = [header];
  const open: number[] = [];
  const closeUntil = (i: number): void => {
    while (open.length > 0 && (rows[open[open.length - 1] as number] as ItemRow).end < i) {
      const g = open.pop() as number;
      const cells = subtotalCells(rows[g] as ItemRow, g, columns, sums, labels, formats);
      if (cells) body.push(cells);
    }
  };
  rows.forEach((row, i) => {
    closeUntil(i);
    if (row.isGroup) {
      body.push(groupHeadingCells(row, columns, opts));
      open.push(i);
    } else {
      body.push(itemCells(row, columns, opts, labels, formats));
    }
  });
  closeUntil(Number.MAX_SAFE_INTEGER);
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: columns.map((c) => c.width),
      body,
    },
    layout: {
      hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
        i === 0 || i === node.table.body.length ? 0 : i === 1 ? 1 : 0.4,
      vLineWidth: () => 0,
      hLineColor: (i: number) => (i === 1 ? COLORS.muted : COLORS.rule),
      paddingLeft: () => 3,
      paddingRight: () => 3,
      paddingTop: () => 2.5,
      paddingBottom: () => 2.5,
      fillColor: (rowIndex: number) => (rowIndex === 0 ? COLORS.headerFill : null),
    },
    fontSize: TABLE_FONT,
    margin: [0, 4, 0, 10],
  };
}

function totalsBlock(
  doc: EstimateDocument,
  rows: readonly ItemRow[],
  opts: ResolvedExportOptions,
  labels: ExportLabels,
  formats: Formats,
): Content {
  const figure = (field: TotalField): Decimal | null =>
    dec(doc.service_totals?.[field]) ?? dec(doc.computed_totals?.[field]);
  const lines: { label: string; value: Decimal | null; strong?: boolean }[] = [];
  if (opts.columns.includes('total_cost'))
    lines.push({ label: labels.totals.costs_total, value: figure('costs_total') });
  const markup = figure('markup_total');
  if (opts.columns.includes('markup') && markup && !markup.isZero()) {
    lines.push({ label: labels.totals.markup_total, value: markup });
  }
  const discount = figure('discount_total');
  if (discount && !discount.isZero())
    lines.push({ label: labels.totals.discount_total, value: discount.neg() });
  lines.push({ label: labels.totals.subtotal_without_tax, value: figure('subtotal_without_tax') });
  const rate = singleTaxRate(rows);
  lines.push({
    label: rate && !rate.isZero() ? labels.taxWithRate(formats.rate.format(rate)) : labels.totals.tax_total,
    value: figure('tax_total'),
  });
  lines.push({ label: labels.totals.total, value: figure('total'), strong: true });
  const body: TableCell[][] = lines.map((l) => [
    { text: pdfText(l.label), bold: l.strong === true, fontSize: l.strong ? 11 : 9 },
    {
      text: pdfText(formats.money.format(l.value)),
      bold: l.strong === true,
      fontSize: l.strong ? 11 : 9,
      alignment: 'right',
      noWrap: true,
    },
  ]);
  return {
    columns: [
      { width: '*', text: '' },
      {
        width: 'auto',
        table: { widths: ['auto', 'auto'], body, dontBreakRows: true },
        layout: {
          hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
            i === node.table.body.length - 1 ? 1 : i === node.table.body.length ? 1.5 : 0,
          vLineWidth: () => 0,
          hLineColor: () => COLORS.text,
          paddingLeft: (i: number) => (i === 0 ? 0 : 24),
          paddingRight: () => 0,
          paddingTop: () => 2,
          paddingBottom: () => 2,
        },
      },
    ],
    margin: [0, 4, 0, 14],
    unbreakable: true,
  };
}

function headerBlock(
  doc: EstimateDocument,
  opts: ResolvedExportOptions,
  labels: ExportLabels,
  logo: CheckedImage | null,
  width: number,
): Content[] {
  const est = doc.estimate ?? ({} as Partial<EstimateDocument['estimate']>);
  const company = companyLines(est.company);
  const customer = customerLines(est.customer);
  const project = projectLines(est.project);
  const companyStack: Content[] = [];
  if (logo) companyStack.push({ image: 'logo', fit: [170, 60], margin: [0, 0, 0, 6] });
  if (company.name) companyStack.push({ text: pdfText(company.name), style: 'companyName' });
  for (const line of [company.street, company.place, company.country]) {
    if (line) companyStack.push({ text: pdfText(line) });
  }
  // Phone, e-mail and website each on its own line, so an address is never broken in the middle.
  const contact = [company.phone && `${labels.phone} ${company.phone}`, company.email, company.website];
  contact.filter(Boolean).forEach((line, i) => {
    companyStack.push({ text: pdfText(line), color: COLORS.muted, margin: [0, i === 0 ? 2 : 0, 0, 0] });
  });

  const meta: [string, string][] = [
    [labels.estimateNumber, cleanText(est.unique_identifier, 200)],
    [labels.issueDate, formatDate(opts.language, est.date_issue)],
    [labels.validUntil, formatDate(opts.language, est.date_valid_until)],
    [labels.status, statusLabel(labels, est.status ?? null)],
    [labels.currency, cleanText(est.currency, 20)],
  ];
  const metaBody: TableCell[][] = meta
    .filter(([, v]) => v !== '')
    .map(([l, v]) => [
      { text: pdfText(l), color: COLORS.muted },
      { text: pdfText(v), alignment: 'right', bold: l === labels.estimateNumber },
    ]);

  const partyBlock = (title: string, lines: string[]): Content => ({
    stack: [
      { text: pdfText(title).toUpperCase(), style: 'blockLabel' },
      ...lines.filter(Boolean).map((l, i): Content => ({ text: pdfText(l), bold: i === 0 })),
    ],
  });
  const customerBlock = partyBlock(labels.customer, [
    customer.name,
    customer.company,
    customer.street,
    customer.place,
    customer.country,
    customer.email,
    customer.phone,
    customer.taxId && `${labels.taxId} ${customer.taxId}`,
  ]);
  const projectBlock = partyBlock(labels.project, [project.name, project.address]);

  const blocks: Content[] = [
    {
      columns: [
        { width: '*', stack: companyStack },
        {
          width: 210,
          stack: [
            { text: pdfText(labels.quote), style: 'docTitle', alignment: 'right' },
            metaBody.length > 0
              ? {
                  table: { widths: ['*', 'auto'], body: metaBody },
                  layout: 'noBorders',
                  margin: [0, 4, 0, 0],
                }
              : { text: '' },
          ],
        },
      ],
      columnGap: 20,
    },
    {
      canvas: [{ type: 'line', x1: 0, y1: 0, x2: width, y2: 0, lineWidth: 0.8, lineColor: COLORS.rule }],
      margin: [0, 10, 0, 10],
    },
    { columns: [customerBlock, projectBlock], columnGap: 20, margin: [0, 0, 0, 14] },
  ];
  const name = cleanText(est.name, 500);
  if (name) blocks.push({ text: pdfText(name), style: 'estimateName' });
  const opening = cleanText(est.opening_statement, 10_000);
  if (opening) blocks.push({ text: pdfText(opening, 10_000), margin: [0, 0, 0, 10] });
  return blocks;
}

/** The pdfmake document for an estimate (exported for tests; `writeEstimatePdf` renders it). */
export function buildPdfDefinition(
  doc: EstimateDocument,
  options: PdfOptions = {},
  images: { logo?: CheckedImage | null; watermark?: CheckedImage | null } = {},
): TDocumentDefinitions {
  const opts = resolveExportOptions(options);
  const labels = labelsFor(opts.language);
  const est = doc.estimate ?? ({} as Partial<EstimateDocument['estimate']>);
  const rows = flattenTree(doc.tree);
  const formats: Formats = {
    money: new MoneyFormat(opts.language, est.currency),
    quantity: new QuantityFormat(opts.language),
    rate: new RateFormat(opts.language),
  };
  const totalText = formats.money.format(dec(doc.service_totals?.total) ?? dec(doc.computed_totals?.total));
  let code = '';
  for (const r of rows) {
    const c = cleanText(r.node.code, 40);
    if (textWidth(c, TABLE_FONT) > textWidth(code, TABLE_FONT)) code = c;
  }
  const widest = { money: totalText.replace(/^-/, '') + '0', code };
  const columns = tableColumns(opts, widest);
  const page = pageFor(columns);
  const logo = images.logo ?? null;
  const watermark = images.watermark ?? null;
  const number = cleanText(est.unique_identifier, 200);
  const companyName = companyLines(est.company).name;

  const content: Content[] = [...headerBlock(doc, opts, labels, logo, page.width)];
  if (rows.length > 0) content.push(itemsTable(rows, columns, opts, labels, formats));
  content.push(totalsBlock(doc, rows, opts, labels, formats));
  const closing = cleanText(est.closing_statement, 10_000);
  if (closing) content.push({ text: pdfText(closing, 10_000), margin: [0, 6, 0, 0] });

  const def: TDocumentDefinitions = {
    pageSize: page.size,
    pageOrientation: page.orientation,
    pageMargins: [40, 40, 40, 50],
    language: opts.language,
    info: {
      title: pdfText([labels.quote, number, cleanText(est.name, 300)].filter(Boolean).join(' – ')),
      author: pdfText(companyName),
      creator: 'PlanDesk',
      producer: 'PlanDesk',
    },
    defaultStyle: { font: 'Roboto', fontSize: 9, color: COLORS.text, lineHeight: 1.15 },
    styles: {
      docTitle: { fontSize: 20, bold: true, color: COLORS.accent },
      companyName: { fontSize: 12, bold: true, color: COLORS.accent, margin: [0, 0, 0, 2] },
      blockLabel: {
        fontSize: 7.5,
        bold: true,
        color: COLORS.muted,
        characterSpacing: 0.6,
        margin: [0, 0, 0, 3],
      },
      estimateName: { fontSize: 13, bold: true, color: COLORS.accent, margin: [0, 0, 0, 6] },
      tableHeader: { bold: true, color: COLORS.text },
    },
    footer: (currentPage: number, pageCount: number): Content => ({
      columns: [
        {
          text: pdfText(
            [companyName, [labels.quote, number].filter(Boolean).join(' ')].filter(Boolean).join(' · '),
          ),
          color: COLORS.muted,
        },
        { text: pdfText(labels.page(currentPage, pageCount)), alignment: 'right', color: COLORS.muted },
      ],
      fontSize: 7.5,
      margin: [40, 18, 40, 0],
    }),
    content,
  };
  const imageMap: Record<string, string> = {};
  if (logo) imageMap.logo = logo.dataUrl;
  if (watermark) {
    imageMap.watermark = watermark.dataUrl;
    def.background = (_page: number, size: { width: number; height: number }): Content => {
      const scale = Math.min((size.width * 0.6) / watermark.width, (size.height * 0.6) / watermark.height);
      const w = watermark.width * scale;
      const h = watermark.height * scale;
      return {
        image: 'watermark',
        width: w,
        height: h,
        opacity: 0.08,
        absolutePosition: { x: (size.width - w) / 2, y: (size.height - h) / 2 },
      };
    };
  }
  if (Object.keys(imageMap).length > 0) def.images = imageMap;
  return def;
}

async function render(def: TDocumentDefinitions, fontDir: string): Promise<Buffer> {
  configurePdfmake(fontDir);
  return pdfmake.createPdf(def).getBuffer();
}

/**
 * Writes the estimate as a PDF quote to `out` (through a temporary file, renamed when complete).
 * Odd input (null fields, an empty tree, no currency, very long names) never stops it; an unusable
 * logo or watermark is left out.
 */
export async function writeEstimatePdf(
  doc: EstimateDocument,
  options: PdfOptions,
  out: string,
): Promise<void> {
  const fontDir = findFontDir(options.fontDir);
  const notice = options.onNotice ?? (() => undefined);
  const est = doc.estimate;
  const wanted = {
    logo: est?.company?.logo_url ? options.images?.logo : null,
    watermark: est?.company?.watermark_url ? options.images?.watermark : null,
  };
  const logo = checkImage(wanted.logo);
  const watermark = checkImage(wanted.watermark);
  if (wanted.logo && !logo) notice('The company logo is not a usable PNG or JPEG image; the PDF has none.');
  if (wanted.watermark && !watermark)
    notice('The watermark is not a usable PNG or JPEG image; the PDF has none.');

  let bytes: Buffer;
  try {
    bytes = await render(buildPdfDefinition(doc, options, { logo, watermark }), fontDir);
  } catch (e) {
    if (!logo && !watermark) throw e;
    // pdfkit refused an image that passed our checks: the quote without images beats no quote.
    notice(`The logo or watermark could not be embedded (${e instanceof Error ? e.message : String(e)}).`);
    bytes = await render(buildPdfDefinition(doc, options), fontDir);
  }
  const partial = `${out}.${randomUUID().slice(0, 8)}.partial`;
  try {
    await writeFile(partial, bytes);
    await rename(partial, out);
  } catch (e) {
    await unlink(partial).catch(() => undefined);
    throw e;
  }
}
