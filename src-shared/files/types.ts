/** A project's files as the files screen shows them. */

export interface FileRow {
  id: string;
  name: string;
  /** Extension without the dot, lower case. */
  type: string;
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
