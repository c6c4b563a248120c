/**
 * The languages PlanDesk speaks: the UI, the documents it writes, the CLI's output, and the
 * `Accept-Language` it sends (the service allows exactly these five). Plain data with no imports, so
 * every bundle (the sandboxed preload, the renderer, the CLI) can take the list from here. Adding a
 * language means adding it here and giving it a message file in ./messages (a missing key is a
 * compile error).
 */
export const LANGUAGES = ['en-US', 'de-DE', 'fr-FR', 'pt-PT', 'es-ES'] as const;

export type UiLanguage = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: UiLanguage = 'en-US';

/** Each language by its own name (endonyms are not translated). */
export const LANGUAGE_NAMES: Record<UiLanguage, string> = {
  'en-US': 'English (US)',
  'de-DE': 'Deutsch',
  'fr-FR': 'Français',
  'pt-PT': 'Português (Portugal)',
  'es-ES': 'Español',
};

export function isUiLanguage(value: unknown): value is UiLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language itself when it is one of ours, else the default. */
export function resolveLanguage(value: unknown): UiLanguage {
  return isUiLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** A language given by a person (`de-de`, `DE-DE`): ours, matched without regard to case; or null. */
export function matchLanguage(value: string): UiLanguage | null {
  const wanted = value.trim().toLowerCase();
  return LANGUAGES.find((l) => l.toLowerCase() === wanted) ?? null;
}

/** The language for an OS locale (`de`, `de-AT`, `pt-BR`): ours with the same language part, or the default. */
export function languageForLocale(locale: string): UiLanguage {
  const prefix = locale.trim().toLowerCase().slice(0, 2);
  return LANGUAGES.find((l) => l.toLowerCase().startsWith(prefix)) ?? DEFAULT_LANGUAGE;
}
