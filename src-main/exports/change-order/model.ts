/**
 * A change order: the client document that says what changed between two versions of a quote (or
 * from one quote to another) and what it costs. Its figures add up as printed: the previous total,
 * each position's net difference, VAT by rate on the difference, a rounding line when the printed
 * cents need one, the total change and the new total — the previous and the new total being exactly
 * the gross totals the two quotes print (src-shared/estimates/quote-totals.ts).
 */
import type { ExportColumnKey } from '../../../src-shared/estimates/columns';
import type { QuoteTotals } from '../../../src-shared/estimates/quote-totals';
import type { EstimateHeader } from '../../../src-shared/estimates/types';
import type { Decimal } from '../../../src-shared/money/decimal';
import type { VersionRef } from '../../../src-shared/versions/types';
import type { ResolvedExportOptions } from '../options';

/** A field a change order may describe: a column of the column table (its preset decides which). */
export type NoteField = Exclude<ExportColumnKey, 'net_amount'>;

export type ChangeNote =
  | { kind: 'field'; field: NoteField; from: string | null; to: string | null }
  | { kind: 'moved'; from: string; to: string }
  /** A new position: what it is (exact decimal text; null when the service sent none). */
  | { kind: 'added'; quantity: string | null; unit: string | null; unitPrice: string | null };

export interface ChangeOrderLine {
  /** `heading`: a group above listed positions. */
  kind: 'heading' | 'added' | 'removed' | 'changed' | 'moved';
  depth: number;
  code: string | null;
  name: string | null;
  description: string | null;
  /** The unit before and after (for quantities). */
  unit: { from: string | null; to: string | null };
  notes: ChangeNote[];
  /** Exact net amounts (null: not on that side; headings: null). */
  netFrom: Decimal | null;
  netTo: Decimal | null;
  /** The printed difference: the new amount in minor units less the old one, each rounded. */
  delta: bigint;
}

export interface VatChange {
  rate: Decimal;
  /** The change of the net amount taxed at this rate, and of its VAT, in minor units. */
  base: bigint;
  amount: bigint;
}

export interface ChangeOrder {
  /** The newer side's estimate: company, customer, project, number, currency. */
  estimate: EstimateHeader;
  from: VersionRef;
  to: VersionRef;
  sameEstimate: boolean;
  opts: ResolvedExportOptions;
  /** The columns the document shows (from the preset): code, description, the fields described. */
  columns: ExportColumnKey[];
  lines: ChangeOrderLine[];
  /** Fraction digits of the currency; every bigint here is in units of 10^-digits. */
  digits: number;
  previous: QuoteTotals;
  next: QuoteTotals;
  /** The sum of the lines' printed differences. */
  linesTotal: bigint;
  vat: VatChange[];
  /** What makes the lines, the VAT changes and this add up to the total change. */
  rounding: bigint;
  /** The new gross total less the previous one. */
  grossChange: bigint;
  /** When the document was made (ISO 8601). */
  madeAt: string;
}
