import { useCallback } from 'react';
import { create } from 'zustand';
import { DEFAULT_LANGUAGE, type UiLanguage } from './languages';
import {
  loadLanguage,
  translate,
  translatePlural,
  type MessageKey,
  type Params,
  type PluralKey,
} from './messages';

interface I18nState {
  lang: UiLanguage;
  /**
   * Changes the UI language (and `<html lang>`) once its words are loaded; persisting it in main is
   * the caller's job. Of several changes in quick succession, the last one wins.
   */
  setLang: (lang: UiLanguage) => Promise<void>;
}

let wanted: UiLanguage = DEFAULT_LANGUAGE;

function applyDocumentLanguage(lang: UiLanguage): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

export const useI18n = create<I18nState>()((set) => ({
  lang: DEFAULT_LANGUAGE,
  setLang: async (lang) => {
    wanted = lang;
    await loadLanguage(lang);
    if (wanted !== lang) return;
    applyDocumentLanguage(lang);
    set({ lang });
  },
}));

export type TFunction = (key: MessageKey, params?: Params) => string;
export type TPluralFunction = (key: PluralKey, count: number, params?: Params) => string;

/** `t(key, params)` in the current UI language; components re-render when the language changes. */
export function useT(): TFunction {
  const lang = useI18n((s) => s.lang);
  return useCallback((key: MessageKey, params?: Params) => translate(lang, key, params), [lang]);
}

/** Plural messages: `tp('projects.count', 12)`. */
export function useTPlural(): TPluralFunction {
  const lang = useI18n((s) => s.lang);
  return useCallback(
    (key: PluralKey, count: number, params?: Params) => translatePlural(lang, key, count, params),
    [lang],
  );
}

export function useLang(): UiLanguage {
  return useI18n((s) => s.lang);
}

/** For code outside React (stores): translate in the current UI language. */
export function tNow(key: MessageKey, params?: Params): string {
  return translate(useI18n.getState().lang, key, params);
}
