/**
 * A currency's minor-unit digits (ISO 4217) and exact rounding to them: the one home of "how many
 * decimals does this currency have", for the documents, the screens and the CLI alike.
 *
 * Intl knows the digits of every current currency, from CLDR; CLDR gives some currencies the digits
 * people pay cash in (0 for HUF and IDR, whose ISO 4217 minor unit is 2; 0 for IQD, whose is 3). A
 * quote is an invoice-like document, so ISO 4217 wins where the two are known to differ.
 */
import { Decimal } from './decimal';

/** ISO 4217 minor units where Intl (CLDR, in some ICU version) says otherwise. */
const ISO_DIGITS_WHERE_INTL_DIFFERS: Readonly<Record<string, number>> = {
  AFN: 2,
  ALL: 2,
  COP: 2,
  HUF: 2,
  IDR: 2,
  IQD: 3,
  IRR: 2,
  KPW: 2,
  LAK: 2,
  LBP: 2,
  MGA: 2,
  MMK: 2,
  PKR: 2,
  RSD: 2,
  SLE: 2,
  SLL: 2,
  SOS: 2,
  SYP: 2,
  TWD: 2,
  YER: 2,
};

/** Digits of a currency nobody knows (or none given): what most currencies have. */
export const DEFAULT_DIGITS = 2;

export interface Currency {
  /** The ISO code, upper-case ("EUR"). */
  code: string;
  /** Minor-unit digits: 2 for EUR, 0 for JPY, 3 for KWD. */
  digits: number;
  /** A current ISO 4217 currency; false for a well-formed code nobody issues ("ABC", "DEM"). */
  known: boolean;
}

let currentCodes: ReadonlySet<string> | null | undefined;

/** The currencies this engine knows as current; null when it cannot list them (then any code passes). */
function knownCodes(): ReadonlySet<string> | null {
  if (currentCodes !== undefined) return currentCodes;
  try {
    const list = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('currency');
    currentCodes = list ? new Set([...list, ...Object.keys(ISO_DIGITS_WHERE_INTL_DIFFERS)]) : null;
  } catch {
    currentCodes = null;
  }
  return currentCodes;
}

const cache = new Map<string, Currency>();

/**
 * The currency of a code as the service sent it (" eur " reads as EUR); null when there is none or
 * it is not three letters. A well-formed code that is not a current currency comes back with
 * `known: false` and two digits: documents then print the code, and say so.
 */
export function currencyOf(value: unknown): Currency | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) return null;
  const hit = cache.get(code);
  if (hit) return hit;
  const codes = knownCodes();
  const known = codes === null || codes.has(code);
  let digits = ISO_DIGITS_WHERE_INTL_DIFFERS[code];
  if (digits === undefined) {
    try {
      digits = known
        ? (new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).resolvedOptions()
            .maximumFractionDigits ?? DEFAULT_DIGITS)
        : DEFAULT_DIGITS;
    } catch {
      digits = DEFAULT_DIGITS;
    }
  }
  const currency: Currency = { code, digits, known };
  cache.set(code, currency);
  return currency;
}

/** The fraction digits of a currency (2 for EUR, 0 for JPY, 3 for KWD); 2 when unknown or absent. */
export function currencyDigits(currency: string | null | undefined): number {
  return currencyOf(currency)?.digits ?? DEFAULT_DIGITS;
}

/** What is wrong with an estimate's currency for a document, if anything. */
export type CurrencyProblem = 'missing' | 'unknown';

export function currencyProblem(value: unknown): CurrencyProblem | null {
  const currency = currencyOf(value);
  if (currency === null) return 'missing';
  return currency.known ? null : 'unknown';
}

// ---- exact rounding at the currency's digits ------------------------------------------------------

/** The value rounded half away from zero to `digits`, in units of 10^-digits (exact). */
export function minorUnits(value: Decimal, digits: number): bigint {
  return value.round(digits).units;
}

/** Units of 10^-digits back to an exact Decimal. */
export function fromMinorUnits(units: bigint, digits: number): Decimal {
  return Decimal.fromInteger(units).mul(Decimal.parse(`1e-${digits}`));
}

/** The value rounded half away from zero to the currency's digits. */
export function roundMoney(value: Decimal, currency: string | null | undefined): Decimal {
  return value.round(currencyDigits(currency));
}

/** True when the value has no digits beyond the currency's minor unit (12.50 in EUR, not 12.505). */
export function fitsDigits(value: Decimal, digits: number): boolean {
  return value.round(digits).eq(value);
}
