/**
 * A document's language and paper follow its reader, not the UI: a Hamburg company's quote to a
 * client in Köln is German on A4 even when the user works in English. The one rule, for the app's
 * export dialog, main's exports and the CLI alike.
 */
import { languageOfCountry } from '../i18n/countries';
import type { UiLanguage } from '../i18n/languages';
import { paperFor, type Paper } from './presets';

/** Where a document's language came from (the export dialog says so). */
export type LanguageSource = 'chosen' | 'workspace' | 'company' | 'ui';

export interface LanguageChoice {
  language: UiLanguage;
  source: LanguageSource;
}

export interface LanguageInputs {
  /** Chosen for this document (the dialog's choice, a preset's, the CLI's --lang). */
  chosen?: UiLanguage | null | undefined;
  /** The workspace's documents language, remembered from the export dialog. */
  workspace?: UiLanguage | null | undefined;
  /** The country of the company sending the estimate (a code or a name, as the service wrote it). */
  companyCountry?: string | null | undefined;
  /** The UI's (or the CLI's) own language: the last resort. */
  ui: UiLanguage;
}

/**
 * The first of: the language chosen for this document, the workspace's documents language, the
 * language of the company's country, the UI's.
 */
export function documentLanguage(inputs: LanguageInputs): LanguageChoice {
  if (inputs.chosen) return { language: inputs.chosen, source: 'chosen' };
  if (inputs.workspace) return { language: inputs.workspace, source: 'workspace' };
  const fromCountry = languageOfCountry(inputs.companyCountry);
  if (fromCountry) return { language: fromCountry, source: 'company' };
  return { language: inputs.ui, source: 'ui' };
}

/** A document's paper: the one chosen, else the usual one of its language's country. */
export function documentPaper(paper: Paper | null | undefined, language: UiLanguage): 'A4' | 'Letter' {
  return paperFor(paper ?? 'auto', language);
}

/** What a document's language means for the CSV it is written in: the list separator and decimal mark. */
export type CsvSeparator = ',' | ';';

/**
 * The separator a spreadsheet in that language expects by default: `;` where the decimal mark is a
 * comma (de, fr, es, pt), `,` in en-US.
 */
export function csvSeparatorFor(language: UiLanguage): CsvSeparator {
  return decimalMarkOf(language) === ',' ? ';' : ',';
}

/** The decimal mark of a language ("," in de-DE, "." in en-US). */
export function decimalMarkOf(language: UiLanguage): ',' | '.' {
  const mark = new Intl.NumberFormat(language).formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
  return mark === ',' ? ',' : '.';
}

/** What an export dialog shows before anything is exported: the language, why, and the paper. */
export interface DocumentDefaults {
  language: UiLanguage;
  source: LanguageSource;
  paper: 'A4' | 'Letter';
  /** The rooms CSV in this language: its separator and decimal mark. */
  csv: { separator: CsvSeparator; decimal: ',' | '.' };
}

export function documentDefaults(choice: LanguageChoice): DocumentDefaults {
  return {
    language: choice.language,
    source: choice.source,
    paper: documentPaper('auto', choice.language),
    csv: { separator: csvSeparatorFor(choice.language), decimal: decimalMarkOf(choice.language) },
  };
}
