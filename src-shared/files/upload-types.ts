/**
 * The file types the service accepts for upload (real-world notes: pdf, doc(x), xls(x), ppt(x), csv,
 * jpeg/jpg, png, gif, bmp, svg, webp, usdz), each with the content type PlanDesk declares for it.
 * Checked before any request is made, so a wrong file never costs a presigned URL. Plain data:
 * main (src-main/files/file-types.ts) and the renderer check against this one list.
 */
export const UPLOAD_CONTENT_TYPES: Readonly<Record<string, string>> = Object.freeze({
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  csv: 'text/csv',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  usdz: 'model/vnd.usdz+zip',
});

export const ALLOWED_UPLOAD_EXTENSIONS: readonly string[] = Object.freeze(Object.keys(UPLOAD_CONTENT_TYPES));

/**
 * Whether PlanDesk opens a file of this extension with the system's program: only the types it
 * uploads itself (for anything else, which the system might run, it offers "Show in folder"). For
 * the project's files and for what PlanDesk saved (exports) alike.
 */
export function opensWithSystem(extension: string): boolean {
  return Object.hasOwn(UPLOAD_CONTENT_TYPES, extension.toLowerCase());
}
