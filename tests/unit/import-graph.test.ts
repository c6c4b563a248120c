/**
 * The import graph of src-main as the TypeScript compiler reads it (static, type-only and dynamic
 * imports, re-exports): no cycle between folders, none of the arrows issue 24 forbids, and every
 * arrow one the layer table (eslint.layers.mjs) allows. A cycle of files is refused too: a type
 * shared both ways moves down.
 */
import { describe, expect, it } from 'vitest';
import {
  cyclesOf,
  fileCycles,
  folderGraph,
  forbiddenImports,
  layerBreaches,
  readImportGraph,
} from '../../scripts/import-graph.mjs';

const graph = readImportGraph();

describe('the import graph of src-main', () => {
  it('reads the real sources (every folder, type-only and dynamic imports included)', () => {
    const folders = folderGraph(graph);
    // Arrows the parser must see for the checks below to mean anything.
    expect(folders.get('app')?.has('exports')).toBe(true);
    expect(folders.get('exports')?.has('estimates')).toBe(true);
    // Type-only: a feature's one contract with the wiring.
    expect(graph.get('src-main/estimates/estimates-service.ts')).toContain(
      'src-main/contracts/active-workspace.ts',
    );
    // Dynamic: the CLI opens the cache only for the commands that keep versions.
    expect(graph.get('src-main/cli/versions-cache.ts')).toContain('src-main/cache/open-cache.ts');
  });

  it('has no cycle between folders', () => {
    const folders = folderGraph(graph);
    expect(cyclesOf(new Map([...folders].map(([a, arrows]) => [a, arrows.keys()])))).toEqual([]);
  });

  it('has no cycle between files (in src-main and src-shared)', () => {
    expect(fileCycles(graph)).toEqual([]);
  });

  it('has no arrow from a feature to app/, estimates to exports, workers/ to a feature, api/ to src-shared/ipc', () => {
    expect(forbiddenImports(graph)).toEqual([]);
  });

  it('has only the arrows the layer table of eslint.layers.mjs allows', () => {
    expect(layerBreaches(graph)).toEqual([]);
  });

  it('finds a cycle and a forbidden arrow where there is one', () => {
    expect(
      cyclesOf(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
    const bad = new Map([
      ['src-main/workers/pool.ts', new Set(['src-main/plans/rooms-costs-task.ts'])],
      ['src-main/api/client.ts', new Set(['src-shared/ipc/contract.ts'])],
      ['src-main/teams/teams-service.ts', new Set(['src-main/app/services.ts'])],
      ['src-main/estimates/estimate-reader.ts', new Set(['src-main/exports/sources.ts'])],
    ]);
    expect(forbiddenImports(bad)).toHaveLength(4);
    expect(layerBreaches(bad)).toHaveLength(4);
  });
});
