import { defineConfig } from '@playwright/test'
import { e2eDataDir, e2eServerEnv, smtpSinkPort } from './tests/e2e/support/data-dir'
import { SERVER_NODE_ARGS } from './tests/support/compiled-server'

/**
 * Browser journeys, once with JavaScript off (the core promise: everything works
 * as plain HTML forms and links) and once with it on.
 *
 * The server runs on its own throw-away database, created and seeded on start, and
 * delivers its e-mails to a mail server of the suite's own (scripts/smtp-sink.ts).
 * `npm test` and `npm run test:e2e` build the portal and the server before Playwright starts;
 * the journeys run against the compiled server, as production runs it.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100)
const baseURL = `http://localhost:${PORT}`
const CI = !!process.env.CI
const DATA_DIR = e2eDataDir(PORT)
/** The Nu HTML checker's service (tests/e2e/support/test.ts sends it every page). */
const VNU_PORT = PORT + 5000
const SMTP_PORT = smtpSinkPort(PORT)
process.env.VNU_URL = `http://127.0.0.1:${VNU_PORT}/`
/**
 * Where traces and screenshots of failures go. Playwright empties this folder
 * when a run starts, so each run gets its own (several runs in one checkout
 * must not delete each other's artifacts). Workers inherit the run id.
 */
process.env.E2E_RUN_ID ??= new Date().toISOString().replace(/[:.]/g, '-')
const OUTPUT = process.env.E2E_OUTPUT ?? `test-results/e2e/${process.env.E2E_RUN_ID}`

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: `${OUTPUT}-report` }]],
  outputDir: OUTPUT,
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      // Debian's build of Chromium's headless shell, the one Playwright itself runs headless (decision 0026):
      // the same engine as /usr/bin/chromium without the full browser around it, a third less CPU per journey.
      executablePath: '/usr/lib/chromium/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    // A trace costs about a fifth of a journey's time: CI records one when it retries a failure.
    trace: CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'no-js', use: { javaScriptEnabled: false } },
    { name: 'js', use: { javaScriptEnabled: true } },
  ],
  webServer: [
    {
      // A fresh database on every start: created, migrated and seeded by the server.
      command: `rm -rf ${DATA_DIR} && mkdir -p ${DATA_DIR} && node ${SERVER_NODE_ARGS.join(' ')}`,
      env: e2eServerEnv(PORT),
      url: `${baseURL}/healthz`,
      reuseExistingServer: !CI,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The mail server the portal delivers to; it takes every message.
      command: `node_modules/.bin/tsx scripts/smtp-sink.ts --port ${SMTP_PORT}`,
      port: SMTP_PORT,
      reuseExistingServer: !CI,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The checker's recursive grammar needs a larger thread stack than Java's default.
      command: `java -Xss4m -Dnu.validator.servlet.bind-address=127.0.0.1 -cp node_modules/vnu-jar/build/dist/vnu.jar nu.validator.servlet.Main ${VNU_PORT}`,
      url: process.env.VNU_URL,
      reuseExistingServer: !CI,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
})
