import { appendFileSync } from 'node:fs';
import { PRIVATE_FILE_MODE } from './data-folder';
import type { LogSink } from '../log/logger';

/**
 * A sink appending to `file` (created readable by the user only). A line that cannot be written (the
 * folder is missing or read-only, the disk is full) is dropped: the log must never take the app down.
 */
export function logFileSink(file: string): LogSink {
  return (level, line) => {
    try {
      appendFileSync(file, `${new Date().toISOString()} [${level}] ${line}\n`, { mode: PRIVATE_FILE_MODE });
    } catch {
      // dropped, see above
    }
  };
}
