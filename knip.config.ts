import type { KnipConfig } from 'knip'

/**
 * `npm run lint` runs knip: a file, export or dependency nothing uses fails the lint.
 * Remix, Vitest, Playwright, ESLint and PostCSS are found by knip's own plugins.
 */
const config: KnipConfig = {
  // Run by hand: the bench's probe and profile reader (the npm scripts' entries knip finds itself), and
  // drizzle-kit's configuration of PostgreSQL's migrations (npm run db:schema:pg passes it to drizzle-kit),
  // and PostgreSQL's tables, which db/tables.ts reads from the module as a whole at run time.
  entry: ['scripts/*.ts', 'drizzle.pg.config.ts', 'db/schema.pg.ts'],
  // The stylesheet imports tailwindcss.
  project: ['**/*.{ts,tsx,js,css}'],
  // Read from disk by the identity provider's pages, not imported.
  ignore: ['server/oidc/assets/**'],
  // The Nu checker runs from its jar (java -cp node_modules/vnu-jar/...), which nothing imports.
  ignoreDependencies: ['vnu-jar'],
  // Installed by scripts/ensure-test-tools.sh from Debian's poppler-utils.
  ignoreBinaries: ['pdftotext', 'pdftoppm'],
  // A constant or type exported for its tests and used in its own module is not dead.
  ignoreExportsUsedInFile: true,
}

export default config
