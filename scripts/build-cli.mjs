// Bundles the `plandesk` CLI into one CommonJS file that runs on plain Node (no Electron, no tsx).
// Runs on `npm install` (prepare) so `npx plandesk` works straight after installing.
import { build } from 'esbuild';

await build({
  entryPoints: ['src-main/cli/index.ts'],
  outfile: 'out/cli/plandesk.cjs',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: 'linked',
  logLevel: 'warning',
});
