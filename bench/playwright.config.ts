import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

// The UI benchmarks: Playwright in Debian's Chromium, like the e2e tests, but measuring, not asserting.
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'ui-*.spec.ts',
  outputDir: '../test-results/bench',
  timeout: 300_000,
  // One at a time: on two cores, a figure measured beside another benchmark measures both (the
  // estimate screen's first rows took twice as long with the projects list loading next to it).
  workers: 1,
  reporter: [['list']],
});
