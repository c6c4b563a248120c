/**
 * Dates, quantities and rates in a document's language, from exact values, beside its money
 * (src-shared/money/format.ts: the currency's digits, rounding and layout).
 */
import type { Decimal } from '../../src-shared/money/decimal';
import type { UiLanguage } from '../../src-shared/i18n/languages';
import { moneyFormat, type MoneyFormat, type MoneyFormatOptions } from '../../src-shared/money/format';
import type { ExportColumnKey } from '../../src-shared/estimates/columns';
import {
  columnValue,
  printedUnitPrice,
  UNIT_PRICE_EXTRA_DIGITS,
  type UnitPriceBasis,
} from '../../src-shared/estimates/net';
import type { EstimateRow } from '../../src-shared/estimates/types';
import { serviceDateAsWritten } from '../../src-shared/time/service-time';
import { cleanText } from './parties';

/** The calendar date of a service timestamp as written, as UTC midnight (the one reading of stamps). */
export { serviceDateAsWritten as serviceDate };

/** The date in the language's numeric form (11/21/2025, 21.11.2025, 21/11/2025); odd text as sent. */
export function formatDate(language: UiLanguage, value: string | null | undefined): string {
  const date = serviceDateAsWritten(value);
  if (date === null) return cleanText(value ?? '', 100);
  return new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  }).format(date);
}

/**
 * A service timestamp with its time to the minute, as the service wrote it (its clock, not this
 * computer's: the same stamp reads the same in every document); a date alone when it has no time.
 */
export function formatDateTime(language: UiLanguage, value: string | null | undefined): string {
  if (typeof value !== 'string') return '';
  const m = /^\s*(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(value);
  const date = serviceDateAsWritten(value);
  if (!m || date === null) return formatDate(language, value);
  const at = new Date(date.getTime() + (Number(m[4]) * 60 + Number(m[5])) * 60_000);
  return new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(at);
}

/** The same numeric date form as an Excel number format. */
export function excelDateFormat(language: UiLanguage): string {
  if (language === 'en-US') return 'mm/dd/yyyy';
  if (language === 'de-DE') return 'dd.mm.yyyy';
  return 'dd/mm/yyyy';
}

// ---- numbers -----------------------------------------------------------------------------------

/**
 * Digits a quantity keeps in a document (PDF and workbook alike): enough that the printed quantity is
 * the service's own (12.5, 0.125, 1.333333), so quantity × unit price can be checked as printed.
 */
export const QUANTITY_DIGITS = 6;

export class QuantityFormat {
  private readonly nf: Intl.NumberFormat;
  constructor(language: UiLanguage) {
    this.nf = new Intl.NumberFormat(language, { maximumFractionDigits: QUANTITY_DIGITS });
  }
  format(value: Decimal | null): string {
    if (value === null) return '';
    return this.nf.format(value.round(QUANTITY_DIGITS).toString() as `${number}`);
  }
}

/**
 * What a document prints in a unit-price column: the client's unit price at the digits that make its
 * line check on a calculator (estimates/net.ts `printedUnitPrice`), a cost-side one as sent.
 */
export function unitPriceText(
  row: EstimateRow,
  key: ExportColumnKey,
  basis: UnitPriceBasis,
  /** The currency's digits. */
  digits: number,
): string | null {
  if (key !== 'net_unit_price') return columnValue(row, key, basis);
  // Asked twice per row (a column's width, then its cell): worked out once.
  const known = printedPrices.get(row);
  if (known && known.basis === basis && known.digits === digits) return known.price;
  const price = printedUnitPrice(row, basis, digits, QUANTITY_DIGITS);
  printedPrices.set(row, { basis, digits, price });
  return price;
}

const printedPrices = new WeakMap<
  EstimateRow,
  { basis: UnitPriceBasis; digits: number; price: string | null }
>();

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

/** The number formats of one document: its language and its currency (src-shared/money). */
export interface Formats {
  money: MoneyFormat;
  /** The client's unit prices: the currency's digits, or up to four more (estimates/net.ts). */
  unitPrice: MoneyFormat;
  quantity: QuantityFormat;
  rate: RateFormat;
}

export function documentFormats(
  language: UiLanguage,
  currency: string | null | undefined,
  options: MoneyFormatOptions = {},
): Formats {
  return {
    money: moneyFormat(language, currency, options),
    unitPrice: moneyFormat(language, currency, { ...options, extraDigits: UNIT_PRICE_EXTRA_DIGITS }),
    quantity: new QuantityFormat(language),
    rate: new RateFormat(language),
  };
}
