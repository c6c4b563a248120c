/**
 * The checks every upload passes before anything is copied or sent (the app's and the CLI's).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ServiceError } from '../errors/service-error';
import { displayFileName } from '../../src-shared/files/safe-file-name';
import { uploadTypeOf } from './file-types';

/** A file PlanDesk can upload: an allowed type, a regular file (never a link); checked before anything is sent. */
export async function checkUploadable(f: string): Promise<void> {
  const name = displayFileName(path.basename(f));
  uploadTypeOf(path.basename(f));
  const stat = await fs.lstat(f).catch(() => null);
  if (!stat?.isFile()) {
    throw new ServiceError(
      'validation',
      stat?.isSymbolicLink()
        ? `"${name}" is a link to another file; PlanDesk uploads only the file itself.`
        : `"${name}" is not a file PlanDesk can read.`,
    );
  }
}
