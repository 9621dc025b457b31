/**
 * Backups of a PostgreSQL database of the portal with pg_dump (a consistent snapshot taken while
 * the portal runs, in pg_dump's custom format), and a restore with pg_restore in one transaction,
 * after checking that the file is such a backup. A database that holds tables already is replaced
 * only when asked. pg_dump and pg_restore come from Debian's postgresql-client (the newest
 * installed version; they must not be older than the server).
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { BackupError } from './backup'

const run = promisify(execFile)

async function tool(name: 'pg_dump' | 'pg_restore', args: string[]) {
  try {
    return await run(name, args, { maxBuffer: 64 * 1024 * 1024 })
  } catch (error) {
    const { stderr, code } = error as { stderr?: string; code?: string }
    if (code === 'ENOENT') throw new BackupError(`${name} is not installed: install Debian's postgresql-client`)
    throw new BackupError(`${name} failed: ${(stderr ?? String(error)).trim()}`)
  }
}

export async function backupPostgres(url: string, dest: string): Promise<void> {
  if (fs.existsSync(dest)) throw new BackupError(`${dest} exists already`)
  fs.mkdirSync(path.dirname(dest), { recursive: true })
  const partial = `${dest}.partial`
  fs.rmSync(partial, { force: true })
  try {
    await tool('pg_dump', ['--format=custom', '--no-owner', '--file', partial, '--dbname', url])
    await checkBackup(partial)
    fs.renameSync(partial, dest)
  } finally {
    fs.rmSync(partial, { force: true })
  }
}

/** A file that pg_restore reads as a dump holding the portal's migrations, or the reason it is not. */
async function checkBackup(file: string) {
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist`)
  let list: string
  try {
    list = (await run('pg_restore', ['--list', file])).stdout
  } catch {
    throw new BackupError(`${file} is not a PostgreSQL backup (pg_dump's custom format)`)
  }
  if (!/ TABLE drizzle __drizzle_migrations /.test(list))
    throw new BackupError(`${file} is not a backup of the portal (it has no migrations)`)
}

async function tableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    )
    return Number(rows[0].n)
  } finally {
    await client.end()
  }
}

export async function restorePostgres(backup: string, url: string, { replace = false } = {}): Promise<void> {
  await checkBackup(backup)
  const existing = await tableCount(url)
  if (existing > 0 && !replace)
    throw new BackupError(`the database holds ${existing} tables already: pass --replace to overwrite it`)
  await tool('pg_restore', [
    '--single-transaction',
    '--exit-on-error',
    '--no-owner',
    ...(existing > 0 ? ['--clean', '--if-exists'] : []),
    '--dbname',
    url,
    backup,
  ])
}
