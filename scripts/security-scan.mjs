// Runs Electronegativity (Doyensec's Electron security scanner) over the source. Fails on any HIGH or
// MEDIUM finding unless the flagged line, or one of the three lines above it, carries a comment
// `electronegativity: <CHECK_NAME> — why this is safe`. Global findings (no file) cannot carry a
// comment, so they must be fixed.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ELECTRON_VERSION = JSON.parse(readFileSync('node_modules/electron/package.json', 'utf8')).version;
// This check downloads Electron's release list; it has no network here and says nothing about our code.
const EXCLUDED = ['AvailableSecurityFixesGlobalCheck'];
const ROOTS = ['src-main', 'src-preload', 'src-renderer', 'simulator'];

function parseCsvLine(line) {
  const out = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  out.push(cur.trim());
  return out;
}

// The global checks (navigation limits, permission handler, CSP) look across files, so main, preload
// and renderer are scanned together as one app, from a copy that holds only them.
const work = mkdtempSync(path.join(tmpdir(), 'plandesk-eneg-'));
const app = path.join(work, 'app');
const problems = [];
let total = 0;
try {
  for (const root of ROOTS) cpSync(root, path.join(app, root), { recursive: true });
  const csv = path.join(work, 'findings.csv');
  const bin = path.join(
    'node_modules',
    '.bin',
    process.platform === 'win32' ? 'electronegativity.cmd' : 'electronegativity',
  );
  execFileSync(bin, ['-i', app, '-e', ELECTRON_VERSION, '-x', EXCLUDED.join(','), '-o', csv, '-v', 'false'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 300_000,
  });
  const rows = readFileSync(csv, 'utf8')
    .split('\n')
    .slice(1)
    .filter((l) => l.trim());
  {
    for (const row of rows) {
      const [issue, severity, confidence, filename, location, sample] = parseCsvLine(row);
      if (!['HIGH', 'MEDIUM'].includes(severity)) continue;
      total++;
      const global = !filename || filename === 'N/A' || !location || location.startsWith('0');
      const file = global ? null : path.relative(app, path.resolve(app, filename));
      const where = global ? '(global)' : `${file}:${location}`;
      if (global) {
        problems.push(
          `${issue} (${severity}, ${confidence}) ${where}: a global finding, which must be fixed`,
        );
        continue;
      }
      const line = Number(location.split(':')[0]);
      const lines = readFileSync(file, 'utf8').split('\n');
      const context = lines.slice(Math.max(0, line - 4), line).join('\n');
      if (!new RegExp(`electronegativity: ${issue}\\b`).test(context)) {
        problems.push(
          `${issue} (${severity}, ${confidence}) at ${where}: ${sample}\n    explain it in a comment "electronegativity: ${issue} — …" next to the code, or fix it`,
        );
      }
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.error(
    `Electronegativity: ${problems.length} unexplained HIGH/MEDIUM finding(s):\n- ${problems.join('\n- ')}`,
  );
  process.exit(1);
}
console.log(
  `Electronegativity: ${total} HIGH/MEDIUM finding(s), each explained next to its code; none unexplained.`,
);
