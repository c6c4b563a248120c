#!/usr/bin/env node
// `plandesk` command: runs the bundled CLI (built by `npm install` / `npm run build:cli`).
const path = require('node:path');
const fs = require('node:fs');

const { pathToFileURL } = require('node:url');

// An ES module (scripts/build-cli.mjs splits it per command), so imported rather than required.
const bundle = path.join(__dirname, '..', 'out', 'cli', 'plandesk.mjs');
if (!fs.existsSync(bundle)) {
  process.stderr.write(
    'error(config): the CLI is not built yet. Run `npm run build:cli` in the PlanDesk folder.\n',
  );
  process.exit(2);
}
import(pathToFileURL(bundle).href).catch((err) => {
  process.stderr.write(`error(config): the CLI could not start (${err && err.message}).\n`);
  process.exitCode = 1;
});
