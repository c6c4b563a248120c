/** The files screen's state (store.ts): the list, the upload running and its notices, the per-file actions. */
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import type { FilePreview, FileRow, RefusedUpload } from '../../../../src-shared/files/types';
import type { OperationPhase } from '../../../../src-shared/operations/types';

export type UploadNotice = 'refused' | 'serviceRefused' | 'failure' | 'cancelled' | 'uploaded' | 'queued';

export interface UploadRun {
  operationId: string;
  /** The dropped files' paths; undefined: main asks with the open dialog. */
  paths: string[] | undefined;
  names: string[];
  done: number;
  total: number | null;
  /** `copying`: the files are being copied into PlanDesk's outbox (nothing sent yet). */
  phase: OperationPhase | null;
  cancelling: boolean;
}

export type FileAction = 'preview' | 'download' | 'open' | 'show' | 'delete';

export type PreviewState =
  | { file: FileRow; status: 'loading'; operationId: string }
  | { file: FileRow; status: 'ready'; preview: FilePreview }
  | { file: FileRow; status: 'none' }
  | { file: FileRow; status: 'error'; error: ErrorValue };

export interface FilesState {
  /** `<workspace>|<project>`: what the data below belongs to. */
  key: string | null;
  projectId: string | null;
  rows: FileRow[] | null;
  /** Where the rows came from: `cache` offline (the screen says from when). */
  source: 'network' | 'cache' | null;
  fetchedAt: string | null;
  loading: boolean;
  error: ErrorValue | null;

  upload: UploadRun | null;
  /**
   * The last upload failed: the error, and what Retry sends again (the dropped files' paths: main
   * keeps their grants until an upload of them succeeds; undefined: the open dialog again).
   */
  uploadFailure: { error: ErrorValue; paths: string[] | undefined; names: string[] } | null;
  uploadCancelled: boolean;
  /** Files refused before sending (type not allowed). */
  refused: string[] | null;
  /** Files the service refused in the last upload (or whose project is gone): each with its reason. */
  serviceRefused: RefusedUpload[] | null;
  /** How many files the last upload added (a success notice). */
  uploadedCount: number | null;
  /** How many files the last upload put in the outbox (offline, or the connection dropped). */
  queuedCount: number | null;
  highlighted: string[];

  busy: Record<string, FileAction>;
  /**
   * The last download: which file, where it was saved, and (when the project's file list gave
   * another size than arrived) both sizes for a note.
   */
  saved: { name: string; path: string; sizeDiffers?: { listed: number; received: number } } | null;
  actionError: ErrorValue | null;
  preview: PreviewState | null;

  open: (projectId: string, workspaceId: string | null) => void;
  load: () => Promise<void>;
  /** Uploads files dropped on the screen: refused types are named, the rest are sent. */
  uploadDropped: (files: File[]) => Promise<void>;
  /** Uploads what the user picks in main's open dialog. */
  uploadPicked: () => Promise<void>;
  retryUpload: () => Promise<void>;
  cancelUpload: () => Promise<void>;
  download: (file: FileRow) => Promise<void>;
  openWithSystem: (file: FileRow) => Promise<void>;
  /** Shows the file in the system's file manager (the types PlanDesk does not open). */
  showInFolder: (file: FileRow) => Promise<void>;
  showPreview: (file: FileRow) => Promise<void>;
  closePreview: () => void;
  /** Deletes the file; the error when it failed (the confirm dialog shows it), else null. */
  remove: (file: FileRow) => Promise<ErrorValue | null>;
  dismissUploadNotice: (which: UploadNotice) => void;
  dismissResult: () => void;
}
