/**
 * Money, quantities and rates as a reader finds them printed (pdftotext's text, no-break spaces read
 * as spaces), turned back into exact numbers: what a client's calculator works with. The patterns
 * come from Intl's own parts for the language and currency (not from PlanDesk's formatter), so a
 * figure printed any other way is not found.
 */
import { Decimal } from '../../src-shared/money/decimal';

const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const spaces = (s: string): string => s.replace(/[\u00a0\u202f]/g, ' ');

export interface PrintedFormat {
  /**
   * A money figure, with or without the currency's symbol (a table may leave it out); up to four more
   * digits than the currency's (a unit price).
   */
  money: string;
  /** A plain number in the language (quantities). */
  number: string;
  /** A rate ("19 %", "19%"). */
  rate: string;
  read(text: string): Decimal;
  digits: number;
}

export function printedFormat(language: string, currency: string, digits: number): PrintedFormat {
  const parts = new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).formatToParts(1234567.5);
  const group = spaces(parts.find((p) => p.type === 'group')?.value ?? ',');
  const decimal = spaces(
    new Intl.NumberFormat(language).formatToParts(1.5).find((p) => p.type === 'decimal')!.value,
  );
  const at = parts.findIndex((p) => p.type === 'currency');
  const first = parts.findIndex((p) => p.type === 'integer');
  const symbol = esc(spaces(parts[at]!.value));
  const gapBetween = (from: number, to: number) =>
    parts.slice(from, to).some((p) => p.type === 'literal' && /\s/u.test(p.value)) ? ' ' : '';
  const int = `\\d{1,3}(?:${esc(group)}\\d{3})*`;
  // A client's unit price may have up to four more digits than an amount (estimates/net.ts).
  const fraction =
    digits > 0 ? `${esc(decimal)}\\d{${digits},${digits + 4}}` : `(?:${esc(decimal)}\\d{1,4})?`;
  const figure = `${int}${fraction}`;
  const money =
    at < first
      ? `-?(?:${symbol}${gapBetween(at + 1, first)})?-?${figure}`
      : `-?${figure}(?:${gapBetween(first, at)}${symbol})?`;
  return {
    money,
    number: `-?${int}(?:${esc(decimal)}\\d+)?`,
    rate: `\\d+(?:${esc(decimal)}\\d+)? ?%`,
    digits,
    read: (text) => {
      const clean = spaces(text).replace(new RegExp(symbol, 'g'), '').split(group).join('').trim();
      return Decimal.parse(clean.replace(decimal, '.').replace(/\s/g, ''));
    },
  };
}

/** The numbers of a printed row after its unit: each a money figure (or a plain number), or a rate. */
export function rowFigures(rest: string, f: PrintedFormat): { kind: 'money' | 'rate'; text: string }[] {
  const re = new RegExp(`(${f.rate})|(${f.money})`, 'g');
  return [...spaces(rest).matchAll(re)].map((m) => ({
    kind: m[1] ? ('rate' as const) : ('money' as const),
    text: (m[1] ?? m[2])!.trim(),
  }));
}
