/**
 * Small files (issue 24): no product file of main, the shared code, the preload or the simulator over
 * 400 lines, the message catalogues aside (one entry a line, per language). The renderer's files and
 * functions are held to the same by their own work.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..', '..');
const MAX_LINES = 400;
const CHECKED = ['src-main', 'src-shared', 'src-preload', 'simulator'];
const CATALOGUES = 'src-shared/i18n/messages/';

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (statSync(path.join(ROOT, rel)).isDirectory()) return sources(rel);
    return /\.(ts|tsx|mts|mjs)$/.test(name) ? [rel] : [];
  });
}

describe('product files', () => {
  it(`are at most ${MAX_LINES} lines (the message catalogues aside)`, () => {
    const files = CHECKED.flatMap(sources);
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .filter((f) => !f.startsWith(CATALOGUES))
      .map((f) => ({ f, lines: readFileSync(path.join(ROOT, f), 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ f, lines }) => `${f}: ${lines}`);
    expect(long).toEqual([]);
  });
});
