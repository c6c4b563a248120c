import type { MoneyFormat } from '../../src-shared/money/format';

/**
 * The widest of many figures as a format prints them, without formatting each one: the widest is
 * the one with the most integer digits (a minus sign counts too), printed once as a stand-in.
 */
export class WidestFigure {
  private digits = 1;
  private negative = false;
  /** The most fractional digits of a unit price added (−1: none added; the format's digits count). */
  private fraction = -1;

  /** Exact decimal text ("-1234.500000000000"). */
  addText(text: string | null | undefined): void {
    if (typeof text !== 'string' || text === '') return;
    const minus = text.charCodeAt(0) === 45 /* - */ ? 1 : 0;
    const dot = text.indexOf('.');
    const digits = (dot < 0 ? text.length : dot) - minus;
    this.note(digits, minus === 1);
  }

  /**
   * A unit price as a client document prints it: exact text with exactly the fractional digits it is
   * printed with (estimates/net.ts `printedUnitPrice`); the sample then has as many as the longest.
   */
  addPrice(text: string | null | undefined): void {
    if (typeof text !== 'string' || text === '') return;
    this.addText(text);
    const dot = text.indexOf('.');
    this.fraction = Math.max(this.fraction, dot < 0 ? 0 : text.length - dot - 1);
  }

  /** A whole number of units of 10^-scale. */
  addUnits(units: bigint, scale: number): void {
    const negative = units < 0n;
    this.note((negative ? -units : units).toString().length - scale, negative);
  }

  private note(digits: number, negative: boolean): void {
    if (digits > this.digits || (digits === this.digits && negative)) {
      this.digits = digits;
      this.negative = negative;
    }
  }

  /** A figure as wide as the widest, as `format` prints it. */
  sample(format: MoneyFormat): string {
    const digits = this.fraction < 0 ? format.digits : Math.min(format.digits, this.fraction);
    const fraction = digits > 0 ? '.' + '8'.repeat(digits) : '';
    return format.formatText(`${this.negative ? '-' : ''}${'8'.repeat(Math.max(1, this.digits))}${fraction}`);
  }

  /** Characters the widest figure takes as `format` prints it. */
  chars(format: MoneyFormat): number {
    return this.sample(format).length;
  }
}
