/**
 * A CLI command's worker threads: the app's, with what a new thread would otherwise work out again
 * kept in the data folder: their libraries' compiled code, and the words their PDFs have shaped.
 */
import type { Logger } from '../log/logger';
import { SHAPED_WORDS_SETTING } from '../exports/pdf/shaped-words-file';
import { createWorkers, type Workers } from '../workers/pool';
import { codeCacheDir, shapedWordsDir } from './data-dir';

export function cliWorkers(logger: Logger, dataDir: string): Workers {
  return createWorkers(logger, undefined, undefined, {
    codeCache: codeCacheDir(dataDir),
    settings: { [SHAPED_WORDS_SETTING]: shapedWordsDir(dataDir) },
  });
}
