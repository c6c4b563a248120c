/**
 * Types of the simulator's control surface: faults, variants, statistics and Custom Export results.
 * The admin API (`/_sim/...`) and `Simulator.faults` expose the same operations with these shapes.
 */
import type { SimFile } from './data/types';

export interface FaultSpec {
  /** Delay before answering every matching API request, until cleared. */
  latencyMs?: number;
  /** The next n matching API requests answer 500. */
  fail500?: number;
  /** The next n matching API requests answer 429. */
  fail429?: number;
  /** The next n matching API requests get their socket destroyed without an answer. */
  drop?: number;
  /** The next n matching API requests answer 200 with a truncated JSON body. */
  malformed?: number;
  /**
   * The next n matching API requests are carried out (a file registered, a project created) and then
   * their socket destroyed before the answer: the client cannot tell whether they happened.
   */
  dropAfter?: number;
  /** Only requests whose path contains this substring are affected. */
  path?: string;
  /** Only requests whose path ends with this (`/files`: the register call, not the presign call). */
  pathEndsWith?: string;
  /** Only requests with this method. */
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
}

export interface VariantFlags {
  snakeCasePageInfo: boolean;
  unwrappedWorkspace: boolean;
  messageDataErrors: boolean;
  warnings207: boolean;
  moneyAsStrings: boolean;
  legacyPlanShape: boolean;
  /** The spec's planned form operations: context options, publish, unpublish. */
  plannedFormEndpoints: boolean;
  /** Project list items carry `team{id,name}` (the spec shows list items only in part). */
  teamOnProjectListItems: boolean;
  /** File lists give each size rounded to whole kilobytes (1000 bytes): a listed size storage does not match. */
  roundedFileSizes: boolean;
}

export const VARIANT_NAMES: readonly (keyof VariantFlags)[] = [
  'snakeCasePageInfo',
  'unwrappedWorkspace',
  'messageDataErrors',
  'warnings207',
  'moneyAsStrings',
  'legacyPlanShape',
  'plannedFormEndpoints',
  'teamOnProjectListItems',
  'roundedFileSizes',
];

export interface SimStats {
  /** API requests received (admin and storage requests not included). */
  requests: number;
  /** API answers by status code; sockets destroyed by the drop fault count as "dropped". */
  byStatus: Record<string, number>;
  /** Answers 429 because a rate limit was exceeded (simulated 429 faults not included). */
  rateLimited: number;
  /** Storage requests that carried a `customer` or `key` header. */
  credentialLeaks: number;
  storageRequests: number;
}

export interface WebhookResult {
  /** True when the receiver answered with an HTTP 2xx. */
  delivered: boolean;
  url: string;
  httpStatus?: number;
  /** `<status>` from the XML reply. */
  status?: number;
  /** `<message>` from the XML reply. */
  message?: string;
  /** Why the export is not a success for the user: transport error, HTTP error, bad reply or status ≠ 0. */
  error?: string;
}

/** A project file as the API shows it: the stored record with a presigned download URL. */
export type ProjectFileJson = Omit<SimFile, 'content_seed'> & { url: string; url_expires_at: string };

export interface CustomExportResult {
  files: ProjectFileJson[];
  webhook: WebhookResult | null;
}

export interface FaultControls {
  setFaults(spec: FaultSpec): void;
  clearFaults(): void;
  /** Merges: flags not named keep their value. */
  setVariants(flags: Partial<VariantFlags>): void;
  advanceClock(ms: number): void;
  revoke(customer: string): void;
  customExport(projectId: string, options?: { email?: string }): Promise<CustomExportResult>;
  stats(): SimStats;
}
