/**
 * What an export contains, resolved from a preset (src-shared/exports/presets.ts) and the choices
 * made for this one export. The client quote is the default; a client document never holds an
 * internal column (the preset's rule, applied again here to whatever columns were asked for).
 */
import { isAmountColumn, type ExportColumnKey } from '../../src-shared/estimates/columns';
import type { EstimateRow } from '../../src-shared/estimates/types';
import {
  BUILT_IN_PRESETS,
  QUOTE_PRESET_ID,
  findPreset,
  normalizePreset,
  paperFor,
  type DocumentKind,
  type ExportPreset,
  type Paper,
} from '../../src-shared/exports/presets';
import { resolveLanguage, type UiLanguage } from '../../src-shared/i18n/languages';
import { amountOrNull } from '../../src-shared/money/amounts';
import { ServiceError } from '../errors/service-error';

export interface ExportOptions {
  /** A preset, or the id or name of one (`quote`, `internal`, a saved one's); default the quote. */
  preset?: ExportPreset | string;
  /** Saved presets a name may refer to. */
  savedPresets?: readonly ExportPreset[];
  /** Columns instead of the preset's (a client document still never gets an internal one). */
  columns?: readonly string[];
  /** The document's language (labels, numbers, dates, paper); default the preset's, else en-US. */
  language?: string;
  paper?: Paper;
  statements?: boolean;
  /**
   * The costs per room of the estimate on its project's plan, as a sheet of the workbook: the
   * internal worksheet's alone (a client document never gets it, whatever is asked), off by default.
   */
  roomsCosts?: boolean;
  /** The old switch, kept for callers that still use it: true is the quote, false the worksheet. */
  clientCopy?: boolean;
}

export interface ResolvedExportOptions {
  kind: DocumentKind;
  columns: ExportColumnKey[];
  language: UiLanguage;
  paper: 'A4' | 'Letter';
  statements: boolean;
  /** A costs-per-room sheet per estimate (an internal worksheet whose export asked for it). */
  roomsCosts: boolean;
}

export function resolvePreset(options: ExportOptions = {}): ExportPreset {
  const wanted = options.preset ?? (options.clientCopy === false ? BUILT_IN_PRESETS[1]!.id : QUOTE_PRESET_ID);
  if (typeof wanted !== 'string') return normalizePreset(wanted);
  const found = findPreset(wanted, options.savedPresets ?? []);
  if (!found) throw new ServiceError('config', `There is no export preset called "${wanted.slice(0, 60)}".`);
  return normalizePreset(found);
}

export function resolveExportOptions(options: ExportOptions = {}): ResolvedExportOptions {
  const preset = resolvePreset(options);
  const chosen = normalizePreset({
    ...preset,
    columns: [...(options.columns ?? preset.columns)] as ExportColumnKey[],
  });
  const language = resolveLanguage(options.language ?? preset.language ?? undefined);
  return {
    kind: preset.kind,
    columns: chosen.columns,
    language,
    paper: paperFor(options.paper ?? preset.paper, language),
    statements: options.statements ?? preset.statements,
    roomsCosts: preset.kind === 'internal' && options.roomsCosts === true,
  };
}

/**
 * The columns one document shows: the discount column only when some position has a discount (a
 * column of zeros says nothing but "no discount" on every line).
 */
export function columnsFor(opts: ResolvedExportOptions, rows: readonly EstimateRow[]): ExportColumnKey[] {
  if (!opts.columns.includes('discount')) return opts.columns;
  const anyDiscount = rows.some((r) => r.type !== 'group' && !(amountOrNull(r.discount)?.isZero() ?? true));
  return anyDiscount ? opts.columns : opts.columns.filter((c) => c !== 'discount');
}

export { isAmountColumn };
