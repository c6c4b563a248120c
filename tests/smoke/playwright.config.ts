import { defineConfig } from '@playwright/test';

// The real-Electron smoke test (tests/smoke): CI's smoke job runs it on Linux (under Xvfb), Windows
// and macOS against the packed `dir` build; it needs a downloaded Electron, so it is not part of the
// local `npm test` (there the packaging check's boot test on a stand-in Electron is the proof).
export default defineConfig({
  testDir: '.',
  outputDir: '../../test-results/smoke',
  timeout: 180_000,
  expect: { timeout: 30_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
});
