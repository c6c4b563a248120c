/** A CLI command's worker threads: the app's, their libraries' compiled code kept in the data folder. */
import type { Logger } from '../log/logger';
import { createWorkers, type Workers } from '../workers/pool';
import { codeCacheDir } from './data-dir';

export function cliWorkers(logger: Logger, dataDir: string): Workers {
  return createWorkers(logger, undefined, undefined, { codeCache: codeCacheDir(dataDir) });
}
