/**
 * The renderer's door to the shared label catalogue (src-shared/i18n). English is in the bundle;
 * each other language is a chunk of its own, loaded when it is chosen (or was, at start-up): the
 * window parses only the words it shows. Main and the CLI have every language (catalogue.ts).
 */
import type { UiLanguage } from './languages';
import { en } from '../../../src-shared/i18n/messages/en';
import { lookupIn, type Messages } from '../../../src-shared/i18n/translate';

export * from '../../../src-shared/i18n/translate';

/** Each language's chunk (a language added to the list without one is a compile error). */
const CHUNKS: Record<Exclude<UiLanguage, 'en-US'>, () => Promise<Messages>> = {
  'de-DE': () => import('../../../src-shared/i18n/messages/de').then((m) => m.de),
  'fr-FR': () => import('../../../src-shared/i18n/messages/fr').then((m) => m.fr),
  'pt-PT': () => import('../../../src-shared/i18n/messages/pt').then((m) => m.pt),
  'es-ES': () => import('../../../src-shared/i18n/messages/es').then((m) => m.es),
};

const loaded = new Map<UiLanguage, Messages>([['en-US', en]]);

/**
 * Loads a language's words. Resolves false when its chunk could not be loaded (a damaged install):
 * the UI then shows English for that language rather than nothing.
 */
export async function loadLanguage(lang: UiLanguage): Promise<boolean> {
  if (loaded.has(lang) || lang === 'en-US') return true;
  try {
    loaded.set(lang, await CHUNKS[lang]());
    return true;
  } catch {
    return false;
  }
}

export const { translate, translatePlural } = lookupIn((lang) => loaded.get(lang));
