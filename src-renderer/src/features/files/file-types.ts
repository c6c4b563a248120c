/**
 * The file types the service accepts for upload, checked before anything is sent (main checks
 * again, against the same list in src-shared).
 */
import { ALLOWED_UPLOAD_EXTENSIONS } from '../../../../src-shared/files/upload-types';

export { ALLOWED_UPLOAD_EXTENSIONS };

const ALLOWED = new Set<string>(ALLOWED_UPLOAD_EXTENSIONS);

/**
 * The extension of a file name, lower case, without the dot; '' when there is none. A leading dot
 * alone (".pdf") is a hidden file's name, not an extension, as the service sees it.
 */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const dot = base.lastIndexOf('.');
  return dot <= 0 || dot === base.length - 1 ? '' : base.slice(dot + 1).toLowerCase();
}

export function isAllowedUpload(fileName: string): boolean {
  return ALLOWED.has(extensionOf(fileName));
}

/** Splits dropped files into those PlanDesk may upload and those it refuses (by extension). */
export function checkUploads<T extends { name: string }>(
  files: readonly T[],
): { allowed: T[]; refused: T[] } {
  const allowed: T[] = [];
  const refused: T[] = [];
  for (const f of files) (isAllowedUpload(f.name) ? allowed : refused).push(f);
  return { allowed, refused };
}

/** The allowed types as the error message lists them: "pdf, doc, docx, …". */
export function allowedTypesText(): string {
  return ALLOWED_UPLOAD_EXTENSIONS.join(', ');
}
