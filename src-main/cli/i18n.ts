import {
  translatePlural,
  translator,
  type Params,
  type PluralKey,
  type Translate,
} from '../../src-shared/i18n/catalogue';
import { DEFAULT_LANGUAGE, type UiLanguage } from '../../src-shared/i18n/languages';

/** The CLI speaks the language of `--lang` (the one it sends as Accept-Language); English by default. */
export interface CliText {
  lang: UiLanguage;
  t: Translate;
  /** Plural messages by the language's rules: `tp('cli.files', 3)`. */
  tp: (key: PluralKey, count: number, params?: Params) => string;
}

export function cliText(lang: UiLanguage): CliText {
  return { lang, t: translator(lang), tp: (key, count, params) => translatePlural(lang, key, count, params) };
}

export const EN: CliText = cliText(DEFAULT_LANGUAGE);
