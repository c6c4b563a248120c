import { defineConfig } from '@playwright/test';

// The UI is tested in Debian's Chromium (never a Playwright browser download), driving the built
// renderer with window.api bound to the real main-process handlers (see tests/e2e/harness.ts).
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    viewport: { width: 1280, height: 820 },
    launchOptions: {
      executablePath: process.env.PLANDESK_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
