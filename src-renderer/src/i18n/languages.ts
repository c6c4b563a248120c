import type { UiLanguage } from '../../../src-shared/ipc/contract';

export type { UiLanguage };

/** The UI languages, in menu order. Re-declared here so the renderer bundle does not pull in zod. */
export const LANGUAGES = [
  'en-US',
  'de-DE',
  'fr-FR',
  'pt-PT',
  'es-ES',
] as const satisfies readonly UiLanguage[];

/** Each language by its own name (endonyms are not translated). */
export const LANGUAGE_NAMES: Record<UiLanguage, string> = {
  'en-US': 'English (US)',
  'de-DE': 'Deutsch',
  'fr-FR': 'Français',
  'pt-PT': 'Português (Portugal)',
  'es-ES': 'Español',
};

export const DEFAULT_LANGUAGE: UiLanguage = 'en-US';

export function isUiLanguage(value: unknown): value is UiLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Compile-time check: the local list names every language the contract knows. */
type MissingLanguage = Exclude<UiLanguage, (typeof LANGUAGES)[number]>;
export const ALL_LANGUAGES_LISTED: [MissingLanguage] extends [never] ? true : never = true;
