/** Where the browser suite's server keeps its throw-away database, by its port (playwright.config.ts). */
export function e2eDataDir(port: number): string {
  return port === 3100 ? 'data/e2e' : `data/e2e-${port}`
}

/** The port of the mail server the suite's portal delivers its e-mails to (scripts/smtp-sink.ts). */
export const smtpSinkPort = (port: number) => port + 4000

/**
 * The environment of the browser suite's server, over the runner's own (playwright.config.ts starts it
 * with these; the suite's session helper reads the same configuration).
 */
export function e2eServerEnv(port: number): Record<string, string> {
  return {
    DATABASE_PATH: `${e2eDataDir(port)}/portal.db`,
    PORT: String(port),
    LOG_REQUESTS: '0',
    PORTAL_ENVIRONMENT: 'dev',
    // Every reply of the API is checked against its declaration (api/reply-check.ts), so a journey that meets a
    // wrong one fails.
    API_CHECK_REPLIES: '1',
    // Every e-mail the journeys cause is delivered to the suite's mail server, looked for five times a second.
    SMTP_URL: `smtp://127.0.0.1:${smtpSinkPort(port)}`,
    SMTP_POLL_MS: '200',
  }
}
