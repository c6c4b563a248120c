/**
 * What the export use case needs from around it, as interfaces: where estimates, versions and rooms
 * come from (the app: the active workspace's cache; the CLI: the service), where a file goes (the
 * app: the OS save dialog; the CLI: --out), where a PDF's logo comes from, and the workspace's
 * export settings. ExportService knows nothing else of the app or the CLI.
 */
import type { EstimateLabel, EstimateSummary } from '../../src-shared/estimates/types';
import type { ExportPreset } from '../../src-shared/exports/presets';
import type { UiLanguage } from '../../src-shared/i18n/languages';
import type { RoomsTable } from '../../src-shared/plans/types';
import type { PlanRoomsRead } from '../../src-shared/plans/rooms-costs-types';
import type { VersionPick, VersionRef } from '../../src-shared/versions/types';
import type { VersionsInput } from '../versions/version-tasks';

/** Where something was read from, and when it was fetched from the service. */
export interface Sourced<T> {
  data: T;
  source: 'network' | 'cache';
  fetchedAt: Date;
}

/** An estimate read for an export (the estimate-read / export-read tasks' output). */
export interface ExportRead {
  /** Its bytes as the cache keeps them: what a writer reads. */
  cacheBody: Uint8Array;
  /** The token of its parts kept in the worker that read it (exports/prepared-documents.ts). */
  prepared?: string | null;
  label: EstimateLabel;
  summary: EstimateSummary;
  /** The addresses of the company's logo and watermark. */
  companyImages: { logo: string | null; watermark: string | null };
}

export interface EstimateSource {
  /** A project's estimates, in the service's order. */
  estimateIds(projectId: string, signal: AbortSignal): Promise<string[]>;
  /** One estimate read for an export, off main's thread. */
  readForExport(projectId: string, estimateId: string, signal: AbortSignal): Promise<Sourced<ExportRead>>;
  /** What PlanDesk knows of an estimate without reading it (its summary), for the dialog's defaults. */
  knownSummary?(projectId: string, estimateId: string): Promise<EstimateSummary | null>;
}

/** Both sides of a change order, as a worker reads them. */
export interface ChangeOrderSides {
  versions: VersionsInput;
  refs: { from: VersionRef; to: VersionRef };
  /** The newer side's logo and watermark addresses, and the country of its company. */
  companyImages: { logo: string | null; watermark: string | null };
  companyCountry: string | null;
  source: 'network' | 'cache';
  fetchedAt: Date;
}

export interface ChangeOrderSource {
  sides(
    projectId: string,
    from: VersionPick,
    to: VersionPick,
    signal: AbortSignal,
  ): Promise<ChangeOrderSides>;
}

export interface RoomsSource {
  /** A plan's rooms table, its name, and its rooms as the costs per room place positions on them. */
  rooms(planId: string): Promise<{ table: RoomsTable; planName: string | null; plan: PlanRoomsRead }>;
}

/** A project's plan with its rooms (or why there are none), for an estimate's costs-per-room sheet. */
export interface PlanRoomsSource {
  planRooms(projectId: string, signal: AbortSignal): Promise<PlanRoomsRead>;
}

export type SaveFormat = 'xlsx' | 'pdf' | 'csv';

/** Where the file goes: the OS save dialog in the app (null: the user cancelled), --out in the CLI. */
export interface SaveTarget {
  choose(suggestedName: string, format: SaveFormat): Promise<string | null>;
}

/** A PDF's logo and watermark, fetched with the service's headers; null when there is none to use. */
export interface ImageSource {
  fetchImage(url: string, signal: AbortSignal): Promise<Uint8Array | null>;
}

/** The workspace's export settings: saved presets, the preset last used, its documents language. */
export interface ExportSettings {
  saved(): Promise<ExportPreset[]>;
  markUsed(presetId: string): Promise<void>;
  documentsLanguage(): Promise<UiLanguage | null>;
  rememberLanguage(language: UiLanguage): Promise<void>;
  /** The UI's (the CLI's) own language: the last resort for a document's. */
  uiLanguage(): Promise<UiLanguage>;
}
