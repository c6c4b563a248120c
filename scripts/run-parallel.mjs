// Runs npm scripts side by side: `node scripts/run-parallel.mjs typecheck lint build`. `npm test`
// starts with checks that neither read nor write what the others do (the type check, the linters,
// the build, the security scan), each mostly on one core: side by side, two cores do them in about
// half the time. Each one's output is printed whole when it ends, in the order given, so nothing
// interleaves; the exit code is the first failing script's.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs SCRIPT…');
  process.exit(2);
}
const windows = process.platform === 'win32';

/** Runs `npm run <script>`; resolves with its exit code and everything it printed. */
function run(script) {
  return new Promise((resolve) => {
    const child = spawn(windows ? 'npm.cmd' : 'npm', ['run', script], { shell: windows });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (err) => resolve({ script, code: 1, output: [Buffer.from(`${err.message}\n`)] }));
    child.on('close', (code) => resolve({ script, code: code ?? 1, output }));
  });
}

let failed = 0;
for (const pending of scripts.map(run)) {
  const { script, code, output } = await pending;
  process.stdout.write(Buffer.concat(output));
  if (code !== 0) {
    console.error(`\n${script} failed (exit code ${code})`);
    failed ||= code;
  }
}
process.exit(failed);
