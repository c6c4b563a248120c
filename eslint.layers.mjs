// PlanDesk's layers, enforced by the linter (in the spirit of VS Code's code-layering rule). The
// picture, bottom to top (docs/architecture.md draws it):
//
//   src-shared                          plain code both sides run; imports only itself (and zod)
//   basics                              log ← faults, json ← errors ← operations ← local-files; dialogs.ts
//   workers · secrets · settings · updates · api     each on the basics only
//   cache                               on api (and workers, for its checkpoint thread)
//   contracts                           what the features work on (the active workspace)
//   features                            on all of the above, and on the lower features named for each
//   app (the wiring)                    on everything above; src-main/demo (the simulator, lazily)
//   ipc · shell · cli · index.ts        the front doors
//
// For every folder of src-main (and each file at its top), the folders it MAY import: anything else
// is a lint error naming the rule. A folder missing from the table is an error too, so a new folder
// takes its place in the picture before it is used. Everything in src-main may import src-shared,
// except its IPC contract (src-shared/ipc), which only the wiring and the front doors know.
// scripts/import-graph.mts reads the same table and checks the whole graph for cycles.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/** Basic modules in order: each may import those before it (log imports nothing). */
const BASICS = ['log', 'faults', 'json', 'errors', 'operations', 'local-files', 'dialogs'];

/**
 * The features: plain Node use cases under the wiring, knowing neither IPC, Electron, the CLI nor
 * the wiring. Each may import the features listed for it (lower ones), never the others: the
 * arrows between features form no cycle. The export use case reads estimates, versions and plans
 * through its sources (exports/sources.ts); they never import it.
 */
export const FEATURE_DEPENDENCIES = {
  estimates: [],
  files: [],
  forms: [],
  projects: [],
  teams: [],
  webhook: [],
  workspaces: [],
  plans: ['estimates'],
  versions: ['estimates'],
  outbox: ['files'],
  offline: ['estimates', 'files', 'plans'],
  exports: ['estimates', 'plans', 'versions'],
};
export const FEATURES = Object.keys(FEATURE_DEPENDENCIES);

/** What a feature stands on besides the basics. */
const UNDER_FEATURES = ['api', 'cache', 'contracts', 'workers', 'settings'];
/** Pseudo-folders: the IPC contract, Electron (and its updater), the simulator. */
const IPC = 'src-shared/ipc';
const ELECTRON = 'electron';
const SIMULATOR = 'simulator';

const basic = (name) => BASICS.slice(0, BASICS.indexOf(name));

/** folder → [the folders it may import, why] */
export const MAIN_LAYERS = {
  ...Object.fromEntries(
    BASICS.map((name) => [name, [basic(name), 'a basic module imports only the basics below it']]),
  ),
  workers: [
    BASICS,
    'the worker pool runs tasks by name: each worker script registers its own (workers/tasks.ts), ' +
      'so the pool knows no feature, no service client and no front door',
  ],
  secrets: [BASICS, 'the keychain knows nothing of the service or the features'],
  settings: [BASICS, 'settings.json knows nothing of the service or the features'],
  updates: [BASICS, 'the update state machine knows only what the wiring gives it'],
  api: [BASICS, 'the service client is the bottom layer: it knows no feature, no cache and no IPC'],
  cache: [
    [...BASICS, 'api', 'workers'],
    'the cache sits under the features and over the service client (and checkpoints in a worker thread)',
  ],
  contracts: [
    [...BASICS, 'api', 'cache'],
    'the contracts between the wiring and the features sit under the features',
  ],
  ...Object.fromEntries(
    FEATURES.map((feature) => [
      feature,
      [
        [
          ...BASICS,
          ...UNDER_FEATURES,
          ...FEATURE_DEPENDENCIES[feature],
          ...(feature === 'workspaces' ? ['secrets'] : []),
        ],
        'a feature never imports the wiring (app/), IPC, Electron, the shell or the CLI, and imports ' +
          `only the features below it (${FEATURE_DEPENDENCIES[feature].join(', ') || 'none'} for ` +
          `${feature}: FEATURE_DEPENDENCIES in eslint.layers.mjs)`,
      ],
    ]),
  ),
  demo: [[SIMULATOR], 'the demo loader only starts the simulator (lazily)'],
  app: [
    [...BASICS, ...UNDER_FEATURES, ...FEATURES, 'secrets', 'updates', 'demo', IPC],
    'the wiring is used by the IPC layer, the shell and the Electron entry, not the other way round',
  ],
  ipc: [[...BASICS, 'contracts', 'app', IPC, ELECTRON], 'the IPC layer goes through the wiring'],
  shell: [
    [...BASICS, 'app', 'secrets', 'settings', 'updates', IPC, ELECTRON],
    'the window, menu and updater glue goes through the wiring',
  ],
  cli: [
    [...BASICS, ...UNDER_FEATURES, ...FEATURES, 'demo'],
    'the CLI talks to the service through the client and the features, never through IPC or the wiring',
  ],
  'app-scheme': [BASICS, 'the app:// scheme is plain Node'],
  'window-security': [[...BASICS, 'app-scheme'], 'the window rules are plain Node'],
  index: [
    [...BASICS, 'app', 'app-scheme', 'window-security', 'ipc', 'shell', 'settings', IPC, ELECTRON],
    'the Electron entry starts the wiring, the IPC layer and the shell',
  ],
};

/**
 * What a path (relative to the project) is in the picture: a folder of src-main ('exports' for
 * src-main/exports/pdf/x.ts, 'dialogs' for src-main/dialogs.ts), the IPC contract, the simulator, or
 * null for what the table does not govern (the rest of src-shared, packages).
 */
export function layerOf(relative) {
  const parts = relative.split(/[\\/]/);
  if (parts[0] === 'src-main' && parts.length >= 2) {
    return parts.length > 2 ? parts[1] : parts[1].replace(/\.(tsx?|mjs|js)$/, '');
  }
  if (parts[0] === 'src-shared' && parts[1] === 'ipc') return IPC;
  if (parts[0] === SIMULATOR) return SIMULATOR;
  return null;
}

/** The layer an import specifier reaches from `file` (absolute), or null. */
function targetOf(file, specifier) {
  if (specifier === 'electron' || specifier === 'electron-updater') return ELECTRON;
  if (!specifier.startsWith('.')) return null;
  return layerOf(path.relative(ROOT, path.resolve(path.dirname(file), specifier)));
}

/**
 * The rule: every import (static, type-only, re-export, `import()`, `typeof import()`, a module
 * augmentation) resolved to the folder it reaches and checked against the table.
 */
const importsRule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = context.filename;
    const from = layerOf(path.relative(ROOT, file));
    if (!from || !path.relative(ROOT, file).startsWith('src-main')) return {};
    const entry = MAIN_LAYERS[from];
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const to = targetOf(file, source);
      if (to === null || to === from) return;
      if (!entry) {
        context.report({
          node,
          message: `src-main/${from} has no place in eslint.layers.mjs: add it there.`,
        });
      } else if (!entry[0].includes(to)) {
        context.report({ node, message: `src-main/${from} must not import ${to}: ${entry[1]}.` });
      }
    };
    const literal = (node) => node?.source?.value;
    return {
      ImportDeclaration: (node) => check(node, literal(node)),
      ExportNamedDeclaration: (node) => check(node, literal(node)),
      ExportAllDeclaration: (node) => check(node, literal(node)),
      ImportExpression: (node) => check(node, node.source.value),
      TSImportType: (node) => check(node, node.argument?.literal?.value ?? node.argument?.value),
      // `declare module '../workers/tasks'` adds to that module: a dependency on it like an import.
      TSModuleDeclaration: (node) => node.id.type === 'Literal' && check(node, node.id.value),
    };
  },
};

const NODE_BUILTINS = ['node:*', 'fs', 'path', 'child_process', 'os', 'crypto'];
const SIMULATOR_PATHS = ['../', '../../', '../../../'].flatMap((up) => [
  `${up}simulator`,
  `${up}simulator/**`,
]);

function restrict(groups) {
  return {
    'no-restricted-imports': ['error', { patterns: groups.map(([group, message]) => ({ group, message })) }],
  };
}

export const layers = [
  {
    files: ['src-main/**/*.ts'],
    plugins: { layers: { rules: { imports: importsRule } } },
    rules: { 'layers/imports': 'error' },
  },
  {
    files: ['src-shared/**/*.ts'],
    rules: restrict([
      [
        [
          '**/src-main/**',
          '**/src-renderer/**',
          '**/src-preload/**',
          'electron',
          ...SIMULATOR_PATHS,
          ...NODE_BUILTINS,
        ],
        'src-shared is plain code both sides run: it imports only itself (and zod).',
      ],
    ]),
  },
  {
    files: ['src-preload/**/*.ts'],
    rules: restrict([
      [
        ['**/src-main/**', '**/src-renderer/**', 'zod', ...NODE_BUILTINS],
        'The sandboxed preload bundles only the channel list (and imports electron).',
      ],
    ]),
  },
];
