import { formatMoney as formatSharedMoney } from '../../../src-shared/money/format';
import { serviceTime } from '../../../src-shared/time/service-time';
import type { UiLanguage } from './languages';

/**
 * Dates, numbers and money for the UI language, with `Intl`. Pure functions (no DOM), cached
 * formatters. Missing or unreadable values give an empty string; the caller shows a placeholder.
 * Service timestamps are read the one way main reads them (src-shared/time/service-time.ts: a time
 * with no zone is UTC) and shown in the computer's zone.
 */

export interface FormatOptions {
  /** IANA time zone; the computer's own zone when omitted (tests pass one to be deterministic). */
  timeZone?: string;
}

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function dateFormat(lang: UiLanguage, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const cacheKey = `d|${lang}|${JSON.stringify(options)}`;
  let f = cache.get(cacheKey) as Intl.DateTimeFormat | undefined;
  if (!f) {
    f = new Intl.DateTimeFormat(lang, options);
    cache.set(cacheKey, f);
  }
  return f;
}

function numberFormat(lang: UiLanguage, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const cacheKey = `n|${lang}|${JSON.stringify(options)}`;
  let f = cache.get(cacheKey) as Intl.NumberFormat | undefined;
  if (!f) {
    f = new Intl.NumberFormat(lang, options);
    cache.set(cacheKey, f);
  }
  return f;
}

/** A calendar date: `21.11.2025` (de-DE), `Nov 21, 2025` (en-US). */
export function formatDate(
  iso: string | null | undefined,
  lang: UiLanguage,
  options: FormatOptions = {},
): string {
  const date = serviceTime(iso);
  if (!date) return '';
  return dateFormat(lang, { dateStyle: 'medium', ...options }).format(date);
}

/** Date and time to the minute. */
export function formatDateTime(
  iso: string | null | undefined,
  lang: UiLanguage,
  options: FormatOptions = {},
): string {
  const date = serviceTime(iso);
  if (!date) return '';
  return dateFormat(lang, { dateStyle: 'medium', timeStyle: 'short', ...options }).format(date);
}

const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A number for the language. Decimal strings are passed to Intl as strings, so no digit is lost to
 * a float conversion.
 */
export function formatNumber(
  value: number | bigint | string,
  lang: UiLanguage,
  options: Intl.NumberFormatOptions = {},
): string {
  if (typeof value === 'string') {
    const text = value.trim();
    if (!DECIMAL_TEXT.test(text)) return value;
    return numberFormat(lang, { maximumFractionDigits: 20, ...options }).format(
      text as Intl.StringNumericLiteral,
    );
  }
  return numberFormat(lang, options).format(value);
}

/**
 * Money from the service's exact decimal text (`"1234.500000000000"`), rounded half away from zero at
 * the currency's own digits (ISO 4217: 2 for EUR, 0 for JPY, 3 for KWD) by the one money module of
 * screens and documents (src-shared/money): `1.234,50 €` in de-DE. Unreadable amounts are returned as
 * they came; a code that is not a currency is shown as the code, and no currency as a plain number.
 */
export function formatMoney(decimal: string, currency: string, lang: UiLanguage): string {
  return formatSharedMoney(decimal, currency, lang);
}

/**
 * A percentage that is already ×100 as exact decimal text (`"19"`, `"7.5"`), with the language's
 * percent sign and spacing (`19 %` in de-DE and fr-FR, `19%` in en-US). Intl's `unit: percent` does
 * not multiply, and the text goes to Intl as text, so no digit is lost.
 */
export function formatPercent(percent: string, lang: UiLanguage): string {
  const text = percent.trim();
  if (!DECIMAL_TEXT.test(text)) return percent;
  return numberFormat(lang, { style: 'unit', unit: 'percent', maximumFractionDigits: 12 }).format(
    text as Intl.StringNumericLiteral,
  );
}

/** A moment of today as its time alone (`6:32 PM`), any other as date and time. */
export function formatMoment(
  iso: string | null | undefined,
  lang: UiLanguage,
  options: FormatOptions & { now?: Date } = {},
): string {
  const date = serviceTime(iso);
  if (!date) return '';
  const { now = new Date(), ...rest } = options;
  const day = dateFormat(lang, { dateStyle: 'short', ...rest });
  if (day.format(date) !== day.format(now)) return formatDateTime(iso, lang, rest);
  return dateFormat(lang, { timeStyle: 'short', ...rest }).format(date);
}
