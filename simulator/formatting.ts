/**
 * Request language, measurement formatting and timestamp shapes.
 * Formatted values follow the plan's unit system only: the stored numbers are already in that
 * system, so no conversion happens here and no other unit is ever produced.
 */
import { LANGUAGES as LOCALES, type UiLanguage as Locale } from '../src-shared/i18n/languages';
import type { UnitSystem } from './data/types';
import { dimensionOf, unitFor } from '../src-shared/plans/units';

// The service answers in exactly the languages the app speaks.
export { LOCALES, type Locale };

/**
 * Picks the first allowed tag of an Accept-Language header (in q order). Only the five
 * language-COUNTRY tags of the spec count; anything else means English.
 */
export function resolveLocale(header: string | undefined): Locale {
  if (!header) return 'en-US';
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      let q = 1;
      for (const p of params) {
        const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
        if (m) q = Number(m[1]);
      }
      return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const r of ranges) {
    const hit = LOCALES.find((l) => l.toLowerCase() === r.tag);
    if (hit) return hit;
  }
  return 'en-US';
}

const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, digits: number): Intl.NumberFormat {
  const id = `${locale}/${digits}`;
  let f = formatters.get(id);
  if (!f) {
    f = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    formatters.set(id, f);
  }
  return f;
}

export function formatStatistics(
  stats: Record<string, number>,
  unitSystem: UnitSystem,
  locale: Locale,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(stats)) {
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    const kind = dimensionOf(key);
    if (kind === null) {
      out[key] = numberFormat(locale, Number.isInteger(value) ? 0 : 2).format(value);
    } else {
      out[key] = `${numberFormat(locale, 1).format(value)} ${unitFor(kind, unitSystem)}`;
    }
  }
  return out;
}

/** "3.50 m × 4.20 m" (width × length). */
export function formatDimensions(
  dims: { width: number; length: number },
  unitSystem: UnitSystem,
  locale: Locale,
): string {
  const f = numberFormat(locale, 2);
  const u = unitFor('length', unitSystem);
  return `${f.format(dims.width)} ${u} × ${f.format(dims.length)} ${u}`;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** `YYYY-MM-DDTHH:MM:SS+00:00` */
export function isoSeconds(ms: number): string {
  const d = new Date(ms);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}+00:00`
  );
}

/** `YYYY-MM-DDTHH:MM:SS.ffffff+00:00`, the live service's project timestamps. */
export function isoMicros(ms: number): string {
  const base = isoSeconds(ms);
  const micros = pad(Math.floor(((ms % 1000) + 1000) % 1000) * 1000, 6);
  return `${base.slice(0, 19)}.${micros}+00:00`;
}

/** `YYYY-MM-DD HH:MM:SS` (estimate detail, UTC). */
export function sqlTimestamp(ms: number): string {
  return isoSeconds(ms).slice(0, 19).replace('T', ' ');
}

/** Estimate detail timestamps (`YYYY-MM-DD HH:MM:SS`, UTC) in the list's ISO 8601 form. */
export function estimateTimestampToIso(text: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(text);
  if (m) return `${m[1]}T${m[2]}+00:00`;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? text : isoSeconds(ms);
}
