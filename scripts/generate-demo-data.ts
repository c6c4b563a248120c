/**
 * Writes the simulator's demo data set to resources/demo/dataset.json.
 *
 *   npx tsx scripts/generate-demo-data.ts
 *
 * The output is deterministic; tests/unit/simulator-data.test.ts fails when the committed file and
 * the generator drift apart.
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDemoDataset } from '../simulator/data/generate';

const target = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'resources', 'demo', 'dataset.json');

const started = performance.now();
const dataset = generateDemoDataset();
const elapsed = performance.now() - started;
const text = JSON.stringify(dataset, null, 1) + '\n';

mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, text, 'utf8');

const projects = dataset.workspaces.reduce((n, w) => n + w.projects.length, 0);
const estimates = dataset.workspaces.reduce(
  (n, w) => n + w.projects.reduce((m, p) => m + p.estimates.length, 0),
  0,
);
console.log(
  `Wrote ${target}: ${(Buffer.byteLength(text) / 1024).toFixed(0)} KiB, ${dataset.workspaces.length} workspaces, ` +
    `${projects} projects, ${estimates} estimates (generated in ${elapsed.toFixed(0)} ms)`,
);
