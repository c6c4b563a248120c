// The import graph of src-main and src-shared, read from the sources with the TypeScript compiler's
// own pre-processor (static imports, `import type`, re-exports, `import()` and `typeof import()`),
// and the checks issue 24 asks of it: no cycle between the folders of src-main, and none of the
// forbidden arrows. `node scripts/import-graph.mts` prints the folder graph and every breach;
// tests/unit/import-graph.test.ts fails on any.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { FEATURES, layerOf, MAIN_LAYERS } from '../eslint.layers.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SCANNED = ['src-main', 'src-shared'];

/** file (relative to the project, with forward slashes) → the project files it imports */
export type ImportGraph = Map<string, Set<string>>;

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

const toKey = (path: string): string => relative(ROOT, path).split('\\').join('/');

export function readImportGraph(root = ROOT): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of SCANNED.flatMap((dir) => sourcesUnder(join(root, dir)))) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set<string>();
    for (const { fileName } of info.importedFiles) {
      const target = resolveSpecifier(file, fileName);
      if (target) targets.add(toKey(target));
    }
    graph.set(toKey(file), targets);
  }
  return graph;
}

/** The folder a file of src-main belongs to (its layer in eslint.layers.mjs: 'exports' for
 *  src-main/exports/pdf/x.ts, 'dialogs' for src-main/dialogs.ts), or the top folder for the rest. */
export function folderOf(file: string): string {
  return file.startsWith('src-main/') ? layerOf(file)! : file.split('/')[0]!;
}

export type FolderGraph = Map<string, Map<string, string[]>>;

/** folder → folder it imports → the imports that make the arrow ("from → to") */
export function folderGraph(graph: ImportGraph): FolderGraph {
  const folders: FolderGraph = new Map();
  for (const [from, targets] of graph) {
    if (!from.startsWith('src-main/')) continue;
    const a = folderOf(from);
    for (const to of targets) {
      if (!to.startsWith('src-main/')) continue;
      const b = folderOf(to);
      if (a === b) continue;
      const arrows = folders.get(a) ?? new Map<string, string[]>();
      folders.set(a, arrows);
      arrows.set(b, [...(arrows.get(b) ?? []), `${from} → ${to}`]);
    }
  }
  return folders;
}

/** Strongly connected components with more than one node (Tarjan), each sorted. */
export function cyclesOf(edges: Map<string, Iterable<string>>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    indexOf.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
      }
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!indexOf.has(v)) visit(v);
  return found;
}

/** The arrows issue 24 forbids: [name, does the import from → to break it]. */
export const FORBIDDEN: [string, (from: string, to: string) => boolean][] = [
  [
    'a feature imports the wiring (src-main/app)',
    (f, t) => FEATURES.includes(folderOf(f)) && folderOf(t) === 'app',
  ],
  ['estimates imports exports', (f, t) => folderOf(f) === 'estimates' && folderOf(t) === 'exports'],
  [
    'workers/ imports a feature',
    (f, t) =>
      f.startsWith('src-main/workers/') && FEATURES.includes(folderOf(t)) && t.startsWith('src-main/'),
  ],
  ['api/ imports src-shared/ipc', (f, t) => f.startsWith('src-main/api/') && t.startsWith('src-shared/ipc/')],
];

export function forbiddenImports(graph: ImportGraph): string[] {
  const breaches: string[] = [];
  for (const [from, targets] of graph)
    for (const to of targets)
      for (const [rule, breaks] of FORBIDDEN) if (breaks(from, to)) breaches.push(`${rule}: ${from} → ${to}`);
  return breaches;
}

/**
 * Every import of src-main the layer table (eslint.layers.mjs) does not allow: the lint's own rule,
 * checked once more over the graph the compiler sees.
 */
export function layerBreaches(graph: ImportGraph): string[] {
  const breaches: string[] = [];
  for (const [from, targets] of graph) {
    if (!from.startsWith('src-main/')) continue;
    const a = layerOf(from)!;
    for (const to of targets) {
      const b = layerOf(to);
      if (b === null || a === b) continue;
      const allowed = MAIN_LAYERS[a];
      if (!allowed || !allowed[0].includes(b)) breaches.push(`${from} → ${to}`);
    }
  }
  return breaches;
}

/** Cycles between files (any length), for the type-only cycles the folder graph cannot see. */
export function fileCycles(graph: ImportGraph): string[][] {
  return cyclesOf(graph);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const graph = readImportGraph();
  const folders = folderGraph(graph);
  for (const [from, arrows] of [...folders].sort())
    console.log(`${from} → ${[...arrows.keys()].sort().join(', ')}`);
  const folderCycles = cyclesOf(new Map([...folders].map(([a, arrows]) => [a, arrows.keys()])));
  for (const cycle of folderCycles) {
    console.log(`\nfolder cycle: ${cycle.join(', ')}`);
    for (const a of cycle)
      for (const [b, imports] of folders.get(a) ?? [])
        if (cycle.includes(b)) for (const i of imports) console.log(`  ${i}`);
  }
  for (const cycle of fileCycles(graph)) console.log(`\nfile cycle: ${cycle.join(', ')}`);
  for (const breach of forbiddenImports(graph)) console.log(`forbidden: ${breach}`);
  for (const breach of layerBreaches(graph)) console.log(`not in the layer picture: ${breach}`);
}
