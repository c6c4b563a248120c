import type { UiLanguage } from './languages';

const names = new Map<UiLanguage, Intl.DisplayNames>();

/**
 * A country as the user reads it: an ISO 3166 code ("DE") by its name in the UI language
 * ("Deutschland"); anything else (a name the service already spelled out) as it came.
 */
export function countryName(value: string | null | undefined, lang: UiLanguage): string | null {
  const text = value?.trim();
  if (!text) return null;
  if (!/^[A-Za-z]{2}$/.test(text)) return text;
  let display = names.get(lang);
  if (!display) {
    display = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' });
    names.set(lang, display);
  }
  try {
    return display.of(text.toUpperCase()) ?? text;
  } catch {
    return text;
  }
}
