/**
 * What an export contains: the item columns (the same choice for Excel and PDF), the language of
 * every label, and whether it is a client copy. Which columns a client copy may show is the column
 * table's rule (src-shared/estimates/columns.ts); this only resolves a request against it.
 */
import {
  CLIENT_COPY_COLUMNS,
  EXPORT_COLUMNS,
  clientCopyColumns,
  normalizeColumns,
  type ExportColumnKey,
} from '../../src-shared/estimates/columns';
import { resolveLanguage, type UiLanguage } from '../../src-shared/i18n/languages';

export interface ExportOptions {
  /**
   * The item columns, in any order (they are written in the canonical order). Default: every
   * column, or the client copy's when `clientCopy` is set. Unknown names are ignored.
   */
  columns?: readonly string[];
  /** The client-copy preset: no internal columns. */
  clientCopy?: boolean;
  /**
   * A client copy never contains internal notes, even when `columns` lists them (a saved "all
   * columns" choice must not leak them), unless this is set as well.
   */
  includeInternalNotesInClientCopy?: boolean;
  /** Labels, number and date formats. Default en-US. */
  language?: string;
}

export interface ResolvedExportOptions {
  columns: ExportColumnKey[];
  clientCopy: boolean;
  language: UiLanguage;
}

export function resolveExportOptions(options: ExportOptions = {}): ResolvedExportOptions {
  const clientCopy = options.clientCopy === true;
  const optIn = options.includeInternalNotesInClientCopy === true;
  let columns: ExportColumnKey[];
  if (!clientCopy) columns = normalizeColumns(options.columns ?? EXPORT_COLUMNS);
  else if (options.columns) columns = clientCopyColumns(options.columns, optIn);
  // The client copy's own choice, plus the opted-in notes.
  else columns = clientCopyColumns([...CLIENT_COPY_COLUMNS, ...(optIn ? ['internal_notes'] : [])], optIn);
  // A table needs something to show: fall back to the item names.
  if (columns.length === 0) columns = ['name'];
  return { columns, clientCopy, language: resolveLanguage(options.language) };
}
