import { defineConfig } from 'vitest/config';

// Two projects: `npm run test:unit` (tests/unit: no keychain, no network) and `npm run
// test:integration` (tests/integration: the simulator over HTTP, the keychain, the CLI, the export
// readers); `npm run package:check` runs the third, tests/packaging, on the packaged app.
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'] },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts', 'tests/integration/**/*.test.tsx'],
          globalSetup: ['tests/global-setup.ts'],
        },
      },
      {
        // `npm run package:check`: the packaged app's layout and its boot (tests/packaging/pack.mts
        // packs it first).
        extends: true,
        test: {
          name: 'packaging',
          include: ['tests/packaging/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
