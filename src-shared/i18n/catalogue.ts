/**
 * The one label catalogue: every word the UI, the exported documents and the CLI print, in every
 * language of ./languages.ts, all loaded (main and the CLI write documents in any of them). English
 * (messages/en.ts) defines the keys; each other language is typed `Messages`, so a missing or extra
 * key is a compile error. The renderer loads only the language it shows: src-renderer/src/i18n.
 */
import type { UiLanguage } from './languages';
import { en } from './messages/en';
import { de } from './messages/de';
import { fr } from './messages/fr';
import { pt } from './messages/pt';
import { es } from './messages/es';
import { lookupIn, type MessageKey, type Messages, type Params, type Translate } from './translate';

export * from './translate';

/** Every language's messages. Plain data: no React, no DOM, safe to use from tests in Node. */
export const MESSAGES: Record<UiLanguage, Messages> = {
  'en-US': en,
  'de-DE': de,
  'fr-FR': fr,
  'pt-PT': pt,
  'es-ES': es,
};

export const { translate, translatePlural } = lookupIn((lang) => MESSAGES[lang]);

/** `t(key, params)` in one language: what the exports and the CLI print with. */
export function translator(lang: UiLanguage): Translate {
  return (key: MessageKey, params?: Params) => translate(lang, key, params);
}
