/**
 * What a project's estimates add up to, for its list: exact sums of the net and gross totals (never a
 * float), one per currency — estimates in francs and in euros are not added together.
 */
import type { EstimateSummary } from './types';
import { Decimal } from '../money/decimal';

export interface CurrencySum {
  /** ISO code as the service sent it, upper-case; '' when the estimates name none. */
  currency: string;
  /** Exact decimal text. */
  net: string;
  gross: string;
  /** How many estimates are in this sum. */
  estimates: number;
}

export interface ProjectSum {
  /** Estimates whose totals are known. */
  known: number;
  /** Estimates in the project. */
  count: number;
  /** One sum per currency: the most common currency first, then by code. */
  sums: CurrencySum[];
}

export function projectSum(summaries: readonly (EstimateSummary | null | undefined)[]): ProjectSum {
  const by = new Map<string, { net: Decimal; gross: Decimal; estimates: number }>();
  let known = 0;
  for (const s of summaries) {
    if (!s) continue;
    const net = Decimal.tryParse(s.quote.net);
    const gross = Decimal.tryParse(s.quote.gross);
    // Unreadable figures are not counted as known: the sum says it is partial instead of being wrong.
    if (!net || !gross) continue;
    known += 1;
    const currency = (s.currency ?? '').trim().toUpperCase();
    const entry = by.get(currency);
    if (entry) {
      entry.net = entry.net.add(net);
      entry.gross = entry.gross.add(gross);
      entry.estimates += 1;
    } else by.set(currency, { net, gross, estimates: 1 });
  }
  const sums = [...by.entries()]
    .map(([currency, e]) => ({
      currency,
      net: e.net.toString(),
      gross: e.gross.toString(),
      estimates: e.estimates,
    }))
    .sort((a, b) => b.estimates - a.estimates || a.currency.localeCompare(b.currency));
  return { known, count: summaries.length, sums };
}
