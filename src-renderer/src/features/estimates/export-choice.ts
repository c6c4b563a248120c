/**
 * What the export dialog holds: a preset and the changes made to it for this one export. A client
 * document never takes an internal column; the rule is the column table's (`isInternalColumn`), the
 * same one main applies again to whatever is asked for.
 */
import {
  clientColumns,
  isInternalColumn,
  normalizeColumns,
  type ExportColumnKey,
} from '../../../../src-shared/estimates/columns';
import {
  BUILT_IN_PRESETS,
  BUILT_IN_PRESET_LABELS,
  QUOTE_PRESET_ID,
  isBuiltInPreset,
  normalizePreset,
  paperFor,
  type DocumentKind,
  type ExportPreset,
  type Paper,
  type PresetList,
} from '../../../../src-shared/exports/presets';
import type { UiLanguage } from '../../../../src-shared/i18n/languages';
import type { MessageKey } from '../../i18n/messages';

export interface ExportChoice {
  /** The preset chosen; it decides the kind of document. */
  presetId: string;
  kind: DocumentKind;
  columns: ExportColumnKey[];
  /** The document's language; null: the UI language. */
  language: UiLanguage | null;
  paper: Paper;
  statements: boolean;
}

/** What a preset sets in the dialog. */
export function choiceFromPreset(preset: ExportPreset): ExportChoice {
  const p = normalizePreset(preset);
  return {
    presetId: p.id,
    kind: p.kind,
    columns: p.columns,
    language: p.language,
    paper: p.paper,
    statements: p.statements,
  };
}

/** The built-in presets first (the client quote, then the internal worksheet), then the saved ones by name. */
export function orderedPresets(list: PresetList | null, lang: UiLanguage): ExportPreset[] {
  const all = list?.presets ?? BUILT_IN_PRESETS;
  const builtIn = BUILT_IN_PRESETS.map((b) => all.find((p) => p.id === b.id) ?? b);
  const collator = new Intl.Collator(lang, { sensitivity: 'base', numeric: true });
  const saved = all.filter((p) => !isBuiltInPreset(p.id)).sort((a, b) => collator.compare(a.name, b.name));
  return [...builtIn, ...saved];
}

/** The preset the dialog opens with: the one last used in this workspace, else the client quote. */
export function initialPreset(list: PresetList | null): ExportPreset {
  const all = list?.presets ?? BUILT_IN_PRESETS;
  const quote = all.find((p) => p.id === QUOTE_PRESET_ID) ?? BUILT_IN_PRESETS[0]!;
  return all.find((p) => p.id === list?.lastUsed) ?? quote;
}

/** A built-in preset's label key; null for a saved one (shown by its own name). */
export function builtInLabel(preset: Pick<ExportPreset, 'id'>): MessageKey | null {
  return Object.hasOwn(BUILT_IN_PRESET_LABELS, preset.id) ? BUILT_IN_PRESET_LABELS[preset.id]! : null;
}

/** An internal column cannot be ticked while the document is for a client. */
export function columnLocked(kind: DocumentKind, key: ExportColumnKey): boolean {
  return kind === 'client' && isInternalColumn(key);
}

/** Ticks or unticks one column; a locked one stays unticked. */
export function toggleColumn(choice: ExportChoice, key: ExportColumnKey): ExportChoice {
  const on = choice.columns.includes(key);
  if (!on && columnLocked(choice.kind, key)) return choice;
  const next = on ? choice.columns.filter((c) => c !== key) : [...choice.columns, key];
  return { ...choice, columns: normalizeColumns(next) };
}

/**
 * The language the document is written in: the one chosen (in the dialog, or by the preset), else the
 * workspace's default (`fallback`: its documents language, else its company's country's, else the
 * UI's, as main worked it out).
 */
export function documentLanguage(choice: Pick<ExportChoice, 'language'>, fallback: UiLanguage): UiLanguage {
  return choice.language ?? fallback;
}

/** The paper `auto` stands for in the document's language. */
export function automaticPaper(
  choice: Pick<ExportChoice, 'language'>,
  fallback: UiLanguage,
): 'A4' | 'Letter' {
  return paperFor('auto', documentLanguage(choice, fallback));
}

/** The part of an `estimates:export` request the choice decides. */
export function exportArgs(choice: ExportChoice, fallback: UiLanguage) {
  return {
    presetId: choice.presetId,
    // Main drops internal columns from a client document anyway; the request asks for none.
    columns: choice.kind === 'client' ? clientColumns(choice.columns) : choice.columns,
    language: documentLanguage(choice, fallback),
    paper: choice.paper,
    statements: choice.statements,
  };
}

/** The choice saved as a preset of the given name and kind (a client preset keeps no internal column). */
export function presetInput(choice: ExportChoice, name: string, kind: DocumentKind) {
  return {
    name: name.trim(),
    kind,
    columns: kind === 'client' ? clientColumns(choice.columns) : [...choice.columns],
    language: choice.language,
    paper: choice.paper,
    statements: choice.statements,
  };
}

/** The saved preset a new one of this name would replace (names are compared without case). */
export function presetNamed(list: PresetList | null, name: string): ExportPreset | null {
  const wanted = name.trim().toLowerCase();
  if (!wanted) return null;
  return list?.presets.find((p) => !isBuiltInPreset(p.id) && p.name.toLowerCase() === wanted) ?? null;
}
