// The packaging check (`npm run package:check`, and inside `npm test`): packs PlanDesk with
// electron-builder as its `dir` target and, on Linux, its deb and rpm packages from it, then checks
// the packaged layout, the Linux packages, the release check script on its fixtures, and boots the
// packaged main (tests/packaging). Expects `npm run build` to have run. On Linux the boot test runs inside
// scripts/with-keyring.sh, so the packaged keytar talks to a real, throwaway Secret Service.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const bin = (name) => path.join('node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
const run = (file, args) =>
  execFileSync(file, args, {
    stdio: 'inherit',
    shell: process.platform === 'win32' && file.endsWith('.cmd'),
  });

// The packaged native modules must load under Node for the boot test: build them for Node first.
run(process.execPath, ['scripts/prepare-native.mjs', 'node']);
run(process.execPath, ['scripts/make-icons.mjs']);
run(bin('tsx'), ['tests/packaging/pack.mts']);
if (process.platform === 'linux') run(bin('tsx'), ['tests/packaging/linux/build-packages.mts']);
const vitest = [bin('vitest'), 'run', '--project', 'packaging'];
if (process.platform === 'linux' && !process.env.PLANDESK_KEYRING_READY)
  run('scripts/with-keyring.sh', vitest);
else run(vitest[0], vitest.slice(1));
