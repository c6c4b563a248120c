import { defineConfig } from '@playwright/test';

// The UI is tested in Debian's Chromium (never a Playwright browser download), driving the built
// renderer with window.api bound to the real main-process handlers (see tests/e2e/harness.ts).
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two workers (this machine's two cores; PLANDESK_E2E_WORKERS sets another number): each test has
  // its own simulator and renderer server on ports the OS picks, its own data and export folders, and
  // its own keychain service name (tests/e2e/harness.ts), so tests of two files never meet. A file's
  // tests run one after another in one worker.
  workers: Number(process.env.PLANDESK_E2E_WORKERS ?? 2),
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
