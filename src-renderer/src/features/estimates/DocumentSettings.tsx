import { useId } from 'react';
import type { Paper } from '../../../../src-shared/exports/presets';
import { LANGUAGE_NAMES, LANGUAGES, isUiLanguage } from '../../i18n/languages';
import { useLang, useT } from '../../i18n/store';
import { automaticPaper, documentLanguage, type ExportChoice } from './export-choice';

const PAPERS: Paper[] = ['auto', 'A4', 'Letter'];

/** A document's language and paper, as an export (a quote, a change order) chooses them. */
export function DocumentSettings({
  choice,
  disabled,
  onChange,
}: {
  choice: ExportChoice;
  disabled: boolean;
  onChange: (next: ExportChoice) => void;
}) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const docLang = documentLanguage(choice, lang);
  const autoPaper = automaticPaper(choice, lang);
  const paperName = (p: 'A4' | 'Letter') => (p === 'Letter' ? t('export.paperLetter') : 'A4');
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
