/**
 * The cache in a folder its user cannot write, run by cache-recovery.test.ts in a child process so
 * that it can run as an unprivileged user (see tests/helpers/run-unprivileged.ts).
 *   node --import tsx tests/integration/cache-read-only-folder.script.ts <dataDir> <workspaceId>
 * Prints one JSON line: what the test asserts on.
 */
import { accessSync, chmodSync, constants } from 'node:fs';
import path from 'node:path';
import { cacheKeys, openCache } from '../../src-main/cache/cache-db';
import { captureLog } from '../helpers/log-capture';

const [dataDir, workspaceId] = process.argv.slice(2) as [string, string];
const log = captureLog();

// A normal cache with some data in it, closed; then the user's folder and file made read-only.
const seeded = openCache(dataDir, workspaceId, log.logger);
seeded.putMany(
  Array.from({ length: 3 }, (_, i) => ({
    kind: 'estimate' as const,
    key: cacheKeys.estimate('p', `e${i}`),
    data: { id: `e${i}`, total: '1234.500000000000' },
  })),
);
seeded.close();
const cacheDir = path.join(dataDir, 'cache');
chmodSync(seeded.path, 0o444);
chmodSync(cacheDir, 0o555);

let folderWritable = true;
try {
  accessSync(cacheDir, constants.W_OK);
} catch {
  folderWritable = false;
}

const cache = openCache(dataDir, workspaceId, log.logger);
let writeError: string | null = null;
try {
  cache.put('project', 'p9', { id: 'p9' });
} catch (e) {
  writeError = e instanceof Error ? e.message : String(e);
}
const read = cache.get('estimate', cacheKeys.estimate('p', 'e1'))?.data ?? null;
const persistent = cache.persistent;
cache.close();

console.log(JSON.stringify({ uid: process.getuid?.(), folderWritable, persistent, read, writeError }));
