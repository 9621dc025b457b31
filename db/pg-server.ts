/**
 * A PostgreSQL server for the tests and benches on that engine: Debian's `postgresql` package
 * (scripts/ensure-test-tools.sh installs it), on a free port of 127.0.0.1, its socket and log in a
 * temporary directory removed when stopped. The cluster is new in that directory too (thrown away
 * with it), or one kept in `dataDir` between runs (a bench's cached database). PostgreSQL refuses to
 * run as root, so as root the cluster belongs to the package's `postgres` user. `durable: false`
 * (the default) turns off fsync: the data is thrown away, or can be made again.
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
  /** The cluster's data directory (its `postmaster.pid` names the server's process). */
  dataDir: string
  stop(): void
}

export interface PgServerOptions {
  durable?: boolean
  /**
   * A data directory kept between runs: initdb makes the cluster there only while it is empty; stop()
   * shuts the server down cleanly (`pg_ctl stop -m fast`, no recovery at the next start) and leaves it.
   */
  dataDir?: string
}

const USER = 'portal'
const ROOT = '/usr/lib/postgresql'

const hasServer = (version: string) => fs.existsSync(path.join(ROOT, version, 'bin', 'initdb'))

/** The newest installed server's binaries, or an error saying how to get them. */
export function postgresBinDir(): string {
  const versions = fs.existsSync(ROOT)
    ? fs
        .readdirSync(ROOT)
        .filter(hasServer)
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (versions.length === 0)
    throw new Error(`PostgreSQL is not installed (no ${ROOT}/*/bin/initdb): install Debian's postgresql package`)
  return path.join(ROOT, versions[0], 'bin')
}

/** The binaries of the version that made the cluster in `data` (a server runs only its own version's clusters). */
function clusterBinDir(data: string): string {
  const version = fs.readFileSync(path.join(data, 'PG_VERSION'), 'utf8').trim()
  if (!hasServer(version))
    throw new Error(`the cluster in ${data} was made by PostgreSQL ${version}, which is not installed: remove it`)
  return path.join(ROOT, version, 'bin')
}

export async function startPgServer({ durable = false, dataDir }: PgServerOptions = {}): Promise<PgServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pg-'))
  const asRoot = process.getuid?.() === 0
  const idOf = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim())
  const owner = asRoot ? { uid: idOf('-u'), gid: idOf('-g') } : undefined
  const own = (target: string) => owner && fs.chownSync(target, owner.uid, owner.gid)
  own(dir)
  const data = dataDir ?? path.join(dir, 'data')
  const log = path.join(dir, 'server.log')
  let binDir = ''
  const run = (tool: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : path.join(binDir, tool),
      asRoot ? ['-u', 'postgres', '--', path.join(binDir, tool), ...args] : args,
      {
        cwd: dir,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
  const port = await freePort()
  try {
    if (dataDir) fs.mkdirSync(dataDir, { recursive: true })
    const made = fs.existsSync(path.join(data, 'PG_VERSION'))
    binDir = made ? clusterBinDir(data) : postgresBinDir()
    if (!made) {
      if (dataDir && fs.readdirSync(dataDir).length > 0)
        throw new Error(`${dataDir} is neither empty nor a PostgreSQL data directory`)
      if (dataDir) own(dataDir)
      run('initdb', ['-D', data, '-U', USER, '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'])
    } else if (isRunning(run, data)) {
      throw new Error(
        `a server already runs on ${data} (another bench, or one stopped abruptly): stop it with pg_ctl -D ${data} -m fast stop`,
      )
    }
    const settings = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c max_connections=200',
      ...(durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
    ]
    run('pg_ctl', ['-D', data, '-o', settings.join(' '), '-l', log, '-w', '-t', '60', 'start'])
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? ''
    const logTail = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').slice(-10).join('\n') : ''
    fs.rmSync(dir, { recursive: true, force: true })
    throw new Error(
      `PostgreSQL did not start: ${stderr || (error as Error).message || String(error)}${logTail && `\n${logTail}`}`,
    )
  }
  const urlOf = (database: string) => `postgres://${USER}@127.0.0.1:${port}/${database}`
  let stopped = false
  return {
    url: urlOf('postgres'),
    urlOf,
    binDir,
    dataDir: data,
    stop() {
      if (stopped) return
      stopped = true
      try {
        // A kept cluster shuts down cleanly; a throwaway one is removed at once.
        run('pg_ctl', ['-D', data, '-m', dataDir ? 'fast' : 'immediate', '-w', 'stop'])
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

/** Whether a server runs on the cluster in `data` (`pg_ctl status`: 0 running, 3 not). */
function isRunning(run: (tool: string, args: string[]) => Buffer, data: string): boolean {
  try {
    run('pg_ctl', ['-D', data, 'status'])
    return true
  } catch (error) {
    if ((error as { status?: number }).status === 3) return false
    throw error
  }
}
