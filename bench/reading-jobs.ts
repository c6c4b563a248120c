/**
 * The script of the reading threads some benchmarks measure on (bench/reading-thread.ts): only the
 * code of their jobs, as an app's reading thread loads only its worker script.
 */
import { serveReadingThreadJobs } from './reading-thread';
import { cacheOpenRuns } from './cache-runs';
import { treeRuns } from './tree-runs';

void serveReadingThreadJobs({ 'estimate-tree': treeRuns, 'cache-open': cacheOpenRuns });
