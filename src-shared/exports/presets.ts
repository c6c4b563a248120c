/**
 * Export presets: what a document contains. Two are built in — the client quote (the default
 * everywhere: the app, the CLI) and the internal worksheet — and users save their own per
 * workspace. A preset made for a client can never hold an internal column: `normalizePreset` drops
 * them whatever was asked, so no stored or hand-edited preset can leak the contractor's costs.
 */
import { EXPORT_COLUMNS, clientColumns, normalizeColumns, type ExportColumnKey } from '../estimates/columns';
import type { MessageKey } from '../i18n/catalogue';
import { isUiLanguage, type UiLanguage } from '../i18n/languages';

/** `client`: a document for the customer; `internal`: for the contractor and the team. */
export type DocumentKind = 'client' | 'internal';

/** `auto`: the paper usual for the document's language (US Letter for en-US, A4 elsewhere). */
export type Paper = 'auto' | 'A4' | 'Letter';

export interface ExportPreset {
  /** `quote` and `internal` for the built-in ones; any other id is a saved preset. */
  id: string;
  name: string;
  kind: DocumentKind;
  columns: ExportColumnKey[];
  /** The document's language; null: chosen when exporting (the UI language by default). */
  language: UiLanguage | null;
  paper: Paper;
  /** The estimate's opening and closing statements. */
  statements: boolean;
}

export const QUOTE_PRESET_ID = 'quote';
export const INTERNAL_PRESET_ID = 'internal';

/** A client quote: what the customer pays per line and in all, nothing of how it was calculated. */
export const QUOTE_COLUMNS: readonly ExportColumnKey[] = [
  'code',
  'name',
  'description',
  'quantity',
  'unit',
  'net_unit_price',
  'discount',
  'tax',
  'net_amount',
];

export const BUILT_IN_PRESETS: readonly ExportPreset[] = [
  {
    id: QUOTE_PRESET_ID,
    name: 'Client quote',
    kind: 'client',
    columns: [...QUOTE_COLUMNS],
    language: null,
    paper: 'auto',
    statements: true,
  },
  {
    id: INTERNAL_PRESET_ID,
    name: 'Internal worksheet',
    kind: 'internal',
    columns: [...EXPORT_COLUMNS],
    language: null,
    paper: 'auto',
    statements: true,
  },
];

/** The label of a built-in preset (a saved one is shown by its own name). */
export const BUILT_IN_PRESET_LABELS: Readonly<Record<string, MessageKey>> = {
  [QUOTE_PRESET_ID]: 'export.presetQuote',
  [INTERNAL_PRESET_ID]: 'export.presetInternal',
};

export function isBuiltInPreset(id: string): boolean {
  return id === QUOTE_PRESET_ID || id === INTERNAL_PRESET_ID;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** Names are shown in menus and typed on the command line: short, one line, no control characters. */
export const MAX_PRESET_NAME = 60;

/**
 * A preset as it may be used: known columns in the canonical order (internal ones dropped from a
 * client document), a known language or none, a known paper. A preset without any column shows the
 * item names.
 */
export function normalizePreset(p: ExportPreset): ExportPreset {
  let columns = p.kind === 'client' ? clientColumns(p.columns) : normalizeColumns(p.columns);
  if (columns.length === 0) columns = ['name'];
  return {
    id: p.id,
    name: p.name.replace(CONTROL, ' ').trim().slice(0, MAX_PRESET_NAME) || p.id,
    kind: p.kind === 'internal' ? 'internal' : 'client',
    columns,
    language: isUiLanguage(p.language) ? p.language : null,
    paper: p.paper === 'A4' || p.paper === 'Letter' ? p.paper : 'auto',
    statements: p.statements !== false,
  };
}

/** The paper a document gets: the preset's choice, else the usual one for its language. */
export function paperFor(paper: Paper, language: UiLanguage): 'A4' | 'Letter' {
  if (paper !== 'auto') return paper;
  return language === 'en-US' ? 'Letter' : 'A4';
}

/** A preset by id or name (case-insensitive) among the built-in and the saved ones. */
export function findPreset(wanted: string, saved: readonly ExportPreset[]): ExportPreset | null {
  const key = wanted.trim().toLowerCase();
  const all = [...BUILT_IN_PRESETS, ...saved];
  return all.find((p) => p.id.toLowerCase() === key) ?? all.find((p) => p.name.toLowerCase() === key) ?? null;
}

/** The presets of a workspace, and the one last used for an export there. */
export interface PresetList {
  presets: ExportPreset[];
  lastUsed: string;
}
