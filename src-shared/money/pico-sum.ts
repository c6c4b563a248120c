/**
 * An exact running sum of decimal texts: the totals of an estimate add up some 160,000 amounts, and
 * a bigint per amount (Decimal) costs more than everything else in building the tree.
 *
 * The service's canonical form (`-?d.dddddddddddd`, at most 15 integer digits) is read into two
 * integers held in doubles: whole units and 10⁻¹² units. Each is below 2⁵⁰ and every accumulator is
 * moved into a bigint before it can pass 2⁵², so every addition is exact integer arithmetic; no
 * fraction is ever held in binary. Any other text goes through Decimal (exact, slower).
 *
 * An amount that arrived as a whole number of cents (most money: estimates/amount-texts.ts knows
 * which) is added as that integer (`addCents`), with no text to read at all.
 */
import { Decimal, PICO, SERVICE_SCALE } from './amounts';

const PICO_PER_UNIT = 1e12;
const PICO_PER_UNIT_BIG = 10n ** 12n;
const PICO_PER_CENT = 1e10;
const PICO_PER_CENT_BIG = 10n ** 10n;
/** Accumulators stay below this; an addend is below 2⁵⁰ (15 digits), so a sum stays below 2⁵³. */
const FLUSH_AT = 2 ** 52;
/** The most integer digits read into a double (10¹⁵ < 2⁵⁰). */
const MAX_WHOLE_DIGITS = 15;

export class PicoSum {
  /** Σ integer parts; each part carries the sign of its amount. */
  private whole = 0;
  /** Σ fractional parts in 10⁻¹² units, signed like `whole`'s parts. */
  private pico = 0;
  /** Σ whole numbers of cents (each below 10¹⁵ in magnitude, so below 2⁵⁰). */
  private cents = 0;
  /** What was flushed out of the three above, in 10⁻¹² units. */
  private big = 0n;
  /** Amounts not in the canonical form (more digits than a double holds, or more than 12 fractional). */
  private rest: Decimal | null = null;
  /** Where this sum reads an amount's two parts into (no object per amount). */
  private readonly parts = new CanonicalParts();

  /** Adds a decimal text; null, and text that is not a number, count as zero (as in the totals). */
  add(text: string | null | undefined): void {
    if (text === null || text === undefined) return;
    const parts = this.parts;
    if (parts.read(text)) this.addParts(parts.whole, parts.pico);
    else this.addOther(text);
  }

  /** Adds an amount given as its whole number of cents (an integer below 10¹⁵ in magnitude). */
  addCents(cents: number): void {
    this.cents += cents;
    if (this.cents >= FLUSH_AT || this.cents <= -FLUSH_AT) this.flushCents();
  }

  /** Subtracts a decimal text; null, and text that is not a number, count as zero. */
  subtract(text: string | null | undefined): void {
    if (text === null || text === undefined) return;
    const parts = this.parts;
    if (parts.read(text)) this.addParts(-parts.whole, -parts.pico);
    else {
      const d = Decimal.tryParse(text);
      if (d !== null && !d.isZero()) this.rest = this.rest === null ? d.neg() : this.rest.sub(d);
    }
  }

  /** Back to zero, to be used again. */
  reset(): void {
    this.whole = 0;
    this.pico = 0;
    this.cents = 0;
    this.big = 0n;
    this.rest = null;
  }

  /** Adds one amount to two sums (a room's net and its unit's), reading it once. */
  static addToBoth(text: string | null | undefined, first: PicoSum, second: PicoSum | null): void {
    if (text === null || text === undefined) return;
    const parts = first.parts;
    if (parts.read(text)) {
      first.addParts(parts.whole, parts.pico);
      second?.addParts(parts.whole, parts.pico);
    } else {
      first.addOther(text);
      second?.addOther(text);
    }
  }

  addSum(other: PicoSum): void {
    this.whole += other.whole;
    this.pico += other.pico;
    this.big += other.big;
    this.addCents(other.cents);
    if (other.rest !== null) this.rest = this.rest === null ? other.rest : this.rest.add(other.rest);
    this.flushIfLarge();
  }

  /** Takes another sum off this one. */
  subtractSum(other: PicoSum): void {
    this.whole -= other.whole;
    this.pico -= other.pico;
    this.big -= other.big;
    this.addCents(-other.cents);
    if (other.rest !== null) this.rest = this.rest === null ? other.rest.neg() : this.rest.sub(other.rest);
    this.flushIfLarge();
  }

  toDecimal(): Decimal {
    const units =
      this.big +
      BigInt(this.whole) * PICO_PER_UNIT_BIG +
      BigInt(this.pico) +
      BigInt(this.cents) * PICO_PER_CENT_BIG;
    const sum = Decimal.fromInteger(units).mul(PICO);
    return this.rest === null ? sum : sum.add(this.rest);
  }

  /** Exactly twelve fractional digits (rounded half away from zero only if an amount had more). */
  toText(): string {
    if (this.big !== 0n || this.rest !== null) return this.toDecimal().toFixed(SERVICE_SCALE);
    // Cents into whole units and 10⁻¹² units, carry whole units out of the fractional sum, then
    // give both parts the same sign. All exact: integers below 2⁵³.
    const centUnits = Math.trunc(this.cents / 100);
    const picoSum = this.pico + (this.cents - centUnits * 100) * PICO_PER_CENT;
    const carry = Math.trunc(picoSum / PICO_PER_UNIT);
    let whole = this.whole + centUnits + carry;
    let pico = picoSum - carry * PICO_PER_UNIT;
    if (whole > 0 && pico < 0) {
      whole -= 1;
      pico += PICO_PER_UNIT;
    } else if (whole < 0 && pico > 0) {
      whole += 1;
      pico -= PICO_PER_UNIT;
    }
    const negative = whole < 0 || pico < 0;
    const fraction = String(negative ? -pico : pico).padStart(SERVICE_SCALE, '0');
    return `${negative ? '-' : ''}${negative ? -whole : whole}.${fraction}`;
  }

  private addParts(whole: number, pico: number): void {
    this.whole += whole;
    this.pico += pico;
    this.flushIfLarge();
  }

  private addOther(text: string): void {
    const d = Decimal.tryParse(text);
    if (d === null || d.isZero()) return;
    this.rest = this.rest === null ? d : this.rest.add(d);
  }

  private flushCents(): void {
    this.big += BigInt(this.cents) * PICO_PER_CENT_BIG;
    this.cents = 0;
  }

  private flushIfLarge(): void {
    if (this.whole < FLUSH_AT && this.whole > -FLUSH_AT && this.pico < FLUSH_AT && this.pico > -FLUSH_AT)
      return;
    this.big += BigInt(this.whole) * PICO_PER_UNIT_BIG + BigInt(this.pico);
    this.whole = 0;
    this.pico = 0;
  }
}

/**
 * Reads `-?d.dddddddddddd` (at most 15 integer digits) into two integers: the signed integer part and
 * the signed 10⁻¹² units. Fields rather than a returned object: this runs 160,000 times per estimate.
 */
class CanonicalParts {
  whole = 0;
  pico = 0;

  /** False (and the fields untouched) for any other text. */
  read(text: string): boolean {
    const n = text.length;
    const dot = n - 13;
    const start = text.charCodeAt(0) === 45 /* - */ ? 1 : 0;
    if (dot <= start || dot - start > MAX_WHOLE_DIGITS || text.charCodeAt(dot) !== 46 /* . */) return false;
    let whole = 0;
    for (let i = start; i < dot; i++) {
      const digit = text.charCodeAt(i) - 48;
      if (digit < 0 || digit > 9) return false;
      whole = whole * 10 + digit;
    }
    let pico = 0;
    for (let i = dot + 1; i < n; i++) {
      const digit = text.charCodeAt(i) - 48;
      if (digit < 0 || digit > 9) return false;
      pico = pico * 10 + digit;
    }
    this.whole = start === 1 ? -whole : whole;
    this.pico = start === 1 ? -pico : pico;
    return true;
  }
}
