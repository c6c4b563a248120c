/**
 * Countries as the service sends them ("DE", "de", "Deutschland", "Germany", "Allemagne"): the ISO
 * 3166 code behind them, their name in a document's language (a client reads "Deutschland", not
 * "DE"), and the language a company in that country writes its documents in.
 */
import { LANGUAGES, type UiLanguage } from './languages';

const TWO_LETTERS = /^[A-Za-z]{2}$/;

function regionNames(language: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames(language, { type: 'region', fallback: 'none' });
  } catch {
    return null;
  }
}

const namers = new Map<string, Intl.DisplayNames | null>();

function namer(language: string): Intl.DisplayNames | null {
  if (!namers.has(language)) namers.set(language, regionNames(language));
  return namers.get(language)!;
}

/** The code itself when it is current ("DD", East Germany, is an alias of DE: not current). */
function isCurrent(code: string): boolean {
  try {
    return Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`;
  } catch {
    return false;
  }
}

/** The name of an ISO 3166 code in the language; null when the code names no region. */
function nameOf(code: string, language: string): string | null {
  try {
    return namer(language)?.of(code.toUpperCase()) ?? null;
  } catch {
    return null;
  }
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en-US').trim();
}

let byName: Map<string, string> | null = null;

/** Every region's name in PlanDesk's languages (and British English), to its code: built once. */
function codesByName(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (const language of [...LANGUAGES, 'en-GB']) {
    for (const a of letters) {
      for (const b of letters) {
        const name = isCurrent(a + b) ? nameOf(a + b, language) : null;
        if (name && !byName.has(fold(name))) byName.set(fold(name), a + b);
      }
    }
  }
  return byName;
}

/** The ISO 3166 alpha-2 code of a country given as a code or as its name in one of our languages. */
export function countryCode(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return null;
  if (TWO_LETTERS.test(text)) return nameOf(text, 'en-US') ? text.toUpperCase() : null;
  return codesByName().get(fold(text)) ?? null;
}

/**
 * The country's name in the language ("DE" or "Germany" → "Deutschland" in de-DE); anything that
 * names no country as it came.
 */
export function countryName(value: unknown, language: UiLanguage): string {
  if (typeof value !== 'string') return '';
  const text = value.trim();
  const code = countryCode(text);
  return (code && nameOf(code, language)) ?? text;
}

/** Where each of our languages is the language of business (a company there writes in it). */
const COUNTRIES_OF: Record<UiLanguage, readonly string[]> = {
  'de-DE': ['DE', 'AT', 'CH', 'LI'],
  'fr-FR': ['FR', 'BE', 'LU', 'MC'],
  'es-ES': ['ES', 'MX', 'AR', 'CO', 'CL', 'PE', 'VE', 'EC', 'GT', 'CU', 'BO', 'DO', 'HN', 'PY', 'SV'],
  'pt-PT': ['PT', 'BR', 'AO', 'MZ', 'CV'],
  'en-US': ['US', 'GB', 'IE', 'CA', 'AU', 'NZ'],
};

/** The language a company in this country (a code or a name) writes its documents in; null when none of ours. */
export function languageOfCountry(country: unknown): UiLanguage | null {
  const code = countryCode(country);
  if (code === null) return null;
  return LANGUAGES.find((l) => COUNTRIES_OF[l].includes(code)) ?? null;
}
