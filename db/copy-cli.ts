/**
 * npm run db:copy -- [--from FILE] [--replace]
 *   copies the SQLite database (DATABASE_PATH, or FILE) into the PostgreSQL database at
 *   DATABASE_URL, migrating it first; refuses a database that holds data unless --replace.
 *   Prints each engine's row count of the largest tables; fails, copying nothing, when any
 *   table's rows or numeric sums differ.
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '../server/config'
import { copySqliteToPostgres, CopyError } from './copy'
import { postgresUrl } from './pg-client'

const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    replace: { type: 'boolean', default: false },
  },
})
const url = postgresUrl(process.env.DATABASE_URL)
if (!url) {
  console.error('db:copy needs DATABASE_URL set to the PostgreSQL database to copy into (postgres://…)')
  process.exit(2)
}
const file = path.resolve(values.from ?? loadConfig().databasePath)
try {
  const started = performance.now()
  const result = await copySqliteToPostgres(file, url, { replace: values.replace })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(
    `copied ${result.rows} rows of ${result.tables} tables from ${file} in ${seconds} s; counts and sums agree`,
  )
} catch (error) {
  if (!(error instanceof CopyError)) throw error
  console.error(error.message)
  process.exit(1)
}
