/**
 * The totals a client reads: the net subtotal, VAT per rate on its base, and the gross total.
 *
 * Two promises must both hold, to the cent: the printed figures add up as printed (a reader with a
 * calculator finds no cent off: each VAT line is its printed base × its rate, rounded; the bases add
 * up to the net subtotal), and the net and gross totals are the service's. When the service rounded
 * its tax per item, both cannot hold with the VAT lines alone; a labelled rounding line then takes
 * the difference, so the block still adds up and still ends on the service's gross total.
 *
 * When the service's own totals disagree with its items, the document cannot show both: it shows
 * the items' totals (so its lines add up to them) and `mismatch` says so, for a warning.
 */
import { amountOrNull, unitsText } from '../money/amounts';
import { apportionToUnits } from '../money/apportion';
import { fromMinorUnits, minorUnits } from '../money/currency';
import { Decimal } from '../money/decimal';
import { PicoSum } from '../money/pico-sum';
import type { EstimateRow, EstimateTotals, QuoteTotalsView } from './types';

export type { QuoteTotalsView } from './types';

export interface VatLine {
  /** The rate as a fraction, exact ("0.19"). */
  rate: Decimal;
  /** The net amount taxed at this rate, in minor units of the currency. */
  base: bigint;
  /** base × rate, rounded: in minor units. */
  amount: bigint;
}

export interface QuoteTotals {
  /** Fraction digits of the currency (2 for EUR): every figure below is in units of 10^-digits. */
  digits: number;
  net: bigint;
  /** By rate, lowest first; a 0 % line when positions have no VAT. */
  vat: VatLine[];
  /** What makes net + VAT lines equal the gross total (zero when nothing is needed). */
  rounding: bigint;
  gross: bigint;
  /** Whose totals the block shows. */
  source: 'service' | 'items';
  /** Set when the service's totals differ from its items (by at least one minor unit). */
  mismatch: { serviceNet: bigint; serviceGross: bigint } | null;
}

/** Rounded to `digits` (half away from zero) and expressed in units of 10^-digits. */
const units = minorUnits;

/** What the totals read of a row. */
export type QuoteRow = Pick<EstimateRow, 'type' | 'net_amount' | 'total' | 'tax'>;

export function quoteTotals(
  rows: readonly QuoteRow[],
  service: Partial<EstimateTotals>,
  digits: number,
): QuoteTotals {
  // Exact net and gross per rate, over the positions: summed as PicoSums (no bigint per row), each
  // rate's text read once.
  const byRate = new Map<string, { rate: Decimal; net: PicoSum }>();
  const rateOfText = new Map<string | null, { rate: Decimal; net: PicoSum }>();
  const netSum = new PicoSum();
  const grossSum = new PicoSum();
  for (const row of rows) {
    if (row.type === 'group') continue;
    let entry = rateOfText.get(row.tax);
    if (entry === undefined) {
      const rate = amountOrNull(row.tax) ?? Decimal.ZERO;
      const key = rate.toString();
      entry = byRate.get(key) ?? { rate, net: new PicoSum() };
      byRate.set(key, entry);
      rateOfText.set(row.tax, entry);
    }
    PicoSum.addToBoth(row.net_amount, netSum, entry.net);
    grossSum.add(row.total);
  }
  const itemsNet = netSum.toDecimal();
  const itemsGross = grossSum.toDecimal();

  const serviceNet = amountOrNull(service.subtotal_without_tax);
  const serviceGross = amountOrNull(service.total);
  const agree =
    serviceNet !== null &&
    serviceGross !== null &&
    units(serviceNet, digits) === units(itemsNet, digits) &&
    units(serviceGross, digits) === units(itemsGross, digits);
  const mismatch =
    serviceNet !== null && serviceGross !== null && !agree
      ? { serviceNet: units(serviceNet, digits), serviceGross: units(serviceGross, digits) }
      : null;
  const source = agree ? 'service' : 'items';
  const net = units(agree ? serviceNet : itemsNet, digits);
  const gross = units(agree ? serviceGross : itemsGross, digits);

  // Bases rounded so that they add up to the printed net: the differences of rounding go, one
  // minor unit each, to the bases that rounding moved furthest (largest remainder).
  const rates = [...byRate.values()].sort((a, b) => a.rate.cmp(b.rate));
  const bases = apportionToUnits(
    rates.map((r) => r.net.toDecimal()),
    net,
    digits,
  );
  const vat: VatLine[] = rates.map((r, i) => ({
    rate: r.rate,
    base: bases[i]!,
    amount: units(fromMinorUnits(bases[i]!, digits).mul(r.rate), digits),
  }));
  const rounding = gross - net - vat.reduce((a, v) => a + v.amount, 0n);
  return { digits, net, vat, rounding, gross, source, mismatch };
}

/** Minor units back to exact decimal text ("123456" with 2 digits → "1234.56"). */
export const minorUnitsText: (value: bigint, digits: number) => string = unitsText;

export function quoteTotalsView(q: QuoteTotals): QuoteTotalsView {
  const text = (v: bigint): string => minorUnitsText(v, q.digits);
  return {
    digits: q.digits,
    net: text(q.net),
    vat: q.vat.map((v) => ({ rate: v.rate.toString(), base: text(v.base), amount: text(v.amount) })),
    rounding: text(q.rounding),
    gross: text(q.gross),
    source: q.source,
    mismatch: q.mismatch
      ? { serviceNet: text(q.mismatch.serviceNet), serviceGross: text(q.mismatch.serviceGross) }
      : null,
  };
}
