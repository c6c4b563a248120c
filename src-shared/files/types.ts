/** A project's files as the files screen shows them. */

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
}

export interface UploadResult {
  /** The files registered with the project; empty when the user closed the dialog. */
  uploaded: FileRow[];
}

export interface FilePreview {
  contentType: string;
  /** A data: URL of the file's bytes (images and PDFs up to 20 MB). */
  dataUrl: string;
}
