/**
 * Looking words up in a catalogue and filling them in, for any set of loaded languages: main and the
 * CLI have every language at hand (./catalogue.ts); the renderer loads the one it shows
 * (src-renderer/src/i18n/messages.ts). English (messages/en.ts) defines the keys and is the fallback
 * for a language not loaded. `{name}` marks a parameter; keys ending in `_one` / `_other` are plural
 * forms chosen with `Intl.PluralRules`.
 */
import type { UiLanguage } from './languages';
import { en, type MessageKey, type Messages } from './messages/en';

export type { MessageKey, Messages };

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

export type Translate = (key: MessageKey, params?: Params) => string;

export interface Lookup {
  translate(lang: UiLanguage, key: MessageKey, params?: Params): string;
  /**
   * A plural message: picks `<key>_one` or `<key>_other` for `count` by the language's rules (other
   * CLDR categories such as "many" use the `_other` form). `{count}` is formatted for the language.
   */
  translatePlural(lang: UiLanguage, key: PluralKey, count: number, params?: Params): string;
}

/** Translation over the languages `messagesOf` has (English for any it has not). */
export function lookupIn(messagesOf: (lang: UiLanguage) => Messages | undefined): Lookup {
  const pluralRules = new Map<UiLanguage, Intl.PluralRules>();
  const translate = (lang: UiLanguage, key: MessageKey, params?: Params): string =>
    interpolate(messagesOf(lang)?.[key] ?? en[key] ?? key, params);
  return {
    translate,
    translatePlural(lang, key, count, params) {
      let rules = pluralRules.get(lang);
      if (!rules) {
        rules = new Intl.PluralRules(lang);
        pluralRules.set(lang, rules);
      }
      const form: MessageKey = rules.select(count) === 'one' ? `${key}_one` : `${key}_other`;
      return translate(lang, form, { count: new Intl.NumberFormat(lang).format(count), ...params });
    },
  };
}
