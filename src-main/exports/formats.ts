/**
 * Dates, money, quantities and rates in a document's language, from exact values: money stays a
 * Decimal until Intl formats its rounded text (Intl formats string input exactly, no float between).
 */
import type { Decimal } from '../../src-shared/money/decimal';
import type { UiLanguage } from '../../src-shared/i18n/languages';
import { cleanText } from './parties';

/** The calendar date of a service timestamp (`YYYY-MM-DD HH:MM:SS`, or ISO 8601), as UTC midnight. */
export function serviceDate(value: string | null | undefined): Date | null {
  if (typeof value !== 'string') return null;
  const m = /^\s*(\d{4})-(\d{2})-(\d{2})(?:$|[ T])/.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date;
}

/** The date in the language's numeric form (11/21/2025, 21.11.2025, 21/11/2025); odd text as sent. */
export function formatDate(language: UiLanguage, value: string | null | undefined): string {
  const date = serviceDate(value);
  if (date === null) return cleanText(value ?? '', 100);
  return new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  }).format(date);
}

/** The same numeric date form as an Excel number format. */
export function excelDateFormat(language: UiLanguage): string {
  if (language === 'en-US') return 'mm/dd/yyyy';
  if (language === 'de-DE') return 'dd.mm.yyyy';
  return 'dd/mm/yyyy';
}

// ---- currency and numbers -----------------------------------------------------------------------

export interface CurrencyInfo {
  code: string;
  symbol: string;
  /** The symbol comes before the number in this language. */
  prefix: boolean;
  /** Text between symbol and number (a space, or ''). */
  gap: string;
  /** The currency's usual fraction digits (2 for EUR, 0 for JPY). */
  digits: number;
}

/** How the language writes this currency; null when there is none or the code is not valid. */
export function currencyInfo(language: UiLanguage, currency: string | null | undefined): CurrencyInfo | null {
  if (typeof currency !== 'string') return null;
  const code = currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) return null;
  try {
    const nf = new Intl.NumberFormat(language, { style: 'currency', currency: code });
    const parts = nf.formatToParts(1);
    const at = parts.findIndex((p) => p.type === 'currency');
    const num = parts.findIndex((p) => p.type === 'integer');
    if (at < 0 || num < 0) return null;
    const between = parts.slice(Math.min(at, num) + 1, Math.max(at, num));
    const gap = between.some((p) => p.type === 'literal' && /\s/.test(p.value)) ? ' ' : '';
    return {
      code,
      symbol: parts[at]?.value ?? code,
      prefix: at < num,
      gap,
      digits: nf.resolvedOptions().maximumFractionDigits ?? 2,
    };
  } catch {
    return null;
  }
}

/** Formats exact money in the language: currency style, or a plain number when the currency is unknown. */
export class MoneyFormat {
  private readonly nf: Intl.NumberFormat;

  constructor(language: UiLanguage, currency: string | null | undefined) {
    const info = currencyInfo(language, currency);
    this.nf = info
      ? new Intl.NumberFormat(language, { style: 'currency', currency: info.code })
      : new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  }

  /**
   * The value rounded to the cent as a decimal string, handed to Intl as a string: Intl formats
   * string input exactly (no float in between).
   */
  format(value: Decimal | null): string {
    if (value === null) return '';
    return this.nf.format(value.toFixed(2) as `${number}`);
  }
}

export class QuantityFormat {
  private readonly nf: Intl.NumberFormat;
  constructor(language: UiLanguage) {
    this.nf = new Intl.NumberFormat(language, { maximumFractionDigits: 3 });
  }
  format(value: Decimal | null): string {
    if (value === null) return '';
    return this.nf.format(value.round(3).toString() as `${number}`);
  }
}

export class RateFormat {
  private readonly nf: Intl.NumberFormat;
  constructor(language: UiLanguage) {
    this.nf = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 });
  }
  /** A fraction ("0.190000000000") as a percentage ("19 %"). */
  format(value: Decimal | null): string {
    if (value === null) return '';
    return this.nf.format(value.round(6).toString() as `${number}`);
  }
}
