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
          // Real threads, processes, HTTP and file exports: seconds of work each, many more on a
          // machine shared with other builds. A timeout here only catches a hang; no test is timed.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // `npm run faults`: the whole fault suite (tests/faults: crashes at each fault point, damaged
        // copies, databases and versions, two processes on one folder, a full disk); its fast part is
        // tests/integration/faults.test.ts.
        extends: true,
        test: {
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          testTimeout: 1_800_000,
          hookTimeout: 300_000,
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
