/**
 * npm run db:backup -- [--out FILE]
 *   an online copy of the database (DATABASE_PATH) while the portal runs; by default
 *   backups/portal-<UTC time>.db
 * npm run db:restore -- FILE [--replace]
 *   puts the backup FILE in place of the database after checking it; an existing database is
 *   replaced only with --replace, and only while the portal is stopped
 * Both print the rows of the largest tables of the result.
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '../server/config'
import { backupSqlite, BackupError, databaseFigures, restoreSqlite } from './backup'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string' },
    replace: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
})
const [command, file] = positionals

function usage(message?: string): never {
  if (message) console.error(message)
  console.error('Usage: npm run db:backup -- [--out FILE]\n       npm run db:restore -- FILE [--replace]')
  process.exit(message ? 2 : 0)
}

function summary(target: string) {
  const { rows } = databaseFigures(target)
  const largest = Object.entries(rows)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([table, n]) => `${table} ${n}`)
  console.log(`${target}: ${Object.keys(rows).length} tables; largest: ${largest.join(', ')}`)
}

if (values.help) usage()
const { databasePath } = loadConfig()
try {
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-')
    const out = path.resolve(values.out ?? path.join('backups', `portal-${stamp}.db`))
    const pages = await backupSqlite(databasePath, out)
    console.log(`backed up ${databasePath} to ${out} (${pages} pages)`)
    summary(out)
  } else if (command === 'restore') {
    if (!file) usage('db:restore needs the backup file')
    restoreSqlite(path.resolve(file), databasePath, { replace: values.replace })
    console.log(`restored ${path.resolve(file)} to ${databasePath}`)
    summary(databasePath)
  } else {
    usage(`unknown command '${command ?? ''}'`)
  }
} catch (error) {
  if (!(error instanceof BackupError)) throw error
  console.error(error.message)
  process.exit(1)
}
