import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { layers } from './eslint.layers.mjs';

// The built-in simulator (top-level simulator/) is reached from the app only through the demo loader
// in src-main/demo, which imports it lazily so the app's main bundle does not carry it.
const SIMULATOR_FROM_APP = '^(\\.\\.\\/)+simulator(\\/.*)?$';
const SIMULATOR_MESSAGE = 'Only src-main/demo/ loads the simulator: use src-main/demo/demo-simulator.ts.';
const simulatorFromApp = { regex: SIMULATOR_FROM_APP, message: SIMULATOR_MESSAGE };

// What the renderer may not import: it reaches main only through window.api.
const RENDERER_IMPORTS = [
  {
    group: ['electron', 'node:*', 'fs', 'path', 'child_process', '**/src-main/**', 'keytar'],
    message: 'The renderer reaches main only through window.api.',
  },
  simulatorFromApp,
  {
    // Only the language shown is loaded (src-renderer/src/i18n/messages.ts); the catalogue has all.
    group: [
      '**/src-shared/i18n/catalogue',
      '**/src-shared/i18n/messages/*',
      '!**/src-shared/i18n/messages/en',
    ],
    allowTypeImports: true,
    message:
      'The renderer loads each language when it is shown: take words through src-renderer/src/i18n/messages.',
  },
];

// Small files and functions (GUIDE, issue 24); the message catalogues are one entry a line, per language.
const PRODUCT_FILES = [
  'src-main/**/*.ts',
  'src-shared/**/*.ts',
  'src-preload/**/*.ts',
  'simulator/**/*.ts',
  'src-renderer/**/*.{ts,tsx}',
];

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'node_modules/**',
      'resources/**',
      'coverage/**',
      'test-results/**',
      'dist/**',
      '.tmp/**',
      'build/**',
      // The bundled config electron-vite writes beside its own for a moment while it builds: npm test
      // lints and builds side by side, and the file may be gone by the time ESLint opens it.
      '*.config.ts.*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // The CLI's bin is a plain CommonJS launcher.
    files: ['bin/**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src-main/**/*.ts', 'src-shared/**/*.ts', 'src-preload/**/*.ts', 'src-renderer/**/*.{ts,tsx}'],
    ignores: ['src-main/demo/**'],
    rules: {
      // Static imports of the simulator are refused by each layer's rule (eslint.layers.mjs and the
      // renderer's below); no-restricted-imports does not look at import(), so this covers those.
      'no-restricted-syntax': [
        'error',
        { selector: `ImportExpression[source.value=/${SIMULATOR_FROM_APP}/]`, message: SIMULATOR_MESSAGE },
      ],
    },
  },
  {
    // The simulator runs on plain Node (the CLI, tests) as well as in the app: it builds on its own
    // files and src-shared/ only.
    files: ['simulator/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src-main', '**/src-main/**', '**/src-renderer/**', '**/src-preload/**', 'electron'],
              message: 'The simulator may import only its own files and src-shared/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: RENDERER_IMPORTS }],
      'max-lines-per-function': ['error', { max: 150 }],
    },
  },
  {
    // A store loads for the view its screen loader is given (navigation/store.ts `registerScreen`): it
    // never asks the navigation store where the user is. Components navigate; stores do not.
    files: ['src-renderer/src/features/*/store*.ts', 'src-renderer/src/features/*/*-store.ts'],
    ignores: ['src-renderer/src/features/navigation/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...RENDERER_IMPORTS,
            {
              group: ['**/navigation/store'],
              importNames: ['useNavigation'],
              message:
                'A store is told the view by its screen loader (registerScreen); it never reads the navigation store.',
            },
          ],
        },
      ],
    },
  },
  {
    files: PRODUCT_FILES,
    ignores: ['src-shared/i18n/messages/**'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  ...layers,
);
