/**
 * Number helpers of the generator. Measurements are integer hundredths (so statistics add up
 * exactly); money is `Decimal`, written as the service's twelve-fractional-digit text.
 */
import { Decimal, SERVICE_SCALE } from '../../src-shared/money/decimal';

export function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** Integer hundredths → plain number (e.g. 1234 → 12.34). */
export function h2n(hundredths: number): number {
  return hundredths / 100;
}

/** Rounds a float to two decimals (only for values derived from catalogue dimensions). */
export function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

export const FEET_PER_METRE = 3.28084;

const CENT = Decimal.parse('0.01');
export const ONE = Decimal.fromInteger(1);

export function fromHundredths(n: number): Decimal {
  return Decimal.fromInteger(n).mul(CENT);
}
const ZERO_TEXT = Decimal.ZERO.toFixed(SERVICE_SCALE);
const FRACTION_PAD = '0'.repeat(SERVICE_SCALE);

/**
 * The service's twelve-fractional-digit text of a decimal. Values with at most twelve fractional
 * digits (all of ours) are written straight from their digits; anything else goes through
 * `Decimal.toFixed`, which rounds.
 */
export function fx(d: Decimal): string {
  if (d.units === 0n) return ZERO_TEXT;
  if (d.scale > SERVICE_SCALE) return d.toFixed(SERVICE_SCALE);
  const negative = d.units < 0n;
  const digits = (negative ? -d.units : d.units).toString().padStart(d.scale + 1, '0');
  const cut = digits.length - d.scale;
  const fraction = (digits.slice(cut) + FRACTION_PAD).slice(0, SERVICE_SCALE);
  return `${negative ? '-' : ''}${digits.slice(0, cut)}.${fraction}`;
}

const FIXED_TEXT = /^-?\d+\.\d{12}$/;
const SCALE_UNIT = Decimal.parse(`0.${'0'.repeat(SERVICE_SCALE - 1)}1`);

/** Parses decimal text; the service's fixed twelve-digit form takes a fast path. */
export function parseDecimal(text: string): Decimal {
  if (FIXED_TEXT.test(text)) {
    return Decimal.fromInteger(BigInt(text.slice(0, -13) + text.slice(-12))).mul(SCALE_UNIT);
  }
  return Decimal.parse(text);
}
