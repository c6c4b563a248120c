/**
 * Where the simulator's data comes from: a caller's data set, the demo file, or the generated
 * large benchmark set.
 */
import { generateLargeDataset } from './data/generate';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { SimDataset } from './data/types';

const DEMO_RELATIVE = join('resources', 'demo', 'dataset.json');

function walkUp(start: string): string[] {
  const found: string[] = [];
  let dir = resolve(start);
  for (;;) {
    found.push(join(dir, DEMO_RELATIVE));
    const parent = dirname(dir);
    if (parent === dir) return found;
    dir = parent;
  }
}

/** PLANDESK_RESOURCES (the resources folder) first, then upwards from the cwd and this module. */
export function demoDatasetCandidates(): string[] {
  const candidates: string[] = [];
  const env = process.env.PLANDESK_RESOURCES;
  if (env) candidates.push(join(env, 'demo', 'dataset.json'));
  candidates.push(...walkUp(process.cwd()));
  if (typeof __dirname !== 'undefined') candidates.push(...walkUp(__dirname));
  return [...new Set(candidates)];
}

async function loadDemo(): Promise<SimDataset> {
  const candidates = demoDatasetCandidates();
  const path = candidates.find((p) => existsSync(p));
  if (!path) {
    throw new Error(`Demo data set not found; looked for ${DEMO_RELATIVE} at: ${candidates.join(', ')}`);
  }
  const text = await readFile(path, 'utf8');
  try {
    return JSON.parse(text) as SimDataset;
  } catch (e) {
    throw new Error(`Demo data set ${path} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
}

export async function loadDataset(spec: SimDataset | 'demo' | 'large'): Promise<SimDataset> {
  if (spec === 'demo') return loadDemo();
  if (spec === 'large') {
    return generateLargeDataset();
  }
  // The simulator mutates its data; the caller's object (often a shared test fixture) must not change.
  return structuredClone(spec);
}
