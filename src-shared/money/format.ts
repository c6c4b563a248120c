/**
 * Money for people, in a given language: on screen (the UI language) and in documents (the
 * document's language), and the number formats of workbooks. Every figure is first rounded half away
 * from zero at the currency's own digits (currency.ts), exactly, as text; Intl then only lays that
 * text out (Intl formats string input exactly, no float in between).
 *
 * A well-formed code that is not a current currency is written with the code ("1.234,50 ABC"), and an
 * estimate without a currency gets plain numbers: never a symbol the service did not send.
 */
import { roundedText, unitsText } from './amounts';
import { currencyOf, DEFAULT_DIGITS, type Currency } from './currency';
import type { Decimal } from './decimal';

export interface MoneyFormatOptions {
  /** Without the currency's symbol (a table whose currency is named above it); default with. */
  symbol?: boolean;
  /** Digits beyond the currency's own (unit prices in an internal worksheet). */
  extraDigits?: number;
}

/** How one language writes one currency: the symbol, on which side, and with a space or not. */
export interface CurrencyLayout {
  symbol: string;
  prefix: boolean;
  gap: boolean;
}

/** Exact money in one language and currency. */
export class MoneyFormat {
  readonly currency: Currency | null;
  /** The digits every figure is rounded to. */
  readonly digits: number;
  private readonly nf: Intl.NumberFormat;
  /** Text the service sent as its currency that is no code at all ("EURO"): written after the number. */
  private readonly otherText: string;

  constructor(language: string, currency: unknown, options: MoneyFormatOptions = {}) {
    this.currency = currencyOf(currency);
    const sent = typeof currency === 'string' ? currency.replace(/[^\p{L}\p{N}.$€£¥ -]/gu, '').trim() : '';
    this.otherText = this.currency === null && options.symbol !== false ? sent.slice(0, 12) : '';
    const own = this.currency?.digits ?? DEFAULT_DIGITS;
    this.digits = own + (options.extraDigits ?? 0);
    const digits = { minimumFractionDigits: own, maximumFractionDigits: this.digits };
    this.nf =
      this.currency && options.symbol !== false
        ? new Intl.NumberFormat(language, { style: 'currency', currency: this.currency.code, ...digits })
        : new Intl.NumberFormat(language, digits);
  }

  /** An exact value, rounded at the currency's digits; '' for null. */
  format(value: Decimal | null): string {
    if (value === null) return '';
    return this.laidOut(value.toFixed(this.digits));
  }

  /** Exact decimal text ("1234.500000000000"); text that is not a number comes back as it was. */
  formatText(text: string | null | undefined): string {
    if (text === null || text === undefined) return '';
    const rounded = roundedText(text.trim(), this.digits);
    return rounded === null ? text : this.laidOut(rounded);
  }

  /** A whole number of minor units (10^-digits of the currency). */
  formatMinor(units: bigint): string {
    return this.laidOut(unitsText(units, this.currency?.digits ?? DEFAULT_DIGITS));
  }

  private laidOut(text: string): string {
    const number = this.nf.format(text as Intl.StringNumericLiteral);
    return this.otherText ? `${number} ${this.otherText}` : number;
  }

  /** The currency's layout in this language (null without a currency): for workbook number formats. */
  layout(): CurrencyLayout | null {
    if (!this.currency) return null;
    const parts = this.nf.formatToParts(1);
    const at = parts.findIndex((p) => p.type === 'currency');
    const num = parts.findIndex((p) => p.type === 'integer');
    if (at < 0 || num < 0) return null;
    const between = parts.slice(Math.min(at, num) + 1, Math.max(at, num));
    return {
      symbol: parts[at]!.value,
      prefix: at < num,
      gap: between.some((p) => p.type === 'literal' && /\s/u.test(p.value)),
    };
  }
}

const formats = new Map<string, MoneyFormat>();

/** One MoneyFormat per language, currency and options, kept (Intl formatters are costly to make). */
export function moneyFormat(
  language: string,
  currency: unknown,
  options: MoneyFormatOptions = {},
): MoneyFormat {
  const code = typeof currency === 'string' ? currency.trim().toUpperCase() : '';
  const key = `${language}|${code}|${options.symbol !== false}|${options.extraDigits ?? 0}`;
  let f = formats.get(key);
  if (!f) {
    f = new MoneyFormat(language, currency, options);
    formats.set(key, f);
  }
  return f;
}

/**
 * The service's exact decimal text as money in the language (`1.234,50 €` in de-DE, `¥1,235` in
 * en-US for JPY); unreadable text as it came. For the screens and the CLI.
 */
export function formatMoney(decimal: string, currency: string | null | undefined, language: string): string {
  return moneyFormat(language, currency).formatText(decimal);
}

/**
 * The Excel number format for money in this currency and language: `#,##0.00 "€"`, `"$"#,##0.00`,
 * `#,##0 "¥"`, `#,##0.000 "KWD"`; a plain `#,##0.00` without a currency. `hideZero` leaves a zero
 * cell blank (a discount column where most lines have none).
 */
export function excelMoneyFormat(
  language: string,
  currency: unknown,
  options: MoneyFormatOptions & { hideZero?: boolean } = {},
): string {
  const f = moneyFormat(language, currency, options);
  const own = f.currency?.digits ?? DEFAULT_DIGITS;
  const extra = f.digits - own;
  // Extra digits are optional (`#`), except after a currency without any: "1235." is no price.
  const fraction = own > 0 ? '0'.repeat(own) + '#'.repeat(extra) : '0'.repeat(extra);
  const number = '#,##0' + (fraction ? '.' + fraction : '');
  const layout = options.symbol === false ? null : f.layout();
  let positive = number;
  if (layout) {
    const symbol = layout.symbol.replace(/"/g, '');
    const gap = layout.gap ? ' ' : '';
    positive = layout.prefix ? `"${symbol}${gap}"${number}` : `${number}"${gap}${symbol}"`;
  }
  return options.hideZero ? `${positive};-${positive};""` : positive;
}

/** How many characters the widest of these values takes in a workbook's money format (for widths). */
export function moneyTextLength(
  language: string,
  currency: unknown,
  units: readonly bigint[],
  options: MoneyFormatOptions = {},
): number {
  const f = moneyFormat(language, currency, options);
  return units.reduce((w, u) => Math.max(w, f.formatMinor(u).length), 0);
}
