// Bundles the `plandesk` CLI into CommonJS files that run on plain Node (no Electron, no tsx): the
// command itself and the worker threads' script next to it (src-main/workers/pool.ts finds it there).
// Runs on `npm install` (prepare) so `npx plandesk` works straight after installing.
import { build } from 'esbuild';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: 'linked',
  logLevel: 'warning',
  // Required from node_modules, never bundled: a native module finds its binary from its own package
  // folder (only the commands that keep estimate versions load it), and piscina starts its threads
  // from its own worker script next to it.
  external: ['better-sqlite3', 'piscina'],
};

await build({ ...common, entryPoints: ['src-main/cli/index.ts'], outfile: 'out/cli/plandesk.cjs' });
await build({ ...common, entryPoints: ['src-main/workers/worker-entry.ts'], outfile: 'out/cli/worker.cjs' });
