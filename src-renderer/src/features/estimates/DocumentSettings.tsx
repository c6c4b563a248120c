import { useId } from 'react';
import type { DocumentDefaults } from '../../../../src-shared/exports/document-language';
import type { Paper } from '../../../../src-shared/exports/presets';
import { LANGUAGE_NAMES, LANGUAGES, isUiLanguage, type UiLanguage } from '../../i18n/languages';
import type { MessageKey } from '../../i18n/messages';
import { useLang, useT } from '../../i18n/store';
import { automaticPaper, documentLanguage, type ExportChoice } from './export-choice';

const PAPERS: Paper[] = ['auto', 'A4', 'Letter'];

/** Why the document is in the language it opens with. */
const SOURCE_HINT: Record<DocumentDefaults['source'], MessageKey> = {
  chosen: 'export.languageFromWorkspace',
  workspace: 'export.languageFromWorkspace',
  company: 'export.languageFromCompany',
  ui: 'export.languageFromUi',
};

/**
 * A document's language and paper, as an export (a quote, a change order) chooses them. The
 * language opens as the workspace's documents language (main's defaults: remembered from the last
 * export, else the company's country's, else the UI's) and says why; a language chosen here is the
 * workspace's from the next export on.
 */
export function DocumentSettings({
  choice,
  defaults,
  disabled,
  onChange,
}: {
  choice: ExportChoice;
  defaults: DocumentDefaults | null;
  disabled: boolean;
  onChange: (next: ExportChoice) => void;
}) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const fallback: UiLanguage = defaults?.language ?? lang;
  const docLang = documentLanguage(choice, fallback);
  const autoPaper = automaticPaper(choice, fallback);
  const paperName = (p: 'A4' | 'Letter') => (p === 'Letter' ? t('export.paperLetter') : 'A4');
  const hint = choice.language === null && defaults ? t(SOURCE_HINT[defaults.source]) : null;
  return (
    <div className="export-settings">
      <div className="field">
        <label className="field-label" htmlFor={`${id}-language`}>
          {t('export.documentLanguage')}
        </label>
        <select
          id={`${id}-language`}
          className="select"
          value={docLang}
          disabled={disabled}
          aria-describedby={hint ? `${id}-language-hint` : undefined}
          onChange={(e) => {
            if (isUiLanguage(e.target.value)) onChange({ ...choice, language: e.target.value });
          }}
          data-testid="export-language"
        >
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </select>
        {hint && (
          <p id={`${id}-language-hint`} className="field-hint" data-testid="export-language-source">
            {hint}
          </p>
        )}
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-paper`}>
          {t('export.paper')}
        </label>
        <select
          id={`${id}-paper`}
          className="select"
          value={choice.paper}
          disabled={disabled}
          onChange={(e) => {
            const paper = PAPERS.find((p) => p === e.target.value);
            if (paper) onChange({ ...choice, paper });
          }}
          data-testid="export-paper"
        >
          {PAPERS.map((p) => (
            <option key={p} value={p}>
              {p === 'auto' ? t('export.paperAuto', { paper: paperName(autoPaper) }) : paperName(p)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
