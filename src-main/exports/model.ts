/**
 * What the Excel and PDF writers share: the estimate tree walked into rows, exact sums for group
 * subtotals, and the formatting of parties, dates, money, quantities and rates. Money stays a
 * Decimal (exact) from the document's strings to the text or cell it ends up in.
 */
import { Decimal } from '../../src-shared/money/decimal';
import type { EstimateNode, EstimateParty } from '../../src-shared/estimates/types';
import type { UiLanguage } from '../../src-shared/ipc/contract';
import type { AmountColumn } from './options';

// ---- the tree as rows ---------------------------------------------------------------------------

export interface ItemRow {
  node: EstimateNode;
  isGroup: boolean;
  /** 0 for top-level items. */
  depth: number;
  /** Outline number: "2.1.3" is the third child of the first child of the second top-level item. */
  path: string;
  /** Index of the parent row, -1 at the top. */
  parent: number;
  /** Index of the last row of this item's subtree (its own index when it has no children). */
  end: number;
}

/**
 * Depth-first, children in the document's order. Iterative (a hostile, very deep tree cannot
 * overflow the stack) and safe against a node object appearing twice (it is listed once).
 */
export function flattenTree(tree: readonly EstimateNode[] | null | undefined): ItemRow[] {
  const rows: ItemRow[] = [];
  const seen = new Set<EstimateNode>();
  interface Frame {
    children: readonly EstimateNode[];
    next: number;
    depth: number;
    parent: number;
    prefix: string;
    number: number;
  }
  const stack: Frame[] = [{ children: tree ?? [], next: 0, depth: 0, parent: -1, prefix: '', number: 0 }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    if (frame.next >= frame.children.length) {
      stack.pop();
      if (frame.parent >= 0) (rows[frame.parent] as ItemRow).end = rows.length - 1;
      continue;
    }
    const node = frame.children[frame.next++];
    if (!node || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    frame.number++;
    const index = rows.length;
    const path = frame.prefix + String(frame.number);
    rows.push({
      node,
      isGroup: node.type === 'group',
      depth: frame.depth,
      path,
      parent: frame.parent,
      end: index,
    });
    const children = Array.isArray(node.children) ? node.children : [];
    if (children.length > 0) {
      stack.push({ children, next: 0, depth: frame.depth + 1, parent: index, prefix: `${path}.`, number: 0 });
    }
  }
  return rows;
}

// ---- exact money --------------------------------------------------------------------------------

/** The decimal in a document field; null when absent or not a number. */
export function dec(value: string | null | undefined): Decimal | null {
  if (typeof value !== 'string' || value === '') return null;
  return Decimal.tryParse(value);
}

const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/;

/**
 * The decimal text rounded to `scale` fractional digits (half away from zero), as text with exactly
 * that many digits; null when absent or not a number. Exact: a fast path on the digits for the
 * common case (plain text whose dropped digits round down), the Decimal class otherwise.
 */
export function roundedText(value: string | null | undefined, scale: number): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const m = PLAIN_DECIMAL.exec(value);
  if (m) {
    const frac = m[3] ?? '';
    const first = frac.charCodeAt(scale);
    // Digits beyond `scale` that start below 5 round towards zero: cut them off.
    if (frac.length <= scale || first < 53 /* '5' */) {
      const kept = frac.length === scale ? frac : frac.slice(0, scale).padEnd(scale, '0');
      let int = m[2] as string;
      if (int.length > 1 && int.charCodeAt(0) === 48 /* '0' */) int = int.replace(/^0+(?=\d)/, '');
      // "-0.001" rounds to "0.00", not "-0.00".
      const negative = m[1] === '-' && /[1-9]/.test(int + kept);
      return (negative ? '-' : '') + int + (scale > 0 ? '.' + kept : '');
    }
  }
  const d = Decimal.tryParse(value);
  return d === null ? null : d.toFixed(scale);
}

/** The value times 10^scale, rounded, as an integer (exact). */
export function scaledUnits(value: string | null | undefined, scale: number): bigint | null {
  const text = roundedText(value, scale);
  return text === null ? null : BigInt(text.replace('.', ''));
}

/** Inverse of scaledUnits: the decimal text of `units` / 10^scale. */
export function unitsText(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  return (negative ? '-' : '') + int + (scale > 0 ? '.' + digits.slice(digits.length - scale) : '');
}

/**
 * Per row, the sum over the positions of its subtree of each amount column (a position's own value
 * included): what a group's subtotal shows. In units of 10^-scale, each position's value rounded to
 * `scale` digits first: scale 2 adds the cent values that Excel's cells hold; the service's scale
 * (12) adds the exact values.
 */
export function subtreeSums(
  rows: readonly ItemRow[],
  columns: readonly AmountColumn[],
  scale: number,
): Map<AmountColumn, bigint[]> {
  const sums = new Map<AmountColumn, bigint[]>();
  for (const column of columns) {
    const acc: bigint[] = rows.map((row) =>
      row.isGroup ? 0n : (scaledUnits(row.node[column], scale) ?? 0n),
    );
    for (let i = rows.length - 1; i >= 0; i--) {
      const parent = (rows[i] as ItemRow).parent;
      if (parent >= 0) acc[parent] = (acc[parent] as bigint) + (acc[i] as bigint);
    }
    sums.set(column, acc);
  }
  return sums;
}

/** The sum of the top-level rows' entries: the whole estimate. */
export function rootSum(rows: readonly ItemRow[], sums: readonly bigint[]): bigint {
  let total = 0n;
  for (let i = 0; i < rows.length; i++) if ((rows[i] as ItemRow).parent === -1) total += sums[i] as bigint;
  return total;
}

/** The single tax rate of all positions (ignoring positions without one), or null when they differ. */
export function singleTaxRate(rows: readonly ItemRow[]): Decimal | null {
  let rate: Decimal | null = null;
  for (const row of rows) {
    if (row.isGroup) continue;
    const r = dec(row.node.tax);
    if (r === null) continue;
    if (rate === null) rate = r;
    else if (!rate.eq(r)) return null;
  }
  return rate;
}

// ---- text ---------------------------------------------------------------------------------------

// Control characters other than tab and newline (invalid in XML, noise in a PDF).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Printable text: control characters dropped, CRLF normalised, at most `max` characters. */
export function cleanText(value: unknown, max = 32_000): string {
  if (value === null || value === undefined) return '';
  let s = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  if (s.length > max) s = s.slice(0, max - 1) + '…';
  return s.replace(/\r\n?/g, '\n').replace(CONTROL, '');
}

/** A party's field as text ('' when absent or not text). */
export function partyField(party: EstimateParty | null | undefined, key: string): string {
  if (!party || typeof party !== 'object') return '';
  const v = party[key];
  return typeof v === 'string' || typeof v === 'number' ? cleanText(v, 2_000).trim() : '';
}

function joinNonEmpty(parts: string[], sep: string): string {
  return parts.filter((p) => p !== '').join(sep);
}

export interface CustomerLines {
  /** "Firstname Lastname", or the company when there is no person. */
  name: string;
  company: string;
  street: string;
  /** "zip city" plus area. */
  place: string;
  country: string;
  email: string;
  phone: string;
  taxId: string;
}

export function customerLines(c: EstimateParty | null | undefined): CustomerLines {
  const person = joinNonEmpty([partyField(c, 'firstname'), partyField(c, 'lastname')], ' ');
  const company = partyField(c, 'company');
  return {
    name: person || company,
    company: person ? company : '',
    street: partyField(c, 'address'),
    place: joinNonEmpty(
      [joinNonEmpty([partyField(c, 'zip'), partyField(c, 'city')], ' '), partyField(c, 'area')],
      ', ',
    ),
    country: partyField(c, 'country'),
    email: partyField(c, 'email'),
    phone: partyField(c, 'phone'),
    taxId: partyField(c, 'tax_id'),
  };
}

export interface CompanyLines {
  name: string;
  street: string;
  place: string;
  country: string;
  email: string;
  phone: string;
  website: string;
}

export function companyLines(c: EstimateParty | null | undefined): CompanyLines {
  return {
    name: partyField(c, 'company'),
    street: partyField(c, 'street'),
    place: joinNonEmpty(
      [joinNonEmpty([partyField(c, 'postal_code'), partyField(c, 'city')], ' '), partyField(c, 'province')],
      ', ',
    ),
    country: partyField(c, 'country'),
    email: partyField(c, 'email'),
    phone: partyField(c, 'phone'),
    website: partyField(c, 'website'),
  };
}

export interface ProjectLines {
  name: string;
  address: string;
}

export function projectLines(p: EstimateParty | null | undefined): ProjectLines {
  const a = p && typeof p === 'object' ? (p['address'] as EstimateParty | null | undefined) : null;
  return {
    name: partyField(p, 'name'),
    address: joinNonEmpty(
      [
        partyField(a, 'street'),
        joinNonEmpty([partyField(a, 'postal_code'), partyField(a, 'city')], ' '),
        partyField(a, 'country'),
      ],
      ', ',
    ),
  };
}

// ---- dates --------------------------------------------------------------------------------------

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
