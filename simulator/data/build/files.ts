/**
 * A project's uploaded files: names from the workspace's list, sizes and content types by
 * extension. The bytes themselves are made on download from `content_seed` (file-bytes.ts).
 */
import { CONTENT_TYPES, FILE_SIZES } from '../catalogues';
import { isoOffset, timeBetween } from '../time';
import type { SimFile } from '../types';
import type { Gen } from './gen';

function buildFile(g: Gen, name: string, createdMs: number): SimFile {
  const { rng, ids } = g;
  const id = ids.uuid();
  const dot = name.lastIndexOf('.');
  const ext = name.slice(dot + 1).toLowerCase();
  const [minSize, maxSize] = FILE_SIZES[ext] ?? [1_000, 900_000];
  return {
    id,
    name,
    file_type: ext,
    content_type: CONTENT_TYPES[ext] ?? 'application/octet-stream',
    size: rng.int(minSize, maxSize),
    created: isoOffset(createdMs),
    origin: 'upload',
    content_seed: id,
  };
}

export function buildFiles(g: Gen, names: string[], count: number, fromMs: number, toMs: number): SimFile[] {
  const { rng } = g;
  const chosen: string[] = [];
  if (count <= names.length) {
    chosen.push(...rng.sample(names, count));
  } else {
    chosen.push(...names.filter((n) => !n.startsWith('site-photo-')));
    for (let i = 1; chosen.length < count; i++) chosen.push(`site-photo-${i}.jpg`);
  }
  const times = chosen.map(() => timeBetween(rng, fromMs, toMs)).sort((a, b) => a - b);
  return chosen.map((name, i) => buildFile(g, name, times[i] as number));
}
