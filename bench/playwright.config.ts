import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

// The UI benchmarks: Playwright in Debian's Chromium, like the e2e tests, but measuring, not asserting.
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'ui-*.spec.ts',
  outputDir: '../test-results/bench',
  timeout: 300_000,
  reporter: [['list']],
});
