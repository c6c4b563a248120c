/**
 * Whether an upload whose register call was cut off did arrive. The service has no idempotency key,
 * so before an upload is sent again the project's files list is read and searched for it: the same
 * name, the same size, and registered no earlier than the attempt began (less REGISTER_CLOCK_SLACK_MS
 * for the difference between this computer's clock and the service's).
 *
 * Wrong either way only when two files of the same name and size arrive within that slack, which
 * means the same file twice: a second copy is then not sent.
 */
import type { ProjectFile } from '../api/schemas';
import { displayFileName } from '../../src-shared/files/safe-file-name';
import { serviceMoment } from '../../src-shared/time/service-time';

export const REGISTER_CLOCK_SLACK_MS = 10 * 60_000;

export interface SentUpload {
  fileName: string;
  size: number;
  /** When the attempt asked for its upload URL. */
  attemptStartedAt: Date;
}

export function findRegistered(files: readonly ProjectFile[], sent: SentUpload): ProjectFile | null {
  const earliest = sent.attemptStartedAt.getTime() - REGISTER_CLOCK_SLACK_MS;
  const name = displayFileName(sent.fileName);
  const matches = files.filter((f) => {
    if (f.size !== sent.size || displayFileName(f.name) !== name) return false;
    const created = serviceMoment(f.created);
    // A file without a readable time is judged by name and size alone.
    return created === null || created >= earliest;
  });
  return matches.at(-1) ?? null;
}
