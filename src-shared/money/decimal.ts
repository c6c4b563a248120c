/**
 * Exact decimal numbers for money, rates and quantities.
 *
 * The service sends these with twelve fractional digits. Binary floats cannot hold them exactly
 * (0.1 + 0.2 !== 0.3), so every sum in PlanDesk goes through this type: an arbitrary-size integer
 * of units plus a scale (number of fractional digits). Values cross process boundaries as strings.
 */

/** The service's fixed scale for money and rate values. */
export const SERVICE_SCALE = 12;

const DECIMAL_TEXT = /^([+-])?(\d+)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$|^([+-])?\.(\d+)(?:[eE]([+-]?\d+))?$/;

/** Decimal text Decimal.tryParse reads: optional sign, digits with an optional point, an optional exponent. */
export function isDecimalText(text: string): boolean {
  return DECIMAL_TEXT.test(text.trim());
}

/** The most fractional digits we accept; guards against absurd exponents in hostile input. */
const MAX_SCALE = 64;

export class Decimal {
  private constructor(
    /** The value times 10^scale. */
    readonly units: bigint,
    readonly scale: number,
  ) {}

  static readonly ZERO = new Decimal(0n, 0);

  /** Parses decimal text (`-12.500000000000`, `3`, `1e-3`). Returns null when the text is not a number. */
  static tryParse(text: string): Decimal | null {
    const m = DECIMAL_TEXT.exec(text.trim());
    if (!m) return null;
    const sign = m[1] ?? m[5] ?? '';
    const intPart = m[2] ?? '0';
    const fracPart = m[3] ?? m[6] ?? '';
    const exp = Number(m[4] ?? m[7] ?? '0');
    if (!Number.isSafeInteger(exp) || Math.abs(exp) > 1000) return null;
    let digits = intPart + fracPart;
    let scale = fracPart.length - exp;
    if (scale < 0) {
      digits += '0'.repeat(-scale);
      scale = 0;
    }
    if (scale > MAX_SCALE) return null;
    const units = BigInt(digits) * (sign === '-' ? -1n : 1n);
    return new Decimal(units, scale);
  }

  /** Like tryParse, but throws a RangeError naming the bad text. */
  static parse(text: string): Decimal {
    const d = Decimal.tryParse(text);
    if (!d) throw new RangeError(`Not a decimal number: ${JSON.stringify(text.slice(0, 40))}`);
    return d;
  }

  /** Converts a JS integer exactly. Non-integers are refused: they may already have lost digits. */
  static fromInteger(n: number | bigint): Decimal {
    if (typeof n === 'number' && !Number.isSafeInteger(n)) {
      throw new RangeError(`Not a safe integer: ${n}`);
    }
    return new Decimal(BigInt(n), 0);
  }

  static of(value: Decimal | string | number | bigint): Decimal {
    if (value instanceof Decimal) return value;
    if (typeof value === 'string') return Decimal.parse(value);
    if (typeof value === 'bigint') return Decimal.fromInteger(value);
    // A JS number that reached us is parsed from its shortest round-trip text, which is exact for
    // any literal the number came from with at most 15 significant digits.
    if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
    return Decimal.parse(String(value));
  }

  static sum(values: Iterable<Decimal>): Decimal {
    let acc = Decimal.ZERO;
    for (const v of values) acc = acc.add(v);
    return acc;
  }

  private rescaled(scale: number): bigint {
    return this.units * 10n ** BigInt(scale - this.scale);
  }

  add(other: Decimal): Decimal {
    const scale = Math.max(this.scale, other.scale);
    return new Decimal(this.rescaled(scale) + other.rescaled(scale), scale);
  }

  sub(other: Decimal): Decimal {
    const scale = Math.max(this.scale, other.scale);
    return new Decimal(this.rescaled(scale) - other.rescaled(scale), scale);
  }

  mul(other: Decimal): Decimal {
    return new Decimal(this.units * other.units, this.scale + other.scale);
  }

  neg(): Decimal {
    return new Decimal(-this.units, this.scale);
  }

  cmp(other: Decimal): -1 | 0 | 1 {
    const scale = Math.max(this.scale, other.scale);
    const a = this.rescaled(scale);
    const b = other.rescaled(scale);
    return a < b ? -1 : a > b ? 1 : 0;
  }

  eq(other: Decimal): boolean {
    return this.cmp(other) === 0;
  }

  isZero(): boolean {
    return this.units === 0n;
  }

  isNegative(): boolean {
    return this.units < 0n;
  }

  /** Rounds half away from zero (commercial rounding) to `scale` fractional digits. */
  round(scale: number): Decimal {
    if (scale >= this.scale) return new Decimal(this.rescaled(scale), scale);
    const divisor = 10n ** BigInt(this.scale - scale);
    const negative = this.units < 0n;
    const abs = negative ? -this.units : this.units;
    let q = abs / divisor;
    if ((abs % divisor) * 2n >= divisor) q += 1n;
    return new Decimal(negative ? -q : q, scale);
  }

  /**
   * This ÷ `divisor`, rounded half away from zero to `scale` fractional digits (exact: the quotient
   * is computed on integers). Null when dividing by zero.
   */
  divRound(divisor: Decimal, scale: number): Decimal | null {
    if (divisor.units === 0n) return null;
    // (a / 10^sa) / (b / 10^sb) = a·10^(sb+scale) / (b·10^sa) in units of 10^-scale.
    let num = this.units * 10n ** BigInt(divisor.scale + scale);
    let den = divisor.units * 10n ** BigInt(this.scale);
    if (den < 0n) {
      num = -num;
      den = -den;
    }
    const negative = num < 0n;
    const abs = negative ? -num : num;
    let q = abs / den;
    if ((abs % den) * 2n >= den) q += 1n;
    return new Decimal(negative ? -q : q, scale);
  }

  /** Text with exactly `scale` fractional digits (rounded half away from zero when shortening). */
  toFixed(scale: number = SERVICE_SCALE): string {
    const r = this.round(scale);
    const negative = r.units < 0n;
    const digits = (negative ? -r.units : r.units).toString().padStart(scale + 1, '0');
    const int = digits.slice(0, digits.length - scale);
    const frac = digits.slice(digits.length - scale);
    return (negative ? '-' : '') + int + (scale > 0 ? '.' + frac : '');
  }

  /** The shortest exact text: no trailing fractional zeros. */
  toString(): string {
    const full = this.toFixed(this.scale);
    return full.includes('.') ? full.replace(/\.?0+$/, '') : full;
  }

  toJSON(): string {
    return this.toString();
  }

  /** Lossy: for charts and sorting only, never for sums. */
  toNumber(): number {
    return Number(this.toString());
  }
}
