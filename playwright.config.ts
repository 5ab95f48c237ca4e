/**
 * End-to-end tests: Playwright drives Debian's Chromium (/usr/bin/chromium; Playwright's own
 * browser downloads are not available here) against the production build served by the real server on a
 * fresh database with the demo tenant, started by the global setup (tests/e2e/support/global-setup.ts), which
 * sets E2E_BASE_URL. Set E2E_BASE_URL yourself to run against a server that is already up.
 */
import { defineConfig } from '@playwright/test';

const CI = Boolean(process.env.CI);

export default defineConfig({
  // End-to-end specs, and the UI model-based tests (paths generated from the machines, replayed as gestures).
  testDir: 'tests',
  testMatch: ['e2e/**/*.spec.ts', 'model-based/**/*.spec.ts'],
  globalSetup: './tests/e2e/support/global-setup.ts',
  outputDir: 'test-results',
  // One server and one database for the run. Two workers run two spec files at once (a spec's own tests stay in
  // order): specs make and find their own rows, never another's, so they do not race (docs/testing.md).
  fullyParallel: false,
  workers: 2,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  // A hang detector, not a speed target: a test of a few seconds alone takes several times that on a busy
  // two-core runner with two workers and axe scans (speed is measured under bench/).
  timeout: 60_000,
  expect: { timeout: 7_500 },
  reporter: CI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : [['list']],
  use: {
    // Set by the global setup before the workers start (they read this file again, with its env).
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    headless: true,
    locale: 'en-US',
    timezoneId: 'America/New_York',
    viewport: { width: 1280, height: 800 },
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-default-apps',
        '--disable-extensions',
        '--disable-sync',
        '--no-first-run',
        '--mute-audio',
      ],
    },
  },
});
