/**
 * A throwaway PostgreSQL server for the tests and benches on that engine: Debian's `postgresql`
 * package (scripts/ensure-test-tools.sh installs it), a new cluster in a temporary directory on a
 * free port of 127.0.0.1, removed when stopped. PostgreSQL refuses to run as root, so as root the
 * cluster belongs to the package's `postgres` user. `durable: false` (the tests' default) turns
 * off fsync: the data is thrown away anyway.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '../server/free-port'

export interface PgServer {
  /** `postgres://…` of the server's `postgres` database; `urlOf(name)` for another. */
  url: string
  urlOf(database: string): string
  /** The directory of the server's binaries (pg_dump, psql … of the same version). */
  binDir: string
  stop(): void
}

const USER = 'portal'

/** The newest installed server's binaries, or an error saying how to get them. */
export function postgresBinDir(): string {
  const root = '/usr/lib/postgresql'
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (versions.length === 0)
    throw new Error(`PostgreSQL is not installed (no ${root}/*/bin/initdb): install Debian's postgresql package`)
  return path.join(root, versions[0], 'bin')
}

export async function startPgServer({ durable = false }: { durable?: boolean } = {}): Promise<PgServer> {
  const binDir = postgresBinDir()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pg-'))
  const asRoot = process.getuid?.() === 0
  const owner = asRoot ? Number(execFileSync('id', ['-u', 'postgres']).toString().trim()) : undefined
  if (owner !== undefined) fs.chownSync(dir, owner, owner)
  const run = (tool: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : path.join(binDir, tool),
      asRoot ? ['-u', 'postgres', '--', path.join(binDir, tool), ...args] : args,
      {
        cwd: dir,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
  const data = path.join(dir, 'data')
  const port = await freePort()
  try {
    run('initdb', ['-D', data, '-U', USER, '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'])
    const settings = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c max_connections=200',
      ...(durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
    ]
    run('pg_ctl', ['-D', data, '-o', settings.join(' '), '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start'])
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true })
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? ''
    throw new Error(`PostgreSQL did not start: ${stderr || String(error)}`)
  }
  const urlOf = (database: string) => `postgres://${USER}@127.0.0.1:${port}/${database}`
  let stopped = false
  return {
    url: urlOf('postgres'),
    urlOf,
    binDir,
    stop() {
      if (stopped) return
      stopped = true
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
