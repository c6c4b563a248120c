/**
 * What the export use case (export-service.ts) is asked for and what it answers: the kind of document
 * and its choices, per export; where the file went, in which language, and what the user should know.
 */
import type { ExportColumnKey } from '../../src-shared/estimates/columns';
import type { projectSum } from '../../src-shared/estimates/project-sums';
import type { CsvSeparator } from '../../src-shared/exports/document-language';
import type { Paper } from '../../src-shared/exports/presets';
import type { ExportWarning } from '../../src-shared/exports/warnings';
import type { UiLanguage } from '../../src-shared/i18n/languages';
import type { VersionPick } from '../../src-shared/versions/types';

/** What every export request may choose about its document. */
export interface DocumentChoice {
  /** A built-in preset (`quote`, `internal`) or a saved one's id or name: the kind of document. */
  presetId: string;
  /** The columns chosen for this export (a client document still never gets an internal one). */
  columns?: ExportColumnKey[] | undefined;
  /** The document's language; absent: the workspace's, else the company's country's, else the UI's. */
  language?: UiLanguage | undefined;
  paper?: Paper | undefined;
  operationId?: string | undefined;
}

export interface EstimatesExportRequest extends DocumentChoice {
  projectId: string;
  /** One estimate; absent: every estimate of the project, one workbook. */
  estimateId?: string | undefined;
  format: 'xlsx' | 'pdf';
  statements?: boolean | undefined;
  /** A costs-per-room sheet per estimate: an internal worksheet as xlsx only (refused otherwise). */
  roomsCosts?: boolean | undefined;
  /** Write the PDF even when it has more than LARGE_PDF_PAGES pages (the user was told, and wants it). */
  largePdf?: boolean | undefined;
}

export interface ChangeOrderExportRequest extends DocumentChoice {
  projectId: string;
  from: VersionPick;
  to: VersionPick;
  format: 'xlsx' | 'pdf';
}

export interface RoomsExportRequest {
  planId: string;
  format: 'xlsx' | 'csv';
  language?: UiLanguage | undefined;
  separator?: CsvSeparator | undefined;
  projectName?: string | undefined;
  /** An estimate of `projectId` whose costs per room on this plan go beside the rooms (xlsx only). */
  costsOf?: { projectId: string; estimateId: string } | undefined;
  operationId?: string | undefined;
}

/** What a rooms export did. */
export interface RoomsExportOutcome {
  /** Where the file was saved; null when the user closed the save dialog. */
  path: string | null;
  language: UiLanguage;
  /** The rooms of the table. */
  rooms: number;
  /** What the user should know about the costs per room written beside them. */
  warnings: ExportWarning[];
}

/** What an export did. */
export interface ExportOutcome {
  /** Where the file was saved; null when the user closed the save dialog. */
  path: string | null;
  source: 'network' | 'cache';
  fetchedAt: string;
  /** What the user should know about the document (it was written all the same). */
  warnings: ExportWarning[];
  language: UiLanguage;
  /** Estimates in the document (the first one's name), and what they add up to: one sum per currency. */
  estimates: number;
  name: string;
  totals: ReturnType<typeof projectSum>['sums'];
  /** Nothing was written: the PDF would have this many pages (more than LARGE_PDF_PAGES). */
  largePdfPages?: number;
}
