/**
 * The one label catalogue: every word the UI, the exported documents and the CLI print, in every
 * language of ./languages.ts. English (messages/en.ts) defines the keys; each other language is typed
 * `Messages`, so a missing or extra key is a compile error. `{name}` marks a parameter; keys ending in
 * `_one` / `_other` are plural forms chosen with `Intl.PluralRules`.
 */
import type { UiLanguage } from './languages';
import { en, type MessageKey, type Messages } from './messages/en';
import { de } from './messages/de';
import { fr } from './messages/fr';
import { pt } from './messages/pt';
import { es } from './messages/es';

export type { MessageKey, Messages };

/** Every language's messages. Plain data: no React, no DOM, safe to use from tests in Node. */
export const MESSAGES: Record<UiLanguage, Messages> = {
  'en-US': en,
  'de-DE': de,
  'fr-FR': fr,
  'pt-PT': pt,
  'es-ES': es,
};

export type Params = Record<string, string | number>;

type PluralBase<K> = K extends `${infer Base}_other`
  ? `${Base}_one` extends MessageKey
    ? Base
    : never
  : never;
/** Base keys that have `_one` / `_other` plural forms. */
export type PluralKey = PluralBase<MessageKey>;

const PARAM = /\{(\w+)\}/g;

/** Replaces `{name}` with `params.name`; unknown parameters stay visible so a mistake is noticed. */
export function interpolate(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(PARAM, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

/** The `{param}` names a template uses, sorted (for the completeness tests). */
export function paramsOf(template: string): string[] {
  return [...template.matchAll(PARAM)].map((m) => m[1] ?? '').sort();
}

export function translate(lang: UiLanguage, key: MessageKey, params?: Params): string {
  const template = MESSAGES[lang]?.[key] ?? en[key] ?? key;
  return interpolate(template, params);
}

const pluralRules = new Map<UiLanguage, Intl.PluralRules>();

/**
 * A plural message: picks `<key>_one` or `<key>_other` for `count` by the language's rules (other
 * CLDR categories such as "many" use the `_other` form). `{count}` is formatted for the language.
 */
export function translatePlural(lang: UiLanguage, key: PluralKey, count: number, params?: Params): string {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  const form: MessageKey = rules.select(count) === 'one' ? `${key}_one` : `${key}_other`;
  return translate(lang, form, { count: new Intl.NumberFormat(lang).format(count), ...params });
}

export type Translate = (key: MessageKey, params?: Params) => string;

/** `t(key, params)` in one language: what the exports and the CLI print with. */
export function translator(lang: UiLanguage): Translate {
  return (key, params) => translate(lang, key, params);
}
