// PlanDesk's layers, enforced by the linter (in the spirit of VS Code's code-layering rule):
//
//   src-shared  ←  src-main/api  ←  src-main/cache  ←  features  ←  src-main/app (wiring)  ←  ipc / cli / index.ts
//   src-shared  ←  src-preload (the channel list only)      src-shared  ←  src-renderer (window.api only)
//
// One entry per folder of src-main: the sibling folders it must not import, and why. Everything in
// src-main may import src-shared. Only the Electron glue (ipc, shell, index.ts) imports electron; only
// the demo loader imports the simulator.

const FEATURES = [
  'estimates',
  'exports',
  'files',
  'plans',
  'projects',
  'workspaces',
  'offline',
  'outbox',
  'forms',
  'teams',
  'webhook',
  'versions',
];
const BASICS = ['errors', 'log', 'json', 'local-files', 'operations', 'faults'];
/** Features the export use case reads through its sources: they know nothing of the exports. */
const READ_BY_EXPORTS = ['estimates', 'versions', 'plans'];
const FRONT_DOORS = ['app', 'ipc', 'cli', 'demo', 'shell'];
/** The Electron glue: the only folders of src-main that may import electron. */
const ELECTRON_GLUE = ['ipc', 'shell'];

/** folder → [folders it must not import, why] */
const MAIN_LAYERS = {
  api: [
    [...FEATURES, 'cache', 'settings', 'secrets', ...FRONT_DOORS],
    'the service client is the bottom layer: it knows no feature',
  ],
  cache: [[...FEATURES, ...FRONT_DOORS], 'the cache sits under the features'],
  secrets: [
    ['api', 'cache', ...FEATURES, 'settings', ...FRONT_DOORS],
    'the keychain knows nothing of the service or the features',
  ],
  settings: [
    ['api', 'cache', ...FEATURES, 'secrets', ...FRONT_DOORS],
    'settings.json knows nothing of the service or the features',
  ],
  ...Object.fromEntries(
    BASICS.map((f) => [
      f,
      [
        [...FEATURES, 'api', 'cache', 'settings', 'secrets', ...FRONT_DOORS],
        'a basic module depends on nothing above it',
      ],
    ]),
  ),
  ...Object.fromEntries(
    FEATURES.map((f) => [
      f,
      READ_BY_EXPORTS.includes(f)
        ? [
            ['ipc', 'cli', 'demo', 'shell', 'exports'],
            'features never import the IPC layer, the shell or the CLI; the exports read estimates, ' +
              'versions and plans (src-main/exports/sources.ts), never the other way round',
          ]
        : [['ipc', 'cli', 'demo', 'shell'], 'features never import the IPC layer, the shell or the CLI'],
    ]),
  ),
  app: [
    ['ipc', 'cli', 'shell'],
    'the wiring is used by the IPC layer and the shell, not the other way round',
  ],
  cli: [['ipc', 'app'], 'the CLI talks to the service through the client, never through IPC'],
  demo: [[...FEATURES, 'ipc', 'cli', 'app'], 'the demo loader only starts the simulator'],
  ipc: [['cli', 'demo', 'shell'], 'the IPC layer goes through the wiring'],
  shell: [['cli', 'demo', 'ipc'], 'the window, menu and updater glue goes through the wiring'],
  workers: [
    [...FRONT_DOORS],
    'the worker pool runs the features’ tasks (named in workers/tasks.ts); it knows no front door',
  ],
  updates: [
    ['api', 'cache', ...FEATURES, 'settings', 'secrets', ...FRONT_DOORS],
    'the update state machine knows only what the wiring gives it',
  ],
};

/** Relative specifiers that reach src-main/<folder> from one or two folders deep. */
function siblings(folders) {
  return folders.flatMap((f) => [`../${f}`, `../${f}/**`, `../../${f}`, `../../${f}/**`]);
}

// The top-level simulator/ folder (and src-main/simulator, where it lived before), from any depth.
const SIMULATOR = ['../', '../../', '../../../'].flatMap((up) => [`${up}simulator`, `${up}simulator/**`]);

const NODE_BUILTINS = ['node:*', 'fs', 'path', 'child_process', 'os', 'crypto'];

function restrict(groups) {
  return {
    'no-restricted-imports': ['error', { patterns: groups.map(([group, message]) => ({ group, message })) }],
  };
}

export const layers = [
  ...Object.entries(MAIN_LAYERS).map(([folder, [denied, why]]) => ({
    files: [`src-main/${folder}/**/*.ts`],
    rules: restrict([
      [siblings(denied), `src-main/${folder}: ${why}.`],
      ...(folder === 'ipc' || folder === 'app' || folder === 'shell'
        ? []
        : [
            [
              // Features may know the one contract between the wiring and them: the active workspace.
              ['../app/services', '../app/events', '../../app/services', '../../app/events'],
              'Only the IPC layer and the Electron entry use the services wiring.',
            ],
          ]),
      ...(ELECTRON_GLUE.includes(folder)
        ? []
        : [
            [
              ['electron', 'electron-updater'],
              'Only the Electron glue (src-main/ipc, src-main/shell, src-main/index.ts) imports electron.',
            ],
          ]),
      ...(folder === 'demo'
        ? []
        : [[SIMULATOR, 'Only the demo loader (src-main/demo) imports the simulator.']]),
    ]),
  })),
  {
    files: ['src-main/*.ts'],
    ignores: ['src-main/index.ts'],
    rules: restrict([
      [
        ['electron', 'electron-updater', ...SIMULATOR],
        'Only the Electron entry and the demo loader import these.',
      ],
    ]),
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
          ...SIMULATOR,
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
