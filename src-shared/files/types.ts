/** A project's files as the files screen shows them. */
import type { ErrorValue } from '../errors/service-error';
import type { OutboxProblem } from '../outbox/types';

export interface FileRow {
  id: string;
  /** Without hidden characters (safe-file-name.ts), so it reads as the name on disk will. */
  name: string;
  /** The real extension of the name (never the service's `file_type`), lower case, without the dot. */
  type: string;
  /**
   * Whether PlanDesk opens it with the OS's program (the upload types only); anything else is
   * offered "Show in folder".
   */
  openable: boolean;
  contentType: string | null;
  size: number | null;
  /** ISO 8601 */
  created: string | null;
  /** 'export' for files made by the service's Custom Export. */
  origin: string | null;
  /** Kept on this computer with the project's offline copy: opens without a connection. */
  kept?: boolean;
}

/** A file of an upload the service did not accept (or whose project is gone): not kept, and why. */
export interface RefusedUpload extends ErrorValue {
  name: string;
  /** The reason, as the outbox words it (the error carries the service's own words). */
  problem: OutboxProblem;
}

export interface UploadResult {
  /** The files registered with the project; empty when the user closed the dialog. */
  uploaded: FileRow[];
  /**
   * The files put in the outbox instead (offline, or the connection dropped on the way): copied into
   * PlanDesk's data folder, sent when the service answers again. Also those held there for the user
   * (the key refused, the project archived, the copy damaged): the outbox says why.
   */
  queued: string[];
  /** The files the service refused (or whose project is gone): not kept; the originals are untouched. */
  refused: RefusedUpload[];
}

/** The files screen's list: from the service, or offline the copy kept on this computer. */
export interface FileListView {
  rows: FileRow[];
  source: 'network' | 'cache';
  /** ISO 8601 */
  fetchedAt: string;
}

/** A download's result: where it was saved (null: the folder dialog was closed). */
export interface DownloadView {
  path: string | null;
  /**
   * The file arrived complete by the storage service's own length, but the project's file list gave
   * another size (out of date or rounded): both, for a note beside the result.
   */
  sizeDiffers?: { listed: number; received: number };
}

export interface FilePreview {
  contentType: string;
  /** A data: URL of the file's bytes (images and PDFs up to 20 MB). */
  dataUrl: string;
}
