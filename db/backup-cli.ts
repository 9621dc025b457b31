/**
 * npm run db:backup -- [--out FILE]
 *   an online copy of the database while the portal runs: SQLite's backup API on DATABASE_PATH
 *   (by default backups/portal-<UTC time>.db), or pg_dump of DATABASE_URL when it is a
 *   PostgreSQL address (backups/portal-<UTC time>.dump)
 * npm run db:restore -- FILE [--replace]
 *   puts the backup FILE in place of the database after checking it; an existing database is
 *   replaced only with --replace (on SQLite, only while the portal is stopped)
 * Both print the rows of the largest tables of the result.
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '../server/config'
import { backupSqlite, BackupError, databaseFigures, restoreSqlite } from './backup'
import { pgDatabaseFigures, type DatabaseFigures } from './figures'
import { backupPostgres, restorePostgres } from './pg-backup'
import { postgresUrl } from './pg-client'
import { portalTables } from './portal-tables'

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

function summary(name: string, { rows }: DatabaseFigures) {
  const largest = Object.entries(rows)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([table, n]) => `${table} ${n}`)
  console.log(`${name}: ${Object.keys(rows).length} tables; largest: ${largest.join(', ')}`)
}

if (values.help) usage()
const { databasePath } = loadConfig()
const url = postgresUrl(process.env.DATABASE_URL)
/** The address without its password, for messages. */
const shown = url ? url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@') : databasePath
try {
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-')
    const out = path.resolve(values.out ?? path.join('backups', `portal-${stamp}.${url ? 'dump' : 'db'}`))
    if (url) {
      await backupPostgres(url, out)
      console.log(`backed up ${shown} to ${out}`)
      summary(shown, await pgDatabaseFigures(url, portalTables()))
    } else {
      const pages = await backupSqlite(databasePath, out)
      console.log(`backed up ${databasePath} to ${out} (${pages} pages)`)
      summary(out, databaseFigures(out))
    }
  } else if (command === 'restore') {
    if (!file) usage('db:restore needs the backup file')
    if (url) {
      await restorePostgres(path.resolve(file), url, { replace: values.replace })
      console.log(`restored ${path.resolve(file)} to ${shown}`)
      summary(shown, await pgDatabaseFigures(url, portalTables()))
    } else {
      restoreSqlite(path.resolve(file), databasePath, { replace: values.replace })
      console.log(`restored ${path.resolve(file)} to ${databasePath}`)
      summary(databasePath, databaseFigures(databasePath))
    }
  } else {
    usage(`unknown command '${command ?? ''}'`)
  }
} catch (error) {
  if (!(error instanceof BackupError)) throw error
  console.error(error.message)
  process.exit(1)
}
