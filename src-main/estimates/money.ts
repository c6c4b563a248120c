/**
 * Money helpers for the estimate tree. Every value is exact: text in, Decimal for arithmetic, text
 * with exactly twelve fractional digits out. The service's canonical form (`-?\d+\.\d{12}`) takes a
 * fast path: a 20,000-item estimate carries some 300,000 money values.
 */
import { Decimal, SERVICE_SCALE } from '../../src-shared/money/decimal';

const CANONICAL = /^-?\d+\.\d{12}$/;
/** 10^-12: turns an integer count of 10^-12 units into a Decimal of scale 12. */
const PICO = Decimal.parse('0.000000000001');

/** Exact Decimal of a decimal string; the canonical twelve-digit form skips the general parser. */
export function money(text: string): Decimal {
  return CANONICAL.test(text) ? fromCanonical(text) : Decimal.parse(text);
}

/** Null (or unreadable text) counts as zero in sums. */
export function moneyOrZero(text: string | null | undefined): Decimal {
  if (text === null || text === undefined) return Decimal.ZERO;
  return CANONICAL.test(text) ? fromCanonical(text) : (Decimal.tryParse(text) ?? Decimal.ZERO);
}

/** "-12.500000000000" → -12500000000000 units of 10^-12 (BigInt takes the sign and leading zeros). */
function fromCanonical(text: string): Decimal {
  return Decimal.fromInteger(BigInt(text.slice(0, -13) + text.slice(-12))).mul(PICO);
}

/**
 * The service's format: exactly twelve fractional digits. Text already in that form is returned as
 * it is; anything else is parsed exactly and rounded (half away from zero) to twelve digits. Text
 * that is not a number at all becomes null (schema-checked input never has any).
 */
export function fixed12(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  if (CANONICAL.test(text)) return text;
  const d = Decimal.tryParse(text);
  return d === null ? null : d.toFixed(SERVICE_SCALE);
}

/** Twelve-digit text of a Decimal. */
export function toText(d: Decimal): string {
  return d.toFixed(SERVICE_SCALE);
}

/** For people: `decimals` fractional digits, rounded half away from zero, computed from the exact value. */
export function formatMoney(text: string | null, decimals = 2): string {
  if (text === null) return '';
  const d = Decimal.tryParse(text);
  return d === null ? text : d.toFixed(decimals);
}

/** A quantity for people: its shortest exact text ("25.25", "1"). */
export function formatQuantity(text: string | null): string {
  if (text === null) return '';
  const d = Decimal.tryParse(text);
  return d === null ? text : d.toString();
}
