/**
 * What PlanDesk accepts from the service and its storage hosts, in one place. Every cap is enforced
 * while the bytes arrive (never after buffering them), and docs/service-shapes.md ("Limits PlanDesk
 * enforces") lists each one; change both together.
 */
const KiB = 1024;
const MiB = 1024 * KiB;

/** Any JSON answer not listed below (a project, a plan, the forms). */
export const MAX_JSON_BYTES = 16 * MiB;
/** An estimate detail: the large data set's 20,000 items are about 15 MB. */
export const MAX_ESTIMATE_JSON_BYTES = 64 * MiB;
/** One page of a list (at most 50 items). */
export const MAX_LIST_PAGE_JSON_BYTES = 4 * MiB;
/** An error answer: only its message is used. */
export const MAX_ERROR_BODY_BYTES = 64 * KiB;

/** A floor or room image shown in the plan view. */
export const MAX_PLAN_IMAGE_BYTES = 15 * MiB;
/** A company logo or watermark in an exported PDF. */
export const MAX_LOGO_BYTES = 10 * MiB;
/** A file shown in the preview (a data: URL in the window). */
export const MAX_PREVIEW_BYTES = 20 * MiB;

/**
 * A download may bring this much more than the size the file list gave, or as much as its own
 * Content-Length when that is more (storage.ts downloadCap): the listed size is only a hint.
 */
export const DOWNLOAD_SIZE_MARGIN_BYTES = 1 * MiB;
/** A download whose size the service did not list. */
export const MAX_UNLISTED_DOWNLOAD_BYTES = 4 * 1024 * MiB;

/** One attempt of a request, from sending to the last byte of the answer. */
export const ATTEMPT_TIMEOUT_MS = 30_000;
/** A request with all its retries and pauses (waiting for the rate budget before it starts excluded). */
export const REQUEST_DEADLINE_MS = 120_000;
/** No byte of an answer (or a download) for this long: the transfer has stalled and is given up. */
export const STALL_TIMEOUT_MS = 20_000;
/** Fetching a file for the preview, start to end. */
export const PREVIEW_DEADLINE_MS = 120_000;

/** Pages one "all pages" walk may read; more is an error that says so. */
export const MAX_WALK_PAGES = 400;
/** The share of the rate budget that page walks leave for everything else. */
export const WALK_BUDGET_RESERVE = 0.2;

/** Names the service gives (a workspace's) as PlanDesk stores them, in characters. */
export const MAX_STORED_NAME_LENGTH = 200;

/** "16 MB": a limit in words for messages. */
export function sizeInWords(bytes: number): string {
  if (bytes >= 1024 * MiB) return `${Math.round(bytes / (1024 * MiB))} GB`;
  if (bytes >= MiB) return `${Math.round(bytes / MiB)} MB`;
  return `${Math.round(bytes / KiB)} KB`;
}
