/**
 * The change order's content, from the two versions and their comparison: the positions that were
 * added, removed, changed or moved (under the groups they are in), what changed about each as far as
 * the preset shows it (a client document never describes an internal field), each one's net
 * difference, and the totals of both quotes with VAT by rate.
 */
import { columnKind, EXPORT_COLUMNS, type ExportColumnKey } from '../../../src-shared/estimates/columns';
import { quoteTotals, type QuoteRow } from '../../../src-shared/estimates/quote-totals';
import { Decimal } from '../../../src-shared/money/decimal';
import { printedUnitPrice, UNIT_PRICE_EXTRA_DIGITS } from '../../../src-shared/estimates/net';
import type { ComparisonRow, EstimateComparison } from '../../../src-shared/versions/types';
import { currencyDigits } from '../../../src-shared/money/currency';
import { PicoSum } from '../../../src-shared/money/pico-sum';
import { estimateHeader, serviceTotals } from '../../estimates/document';
import type { EstimateDetail } from '../../api/schemas';
import {
  amountTextOf,
  detailOf,
  isGroup,
  itemKeys,
  textOf,
  type RawItem,
  type Snapshot,
} from '../../versions/snapshot';
import { QUANTITY_DIGITS } from '../formats';
import { resolveExportOptions, type ExportOptions } from '../options';
import { cleanText } from '../parties';
import type { ChangeNote, ChangeOrder, ChangeOrderLine, NoteField, VatChange } from './model';
import { cancelPoint } from '../../workers/cancel-point';

/** Rows between two cancel points (in a thread): a change order of thousands of lines stops in time. */
const CANCEL_EVERY = 1024;

/** Fields a change order can describe, in the column table's order (the net amount is the line's own). */
const NOTE_FIELDS = EXPORT_COLUMNS.filter((k): k is NoteField => k !== 'net_amount');

function netOf(item: RawItem): Decimal {
  const sum = new PicoSum();
  sum.add(amountTextOf(item.total_cost));
  sum.add(amountTextOf(item.markup));
  sum.subtract(amountTextOf(item.discount));
  return sum.toDecimal();
}

/** What the quote's totals read of a version: each position's net amount, total and rate. */
function quoteRows(s: Snapshot): QuoteRow[] {
  return s.items
    .filter((item) => !isGroup(item))
    .map((item) => ({
      type: 'position' as const,
      net_amount: netOf(item).toFixed(12),
      total: amountTextOf(item.total),
      tax: amountTextOf(item.tax),
    }));
}

/** The service's own totals of a version, as the quote reads them. */
function totalsOf(s: Snapshot): ReturnType<typeof serviceTotals> {
  const sent = s.header.estimate_totals;
  if (typeof sent !== 'object' || sent === null) return {};
  const texts = Object.fromEntries(
    Object.entries(sent as Record<string, unknown>).map(([k, v]) => [k, amountTextOf(v)]),
  );
  return serviceTotals(texts as EstimateDetail['estimate_totals']);
}

function decimalOrNull(text: string | null | undefined): Decimal | null {
  return typeof text === 'string' ? Decimal.tryParse(text) : null;
}

/** A position's unit price as a client document prints it (its line checks on a calculator). */
function unitPrice(item: RawItem | null, digits: number): string | null {
  if (!item) return null;
  const row = {
    type: 'position' as const,
    net_amount: netOf(item).toFixed(12),
    quantity: amountTextOf(item.quantity),
    discount: null,
  };
  return printedUnitPrice(row, 'net', digits, QUANTITY_DIGITS);
}

/**
 * The same value as a document prints it: money at the currency's digits (the client's unit price
 * at the digits it is printed with, texts.ts), quantities at their digits, rates at six, text without its spacing. A change that
 * would print "13,48 € → 13,48 €" is no change to the reader, and is not listed.
 */
function samePrinted(field: NoteField, from: string | null, to: string | null, digits: number): boolean {
  if (from === to) return true;
  if (from === null || to === null) return false;
  const kind = columnKind(field);
  if (kind === 'text')
    return cleanText(from).replace(/\s+/g, ' ').trim() === cleanText(to).replace(/\s+/g, ' ').trim();
  const a = decimalOrNull(from);
  const b = decimalOrNull(to);
  if (a === null || b === null) return false;
  const scale =
    kind === 'quantity'
      ? QUANTITY_DIGITS
      : kind === 'rate'
        ? 6
        : field === 'net_unit_price'
          ? digits + UNIT_PRICE_EXTRA_DIGITS
          : digits;
  return a.round(scale).eq(b.round(scale));
}

function notesOf(
  row: ComparisonRow,
  older: RawItem | null,
  newer: RawItem | null,
  shown: ReadonlySet<ExportColumnKey>,
  digits: number,
): ChangeNote[] {
  const notes: ChangeNote[] = [];
  if (row.kind === 'added' && newer) {
    // A new position says what it is: its quantity, unit and unit price.
    notes.push({
      kind: 'added',
      quantity: amountTextOf(newer.quantity),
      unit: textOf(newer.unit),
      unitPrice: unitPrice(newer, digits),
    });
    return notes;
  }
  if (row.kind !== 'changed' && row.kind !== 'moved') return notes;
  for (const field of NOTE_FIELDS) {
    if (!shown.has(field)) continue;
    const change =
      field === 'net_unit_price'
        ? { from: unitPrice(older, digits), to: unitPrice(newer, digits) }
        : row.fields[field];
    if (change && !samePrinted(field, change.from, change.to, digits)) {
      notes.push({ kind: 'field', field, from: change.from, to: change.to });
    }
  }
  if (row.moved) notes.push({ kind: 'moved', from: row.moved.fromPath, to: row.moved.toPath });
  return notes;
}

export interface ChangeOrderInput {
  from: Snapshot;
  to: Snapshot;
  /** Their comparison, without unchanged rows. */
  comparison: EstimateComparison;
  options: ExportOptions;
  madeAt: string;
}

export function buildChangeOrder(input: ChangeOrderInput): ChangeOrder {
  const { from, to, comparison } = input;
  const opts = resolveExportOptions(input.options);
  const shown = new Set(opts.columns);
  const estimate = estimateHeader(detailOf(to) as unknown as EstimateDetail);
  const digits = currencyDigits(estimate.currency);
  const minor = (d: Decimal | null): bigint => (d === null ? 0n : d.round(digits).units);

  const olderIndex = itemKeys(from.items).index;
  const newerIndex = itemKeys(to.items).index;
  const lines: ChangeOrderLine[] = [];
  const headed = new Set<number>();
  const rows = comparison.rows;
  for (const [r, row] of rows.entries()) {
    if (r % CANCEL_EVERY === 0) cancelPoint();
    if (row.type === 'group' || row.kind === 'unchanged') continue;
    const older =
      row.kind === 'added' ? null : (from.items[olderIndex.get(row.fromId ?? row.id) ?? -1] ?? null);
    const newer = row.kind === 'removed' ? null : (to.items[newerIndex.get(row.id) ?? -1] ?? null);
    const notes = notesOf(row, older, newer, shown, digits);
    const netFrom = decimalOrNull(row.net.from);
    const netTo = decimalOrNull(row.net.to);
    const delta = minor(netTo) - minor(netFrom);
    // Listed when it was added or removed, when a change shows, or when its printed amount moved.
    const listed =
      row.kind === 'added' || row.kind === 'removed' || notes.some((n) => n.kind !== 'added') || delta !== 0n;
    if (!listed) continue;
    // The groups above it, top down, each once.
    const above: number[] = [];
    for (let p = row.parentIndex; p >= 0 && !headed.has(p); p = rows[p]!.parentIndex) above.push(p);
    for (const p of above.reverse()) {
      headed.add(p);
      const group = rows[p]!;
      lines.push({
        kind: 'heading',
        depth: group.depth,
        code: group.code,
        name: group.name,
        description: group.description,
        unit: { from: null, to: null },
        notes: [],
        netFrom: null,
        netTo: null,
        delta: 0n,
      });
    }
    lines.push({
      kind: row.kind,
      depth: row.depth,
      code: row.code,
      name: row.name,
      description: row.description,
      unit: { from: textOf(older?.unit), to: textOf(newer?.unit) },
      notes,
      netFrom,
      netTo,
      delta,
    });
  }

  const previous = quoteTotals(quoteRows(from), totalsOf(from), digits);
  const next = quoteTotals(quoteRows(to), totalsOf(to), digits);
  const rates = new Map<string, VatChange>();
  for (const [sign, side] of [
    [-1n, previous],
    [1n, next],
  ] as const) {
    for (const v of side.vat) {
      const key = v.rate.toString();
      const entry = rates.get(key) ?? { rate: v.rate, base: 0n, amount: 0n };
      entry.base += sign * v.base;
      entry.amount += sign * v.amount;
      rates.set(key, entry);
    }
  }
  const vat = [...rates.values()]
    .filter((v) => v.base !== 0n || v.amount !== 0n)
    .sort((x, y) => x.rate.cmp(y.rate));
  const linesTotal = lines.reduce((sum, line) => sum + line.delta, 0n);
  const grossChange = next.gross - previous.gross;
  const rounding = grossChange - linesTotal - vat.reduce((sum, v) => sum + v.amount, 0n);
  return {
    estimate,
    from: comparison.from,
    to: comparison.to,
    sameEstimate: comparison.sameEstimate,
    opts,
    columns: opts.columns,
    lines,
    digits,
    previous,
    next,
    linesTotal,
    vat,
    rounding,
    grossChange,
    madeAt: input.madeAt,
  };
}
