import { defineConfig } from '@playwright/test'

/**
 * Browser journeys, once with JavaScript off (the core promise: everything works
 * as plain HTML forms and links) and once with it on.
 *
 * The server runs on its own throw-away database, created and seeded on start.
 * `npm run test:e2e` builds the portal before Playwright starts.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100)
const baseURL = `http://localhost:${PORT}`
const CI = !!process.env.CI

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'test-results/e2e-report' }]],
  outputDir: 'test-results/e2e',
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'no-js', use: { javaScriptEnabled: false } },
    { name: 'js', use: { javaScriptEnabled: true } },
  ],
  webServer: {
    command: `rm -rf data/e2e && mkdir -p data/e2e && DATABASE_PATH=data/e2e/portal.db PORT=${PORT} LOG_REQUESTS=0 PORTAL_ENVIRONMENT=dev npx tsx server/index.ts`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: !CI,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
