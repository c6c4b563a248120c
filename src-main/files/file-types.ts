import { ALLOWED_UPLOAD_EXTENSIONS, UPLOAD_CONTENT_TYPES } from '../../src-shared/files/upload-types';
import { ServiceError } from '../errors/service-error';

export { ALLOWED_UPLOAD_EXTENSIONS, UPLOAD_CONTENT_TYPES };

export interface UploadType {
  /** Lower case, without the dot. */
  extension: string;
  contentType: string;
}

/**
 * The extension of a file name, lower case, without the dot; '' when there is none. A leading dot
 * alone (".pdf") is a hidden file's name, not an extension, as the service sees it.
 */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 || dot === fileName.length - 1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export function isAllowedUploadName(fileName: string): boolean {
  return Object.hasOwn(UPLOAD_CONTENT_TYPES, extensionOf(fileName));
}

/**
 * The type of a file to upload, by its extension (case-insensitive). Anything not allowed is a
 * `validation` error that names the allowed types.
 */
export function uploadTypeOf(fileName: string): UploadType {
  const extension = extensionOf(fileName);
  const contentType = Object.hasOwn(UPLOAD_CONTENT_TYPES, extension)
    ? UPLOAD_CONTENT_TYPES[extension]
    : undefined;
  if (contentType) return { extension, contentType };
  const allowed = `Allowed: ${ALLOWED_UPLOAD_EXTENSIONS.join(', ')}.`;
  throw new ServiceError(
    'validation',
    extension
      ? `PlanDesk cannot upload ".${extension}" files. ${allowed}`
      : `PlanDesk cannot upload files without a file extension ("${fileName}"). ${allowed}`,
  );
}
