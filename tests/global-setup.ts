import { execFileSync } from 'node:child_process';
import { bundleIsFresh } from './helpers/built-bundle';

// Some tests run the real `plandesk` bin (the simulator command, the webhook listener, exit codes),
// and main's services in the tests start their threads from the built worker scripts: bundle them
// from the current sources first, unless the bundle is newer than every source (`npm test` has just
// built it with `npm run build`: it is built once).
export default function setup(): void {
  if (bundleIsFresh()) return;
  execFileSync(process.execPath, ['scripts/build-cli.mjs'], { stdio: 'inherit' });
}
