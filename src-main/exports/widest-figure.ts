import type { MoneyFormat } from '../../src-shared/money/format';

/**
 * The widest of many figures as a format prints them, without formatting each one: the widest is
 * the one with the most integer digits (a minus sign counts too), printed once as a stand-in.
 */
export class WidestFigure {
  private digits = 1;
  private negative = false;

  /** Exact decimal text ("-1234.500000000000"). */
  addText(text: string | null | undefined): void {
    if (typeof text !== 'string' || text === '') return;
    const minus = text.charCodeAt(0) === 45 /* - */ ? 1 : 0;
    const dot = text.indexOf('.');
    const digits = (dot < 0 ? text.length : dot) - minus;
    this.note(digits, minus === 1);
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
    const fraction = format.digits > 0 ? '.' + '8'.repeat(format.digits) : '';
    return format.formatText(`${this.negative ? '-' : ''}${'8'.repeat(Math.max(1, this.digits))}${fraction}`);
  }

  /** Characters the widest figure takes as `format` prints it. */
  chars(format: MoneyFormat): number {
    return this.sample(format).length;
  }
}
