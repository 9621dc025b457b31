/**
 * Vitest's global setup: the unit and API tests print statements as PDF with
 * Chromium and read them back with pdftotext, and the PostgreSQL tests start a server of Debian's
 * postgresql package and back it up with pg_dump. When one is missing, the run stops
 * here and names it, instead of failing deep inside a test.
 * `bash scripts/ensure-test-tools.sh` (run first by `npm test` and `npm run test:unit`) installs them.
 */
import fs from 'node:fs'
import path from 'node:path'

const TOOLS = [
  { tool: '/usr/bin/chromium', debianPackage: 'chromium' },
  { tool: 'pdftotext', debianPackage: 'poppler-utils' },
  { tool: '/usr/bin/pg_ctlcluster', debianPackage: 'postgresql' },
  { tool: 'pg_dump', debianPackage: 'postgresql-client' },
]

function found(tool: string): boolean {
  const candidates = path.isAbsolute(tool)
    ? [tool]
    : (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, tool))
  return candidates.some((file) => {
    try {
      fs.accessSync(file, fs.constants.X_OK)
      return true
    } catch {
      return false
    }
  })
}

function missingTools() {
  return TOOLS.filter(({ tool }) => !found(tool))
}

export default function checkSystemTools() {
  const missing = missingTools()
  if (missing.length === 0) return
  throw new Error(
    `Missing test tools: ${missing.map((m) => `${m.tool} (Debian package ${m.debianPackage})`).join(', ')}. ` +
      'Run `bash scripts/ensure-test-tools.sh` to install them, then run the tests again.',
  )
}
