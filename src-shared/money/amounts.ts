/**
 * The service's amounts: money, rates and quantities as decimal text with twelve fractional digits
 * (`"-12.500000000000"`). This is the one place that reads, writes and rounds them; arithmetic goes
 * through `Decimal` (exact). The canonical form has fast paths (a 20,000-item estimate carries some
 * 300,000 amounts) that give exactly what the general route through `Decimal` gives.
 */
import { Decimal, SERVICE_SCALE } from './decimal';

/** Money, a quantity or a rate as the service writes it: decimal text, twelve fractional digits. */
export type DecimalString = string;

export { Decimal, SERVICE_SCALE };

/** Zero in the service's format. */
export const ZERO_TEXT = '0.000000000000';

/** 10⁻¹²: turns an integer count of 10⁻¹² units into a Decimal of the service's scale. */
export const PICO = Decimal.parse('0.000000000001');

// ---- reading ------------------------------------------------------------------------------------

/**
 * The service's canonical form, by hand (a loop over the characters costs a fraction of a regular
 * expression call): `-?(0|[1-9]d*).dddddddddddd`, and not "-0.000000000000".
 */
export function isCanonical(text: string): boolean {
  const dot = text.length - 13;
  const start = text.charCodeAt(0) === 45 /* - */ ? 1 : 0;
  if (dot <= start || text.charCodeAt(dot) !== 46 /* . */) return false;
  if (text.charCodeAt(start) === 48 /* 0 */ && dot - start > 1) return false;
  let nonZero = false;
  for (let i = start; i < text.length; i++) {
    if (i === dot) continue;
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
    if (c !== 48) nonZero = true;
  }
  return nonZero || start === 0;
}

/** "-12.500000000000" → -12500000000000 units of 10⁻¹² (BigInt takes the sign and leading zeros). */
function fromCanonical(text: string): Decimal {
  return Decimal.fromInteger(BigInt(text.slice(0, -13) + text.slice(-12))).mul(PICO);
}

/** The exact Decimal of an amount's text; throws a RangeError for text that is not a number. */
export function parseAmount(text: string): Decimal {
  return isCanonical(text) ? fromCanonical(text) : Decimal.parse(text);
}

/** The exact Decimal of an amount, or null when absent, empty or not a number. */
export function amountOrNull(value: string | null | undefined): Decimal | null {
  if (typeof value !== 'string' || value === '') return null;
  return isCanonical(value) ? fromCanonical(value) : Decimal.tryParse(value);
}

/** Null (or unreadable text) counts as zero in sums. */
export function amountOrZero(value: string | null | undefined): Decimal {
  return amountOrNull(value) ?? Decimal.ZERO;
}

// ---- writing ------------------------------------------------------------------------------------

/**
 * The service's format: exactly twelve fractional digits. Text already in that form is returned as
 * it is; anything else is parsed exactly and rounded (half away from zero) to twelve digits. Text
 * that is not a number at all becomes null. Leading zeros and a negative zero are written afresh.
 */
export function fixed12(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  if (isCanonical(text)) return text;
  const d = Decimal.tryParse(text);
  return d === null ? null : d.toFixed(SERVICE_SCALE);
}

/** Twelve-digit text of any exact value. */
export function amountText(value: Decimal | string | number): string {
  return Decimal.of(value).toFixed(SERVICE_SCALE);
}

/**
 * Exact decimal text with at least twelve fractional digits (more when the value has more): how
 * the service's amounts are kept once read, so that no digit is ever lost. Null for non-numbers.
 */
export function exactAmountText(value: string | number): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? decimalTextOfNumber(value) : null;
  const d = Decimal.tryParse(value);
  return d === null ? null : d.toFixed(Math.max(SERVICE_SCALE, d.scale));
}

/**
 * An item's amount as the service sent it (an exact number from the lossless parser, or decimal
 * text) in the service's format; null stays null.
 */
export function moneyText(value: string | number | null | undefined): string | null {
  if (typeof value === 'number') return fixed12(decimalTextOfNumber(value));
  return typeof value === 'string' ? fixed12(value) : null;
}

/** ".000000000000" … ".990000000000": the fractional part of a whole number of cents. */
const CENT_FRACTIONS = Array.from({ length: 100 }, (_, i) => `.${String(i).padStart(2, '0')}0000000000`);

/** Below 10^15 cents a number of cents has at most 15 significant digits. */
const MAX_CENTS = 1e15;

/**
 * `n` in whole cents, when `n` is exactly the double of a decimal with at most two fractional digits
 * (most money); else null. `c / 100` is the double nearest to the decimal c·10⁻², so if it equals
 * `n`, that decimal and the shortest text of `n` (String(n)) map to the same double. Both have at most
 * 15 significant digits, and two such decimals never share a double (DBL_DIG), so they are the same
 * number: the result is what String(n) would have given, without formatting a double.
 */
export function centsOf(n: number): number | null {
  const cents = Math.round(n * 100);
  return cents / 100 === n && cents < MAX_CENTS && cents > -MAX_CENTS ? cents : null;
}

/**
 * The exact decimal text of a JS number with at least `scale` fractional digits — what
 * `Decimal.of(n).toFixed(Math.max(scale, d.scale))` gives, without the bigint work for the common
 * case (plain notation): millions of money values pass through here when estimates are opened.
 */
export function decimalTextOfNumber(n: number, scale: number = SERVICE_SCALE): string {
  if (scale === SERVICE_SCALE) {
    if (n === 0) return ZERO_TEXT; // -0 too, as String(-0) is "0"
    const cents = centsOf(n);
    if (cents !== null) {
      const abs = cents < 0 ? -cents : cents;
      const rest = abs % 100;
      return (cents < 0 ? '-' : '') + (abs - rest) / 100 + CENT_FRACTIONS[rest]!;
    }
  }
  const text = String(n);
  if (!/[eE]/.test(text)) {
    const dot = text.indexOf('.');
    const frac = dot === -1 ? '' : text.slice(dot + 1);
    if (frac.length <= scale) return (dot === -1 ? text : text.slice(0, dot)) + '.' + frac.padEnd(scale, '0');
  }
  const d = Decimal.of(n);
  return d.toFixed(Math.max(scale, d.scale));
}

// ---- rounding for people and documents ------------------------------------------------------------

const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/;

/**
 * The decimal text rounded to `scale` fractional digits (half away from zero), as text with exactly
 * that many digits; null when absent or not a number. Exact: a fast path on the digits for the
 * common case (plain text whose dropped digits round down), the Decimal class otherwise.
 */
export function roundedText(value: string | null | undefined, scale: number): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const m = PLAIN_DECIMAL.exec(value);
  if (m) {
    const frac = m[3] ?? '';
    const first = frac.charCodeAt(scale);
    // Digits beyond `scale` that start below 5 round towards zero: cut them off.
    if (frac.length <= scale || first < 53 /* '5' */) {
      const kept = frac.length === scale ? frac : frac.slice(0, scale).padEnd(scale, '0');
      let int = m[2] as string;
      if (int.length > 1 && int.charCodeAt(0) === 48 /* '0' */) int = int.replace(/^0+(?=\d)/, '');
      // "-0.001" rounds to "0.00", not "-0.00".
      const negative = m[1] === '-' && /[1-9]/.test(int + kept);
      return (negative ? '-' : '') + int + (scale > 0 ? '.' + kept : '');
    }
  }
  const d = Decimal.tryParse(value);
  return d === null ? null : d.toFixed(scale);
}

/** The value times 10^scale, rounded, as an integer (exact). */
export function scaledUnits(value: string | null | undefined, scale: number): bigint | null {
  const text = roundedText(value, scale);
  return text === null ? null : BigInt(text.replace('.', ''));
}

/** Inverse of scaledUnits: the decimal text of `units` / 10^scale. */
export function unitsText(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  return (negative ? '-' : '') + int + (scale > 0 ? '.' + digits.slice(digits.length - scale) : '');
}

/** For people in plain text (the CLI): `decimals` fractional digits, rounded half away from zero. */
export function plainMoney(text: string | null, decimals = 2): string {
  if (text === null) return '';
  const d = Decimal.tryParse(text);
  return d === null ? text : d.toFixed(decimals);
}

/** A quantity for people: its shortest exact text ("25.25", "1"). */
export function plainQuantity(text: string | null): string {
  if (text === null) return '';
  const d = Decimal.tryParse(text);
  return d === null ? text : d.toString();
}
