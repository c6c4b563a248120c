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

/**
 * The caller's resources folder (the packaged app's process.resourcesPath) first, then
 * PLANDESK_RESOURCES, then upwards from the cwd and this module (a checkout of the sources).
 */
export function demoDatasetCandidates(resourcesDir?: string): string[] {
  const candidates: string[] = [];
  if (resourcesDir) candidates.push(join(resourcesDir, 'demo', 'dataset.json'));
  const env = process.env.PLANDESK_RESOURCES;
  if (env) candidates.push(join(env, 'demo', 'dataset.json'));
  candidates.push(...walkUp(process.cwd()));
  if (typeof __dirname !== 'undefined') candidates.push(...walkUp(__dirname));
  return [...new Set(candidates)];
}

async function loadDemo(resourcesDir?: string): Promise<SimDataset> {
  const candidates = demoDatasetCandidates(resourcesDir);
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

export async function loadDataset(
  spec: SimDataset | 'demo' | 'large',
  resourcesDir?: string,
): Promise<SimDataset> {
  if (spec === 'demo') return loadDemo(resourcesDir);
  if (spec === 'large') {
    return generateLargeDataset();
  }
  // The simulator mutates its data; the caller's object (often a shared test fixture) must not change.
  return structuredClone(spec);
}
