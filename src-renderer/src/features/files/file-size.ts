import type { UiLanguage } from '../../i18n/languages';

/**
 * File sizes and upload progress for the UI language, with Intl's byte units (decimal: 1 kB =
 * 1,000 bytes), so each language gets its own decimal sign and symbols (French "Mo"). Pure.
 */

const UNITS = ['kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

const cache = new Map<string, Intl.NumberFormat>();
function format(lang: UiLanguage, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang, options);
    cache.set(key, f);
  }
  return f;
}

/** "512 bytes", "3.2 MB", "48 MB" ("3,2 Mo" in French); '' for a missing or unreadable size. */
export function formatFileSize(bytes: number | null | undefined, lang: UiLanguage): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1000) {
    return format(lang, { style: 'unit', unit: 'byte', unitDisplay: 'long' }).format(Math.round(bytes));
  }
  const shown = (v: number) => (v < 10 ? Math.round(v * 10) / 10 : Math.round(v));
  let value = bytes / 1000;
  let unit = 0;
  // Move up a unit while the number would read 1,000 or more once rounded.
  while (unit < UNITS.length - 1 && shown(value) >= 1000) {
    value /= 1000;
    unit += 1;
  }
  return format(lang, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}

/** Every byte, grouped as the language does ("1,000,512 bytes", "1.000.512 Byte"): sizes that differ little. */
export function formatExactBytes(bytes: number, lang: UiLanguage): string {
  return format(lang, { style: 'unit', unit: 'byte', unitDisplay: 'long' }).format(Math.round(bytes));
}

/**
 * The parts of "3.2 MB of 50 MB · 6 %": bytes sent, bytes in all and the share sent (rounded down,
 * so it says 100 % only when everything is sent). Without a total, only `done`.
 */
export function uploadProgressParts(
  done: number,
  total: number | null,
  lang: UiLanguage,
): { done: string; total: string | null; percent: string | null; fraction: number | null } {
  const sent = Math.max(0, done);
  if (total === null || !Number.isFinite(total) || total <= 0) {
    return { done: formatFileSize(sent, lang), total: null, percent: null, fraction: null };
  }
  const fraction = Math.min(1, sent / total);
  const percent = format(lang, { style: 'percent', maximumFractionDigits: 0 }).format(
    Math.floor(fraction * 100) / 100,
  );
  return {
    done: formatFileSize(Math.min(sent, total), lang),
    total: formatFileSize(total, lang),
    percent,
    fraction,
  };
}
