/**
 * The change order's content, from the two versions and their comparison: the positions that were
 * added, removed, changed or moved (under the groups they are in), what changed about each as far as
 * the preset shows it (a client document never describes an internal field), each one's net
 * difference, and the totals of both quotes with VAT by rate.
 */
import { EXPORT_COLUMNS, type ExportColumnKey } from '../../src-shared/estimates/columns';
import { quoteTotals, type QuoteRow } from '../../src-shared/estimates/quote-totals';
import { Decimal } from '../../src-shared/money/decimal';
import type { ComparisonRow, EstimateComparison } from '../../src-shared/versions/types';
import { PicoSum } from '../estimates/pico-sum';
import { estimateHeader, serviceTotals } from '../estimates/document';
import type { EstimateDetail } from '../api/schemas';
import type {
  ChangeNote,
  ChangeOrder,
  ChangeOrderLine,
  NoteField,
  VatChange,
} from '../exports/change-order/model';
import { currencyInfo } from '../exports/formats';
import { resolveExportOptions, type ExportOptions } from '../exports/options';
import { amountTextOf, detailOf, isGroup, itemKeys, textOf, type RawItem, type Snapshot } from './snapshot';

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

function unitPrice(item: RawItem | null): string | null {
  if (!item) return null;
  const quantity = decimalOrNull(amountTextOf(item.quantity));
  if (quantity === null || quantity.isZero()) return null;
  return netOf(item).divRound(quantity, 12)?.toFixed(12) ?? null;
}

function notesOf(
  row: ComparisonRow,
  older: RawItem | null,
  newer: RawItem | null,
  shown: ReadonlySet<ExportColumnKey>,
): ChangeNote[] {
  const notes: ChangeNote[] = [];
  if (row.kind !== 'changed' && row.kind !== 'moved') return notes;
  for (const field of NOTE_FIELDS) {
    if (!shown.has(field)) continue;
    if (field === 'net_unit_price') {
      const from = unitPrice(older);
      const to = unitPrice(newer);
      const same = from === to || (from !== null && to !== null && Decimal.parse(from).eq(Decimal.parse(to)));
      if (!same) notes.push({ kind: 'field', field, from, to });
      continue;
    }
    const change = row.fields[field];
    if (change) notes.push({ kind: 'field', field, from: change.from, to: change.to });
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
  const digits = currencyInfo(opts.language, estimate.currency)?.digits ?? 2;
  const minor = (d: Decimal | null): bigint => (d === null ? 0n : d.round(digits).units);

  const olderIndex = itemKeys(from.items).index;
  const newerIndex = itemKeys(to.items).index;
  const lines: ChangeOrderLine[] = [];
  const headed = new Set<number>();
  const rows = comparison.rows;
  for (const row of rows) {
    if (row.type === 'group' || row.kind === 'unchanged') continue;
    const older =
      row.kind === 'added' ? null : (from.items[olderIndex.get(row.fromId ?? row.id) ?? -1] ?? null);
    const newer = row.kind === 'removed' ? null : (to.items[newerIndex.get(row.id) ?? -1] ?? null);
    const notes = notesOf(row, older, newer, shown);
    const netFrom = decimalOrNull(row.net.from);
    const netTo = decimalOrNull(row.net.to);
    const delta = minor(netTo) - minor(netFrom);
    const listed =
      row.kind === 'added' ||
      row.kind === 'removed' ||
      notes.length > 0 ||
      !Decimal.parse(row.net.delta).isZero();
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
