/**
 * The export thread of `plandesk export … --format pdf`, started before anything else of the command:
 * its start (the thread, the PDF writers, the fonts) is most of a small quote's time, and it runs while
 * this thread loads the command's code, connects and fetches the estimate. Only what starts the thread
 * is imported here, so nothing delays it.
 */
import { silentLogger } from '../log/logger';
import { ExportThread } from '../exports/export-thread';
import type { Workers } from '../workers/pool';
import { cliWorkers } from './cli-workers';

/** A worker pool for the command, its export thread started and warming; the caller closes it. */
export function warmExportThread(dataDir: string): Workers {
  const workers = cliWorkers(silentLogger, dataDir);
  void new ExportThread(workers, silentLogger).warm();
  return workers;
}
