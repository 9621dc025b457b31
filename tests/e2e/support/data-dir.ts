/** Where the browser suite's server keeps its throw-away database, by its port (playwright.config.ts). */
export function e2eDataDir(port: number): string {
  return port === 3100 ? 'data/e2e' : `data/e2e-${port}`
}
