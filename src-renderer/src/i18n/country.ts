import { countryName as sharedCountryName } from '../../../src-shared/i18n/countries';
import type { UiLanguage } from './languages';

/**
 * A country as the user reads it, by the one rule of screens and documents (src-shared/i18n/
 * countries.ts): an ISO 3166 code ("DE") or a name in another language by its name in the UI
 * language ("Deutschland"); anything else as it came; null when there is nothing.
 */
export function countryName(value: string | null | undefined, lang: UiLanguage): string | null {
  const text = value?.trim();
  if (!text) return null;
  return sharedCountryName(text, lang);
}
