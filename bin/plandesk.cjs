#!/usr/bin/env node
// `plandesk` command: runs the bundled CLI (built by `npm install` / `npm run build:cli`).
const path = require('node:path');
const fs = require('node:fs');

const bundle = path.join(__dirname, '..', 'out', 'cli', 'plandesk.cjs');
if (!fs.existsSync(bundle)) {
  process.stderr.write(
    'error(config): the CLI is not built yet. Run `npm run build:cli` in the PlanDesk folder.\n',
  );
  process.exit(2);
}
require(bundle);
