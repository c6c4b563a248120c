import { call } from '../../api';
import { isUiLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../i18n/languages';
import { useI18n, useT } from '../../i18n/store';
import { useWorkspaces } from '../workspaces/store';

/**
 * Changes the UI language (as soon as its words are loaded) and asks main to remember it (and use it
 * with the service).
 */
export function useChangeLanguage(): (value: string) => Promise<void> {
  const lang = useI18n((s) => s.lang);
  const setLang = useI18n((s) => s.setLang);
  const setShellError = useWorkspaces((s) => s.setShellError);
  return async (value: string) => {
    if (!isUiLanguage(value) || value === lang) return;
    void setLang(value);
    const res = await call((api) => api.setLanguage(value));
    if (!res.ok) setShellError(res.error);
  };
}

/** The languages, each named in itself. */
export function LanguageOptions() {
  return (
    <>
      {LANGUAGES.map((l) => (
        <option key={l} value={l} lang={l}>
          {LANGUAGE_NAMES[l]}
        </option>
      ))}
    </>
  );
}

export function LanguageSelect() {
  const t = useT();
  const lang = useI18n((s) => s.lang);
  const change = useChangeLanguage();

  return (
    <label className="header-lang">
      <span className="header-lang-label">{t('header.language')}</span>
      <select
        className="select header-select"
        data-testid="language-select"
        value={lang}
        onChange={(e) => void change(e.target.value)}
      >
        <LanguageOptions />
      </select>
    </label>
  );
}
