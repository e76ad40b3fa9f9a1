import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { mailAuth } from '../support/mailAuth.js';
import { E2E_DATA_DIR, E2E_MAIL_AUTH_DIR, E2E_PORT } from './env.js';

/** Debian's Chromium: Playwright's own browser download is not available on these machines. */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Bounds for a hang, not for speed (every test waits for what it asserts): wide enough that a CI
  // machine twice as slow as this one (measured: the API suite 700 s there against 345 s here, one
  // journey 54 s against 8 s) slows a journey down without failing it.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  // Two journeys at a time, one spec file each, on one server: journeys change only people they
  // signed up (the demo people are read) and each admin journey has its own administrator.
  workers: 2,
  retries: 0,
  // One folder per port, so runs on different ports can overlap without removing each other's traces.
  outputDir: path.resolve(`.tmp/e2e-results-${E2E_PORT}`),
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The app's service worker (offline reading) would answer navigations and files itself, out
    // of reach of page.route: journeys run without it; offline.spec.ts allows it.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium }, testIgnore: ['**/*.phone.spec.ts', '**/*.last.spec.ts'] },
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions: chromium }, testMatch: '**/*.phone.spec.ts' },
    // A broadcast reaches every account, the demo people other journeys count notifications of
    // included, so the journeys that send one run after all the others.
    { name: 'last', use: { ...devices['Desktop Chrome'], launchOptions: chromium }, testMatch: '**/*.last.spec.ts', dependencies: ['desktop', 'phone'] },
  ],
  webServer: {
    command: 'node tests/e2e/serve-fresh.mjs',
    // Run from the repository root (where npm test runs), not from this folder.
    cwd: process.cwd(),
    url: `http://127.0.0.1:${E2E_PORT}/readyz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: process.env.E2E_SERVER_LOG ? 'pipe' : 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      INBOUND_SMTP_PORT: '0',
      INBOUND_SECRET: 'e2e-inbound-secret',
      // Forwarded mail is verified as in production, against DNS answers of the journeys' own
      // (their key signs the mail they forward; made here first, then shared by every worker).
      ...mailAuth(E2E_MAIL_AUTH_DIR).env,
      LOG_LEVEL: 'warn',
      // One administrator per admin journey, so journeys running side by side never share an account.
      ADMIN_EMAILS: 'admin.e2e@example.com,admin.people@example.com,admin.trips@example.com,admin.content@example.com,admin.a11y@example.com',
      // Every journey signs its people up from this one address, more than the default hourly budget.
      SIGNUPS_PER_CLIENT_PER_HOUR: '1000',
      // ... and signs them all in from it, well over 50 in a quarter of an hour.
      SIGNINS_PER_CLIENT_PER_15_MIN: '1000',
      // ... and every page of every journey (REST, GraphQL and sockets share one budget per client) comes from it too.
      REQUESTS_PER_CLIENT_PER_MINUTE: '100000',
      // ... and every page view its journeys count (the analytics beacon's own budget per client).
      PAGE_VIEWS_PER_CLIENT_PER_MINUTE: '100000',
    },
  },
});
