/**
 * The data benches' databases: seeded once into data/bench-cache/<key>/ (git-ignored) by a list
 * of `npm run db:seed` runs, then ANALYZE, and kept between runs; a newer schema (a migration
 * added since) is analysed again on the cached file; `reseed` builds it again. On PostgreSQL
 * (`--db postgres`), the file is copied once into the benches' kept cluster (scripts/bench-postgres.ts)
 * as the database `<key>`, then VACUUM ANALYZE; postgres.json beside the file records the copy. And
 * the run around such a database: a production server on it (one process, WEB_CONCURRENCY=1, whose
 * memory is the server's), signed in as the bench user, with the database opened in this process too.
 *
 * The server runs on the cached database itself: it writes only its sign-in session there (a
 * `.data` request never saves a view), so the data stay as seeded.
 */
import fs from 'node:fs'
import path from 'node:path'
import { closeDatabase, openDatabase, openDb, type Db, closeDb } from '../db/client'
import { copySqliteToPostgres } from '../db/copy'
import { openPg } from '../db/pg-client'
import type { PgServer } from '../db/pg-server'
import { BenchRun, ensureBuild, log, ROOT, runAndExit, runSeed, serverEnv, signIn, type SeedTime } from './bench-server'
import { databaseExists, recreateDatabase } from './bench-postgres'

export interface CacheInfo {
  generatorVersion: number
  seededAt: string
  seedSeconds: number
  /** The last migration applied when the statistics were gathered (ANALYZE). */
  schema: string
  /** Each seed run's arguments and times (absent in a cache built before they were kept). */
  seeds?: (SeedTime & { args: string[] })[]
}

export interface CachePlan<Sizes extends object> {
  /** The cache's directory name under data/bench-cache: the generator's version and the sizes. */
  key: string
  generatorVersion: number
  /** The `npm run db:seed -- <args>` runs, in order; the first also seeds the demo data set. */
  seeds: string[][]
  /** What ready.json records of the data besides the common fields. */
  sizes: Sizes
  reseed: boolean
  /** The most one seed run may take. */
  seedBudgetMs: number
  /** The benches' PostgreSQL cluster to copy the file into and run on; absent: the file itself. */
  postgres?: PgServer
}

export interface BenchDatabase<Info> {
  /** Whether the file (and its copy in PostgreSQL when asked for) is already there (nothing to seed or copy). */
  cached: boolean
  /** The file, and the address of its copy in PostgreSQL (null: the bench runs on the file). */
  open(): Promise<{ databasePath: string; databaseUrl: string | null; info: Info }>
}

const COPY_FILE = 'postgres.json'

/** The plan's database: the cached file, or seeded now when absent (or `reseed`); copied into PostgreSQL if asked for. */
export function benchDatabase<Sizes extends object>(plan: CachePlan<Sizes>): BenchDatabase<CacheInfo & Sizes> {
  const dir = path.join(ROOT, 'data/bench-cache', plan.key)
  const seeded = !plan.reseed && fs.existsSync(path.join(dir, 'ready.json'))
  return {
    cached: seeded && (!plan.postgres || fs.existsSync(path.join(dir, COPY_FILE))),
    async open() {
      const info = seeded ? migrateCache<CacheInfo & Sizes>(dir) : await buildCache(dir, plan)
      const databasePath = path.join(dir, 'portal.db')
      log(`database ${databasePath}: generator v${info.generatorVersion}, seeded ${info.seededAt}`)
      const databaseUrl = plan.postgres ? await postgresCopy(plan.postgres, plan.key, dir, info) : null
      return { databasePath, databaseUrl, info }
    },
  }
}

/** The tag of the newest migration in `folder` (of db/): a schema change (new indexes) needs fresh statistics. */
function schemaTag(folder = 'migrations'): string {
  const journal = fs.readFileSync(path.join(ROOT, 'db', folder, 'meta/_journal.json'), 'utf8')
  return (JSON.parse(journal) as { entries: { tag: string }[] }).entries.at(-1)?.tag ?? ''
}

/** Migrations (opening the file applies them), then the planner's statistics, then everything in the main file. */
function analyze(databasePath: string) {
  const db = openDb(databasePath)
  try {
    log('ANALYZE')
    // The handle's own connection only reads (writes go through transact); the statistics are written on it.
    db.$client.pragma('query_only = OFF')
    db.$client.exec('ANALYZE')
    db.$client.pragma('wal_checkpoint(TRUNCATE)')
  } finally {
    closeDb(db)
  }
}

/**
 * The cached database brought to the current schema: the generated data stay (a migration
 * carries existing rows over, as it does in production), and a new migration gets fresh statistics.
 */
function migrateCache<Info extends CacheInfo>(dir: string): Info {
  const file = path.join(dir, 'ready.json')
  const info = JSON.parse(fs.readFileSync(file, 'utf8')) as Info
  const schema = schemaTag()
  if (info.schema === schema) return info
  log(`the schema moved from ${info.schema || '(unknown)'} to ${schema}: migrating the cached database`)
  analyze(path.join(dir, 'portal.db'))
  const updated = { ...info, schema }
  fs.writeFileSync(file, JSON.stringify(updated, null, 2))
  return updated
}

/** What postgres.json records: the copy of the file in the benches' cluster. */
interface CopyInfo {
  /** The file's seededAt when it was copied: a file seeded again is copied again. */
  seededAt: string
  /** The last PostgreSQL migration applied when the statistics were gathered. */
  schema: string
  copiedAt: string
  copySeconds: number
  rows: number
}

/** Statistics, and the visibility map a bulk load leaves unset (index-only scans), rather than autovacuum doing it during a run. */
async function vacuumAnalyze(url: string) {
  const db = await openPg(url, { max: 1 })
  try {
    log('VACUUM ANALYZE')
    await db.$client.query('VACUUM (ANALYZE)')
  } finally {
    await db.$client.end()
  }
}

/**
 * The file's copy in the cluster, as the database `name`: made now when there is none or the file was
 * seeded again since; brought to the current schema when a PostgreSQL migration was added since (opening
 * it applies them), then analysed again. Its address.
 */
async function postgresCopy(server: PgServer, name: string, dir: string, info: CacheInfo): Promise<string> {
  const url = server.urlOf(name)
  const file = path.join(dir, COPY_FILE)
  const copy = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as CopyInfo) : null
  const schema = schemaTag('migrations-pg')
  if (copy?.seededAt === info.seededAt && (await databaseExists(server, name))) {
    if (copy.schema !== schema) {
      log(`the PostgreSQL schema moved from ${copy.schema} to ${schema}: migrating the copy`)
      await vacuumAnalyze(url)
      fs.writeFileSync(file, JSON.stringify({ ...copy, schema }, null, 2))
    }
    log(`PostgreSQL database ${name}: copied ${copy.copiedAt}`)
    return url
  }
  fs.rmSync(file, { force: true })
  log(`copying ${path.join(dir, 'portal.db')} into PostgreSQL database ${name}`)
  const started = Date.now()
  await recreateDatabase(server, name)
  const { rows } = await copySqliteToPostgres(path.join(dir, 'portal.db'), url)
  await vacuumAnalyze(url)
  const copied: CopyInfo = {
    seededAt: info.seededAt,
    schema,
    copiedAt: new Date().toISOString(),
    copySeconds: Math.round((Date.now() - started) / 1000),
    rows,
  }
  fs.writeFileSync(file, JSON.stringify(copied, null, 2))
  log(`${rows} rows copied and analysed in ${copied.copySeconds} s`)
  return url
}

/** Seeds the database in a side directory and moves it into place only when complete. */
async function buildCache<Sizes extends object>(dir: string, plan: CachePlan<Sizes>): Promise<CacheInfo & Sizes> {
  const building = `${dir}.building`
  fs.rmSync(building, { recursive: true, force: true })
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(building, { recursive: true })
  const databasePath = path.join(building, 'portal.db')
  const { env } = await serverEnv(databasePath)
  const started = Date.now()
  const seeds = plan.seeds.map((args) => ({ args, ...runSeed(env, args, plan.seedBudgetMs) }))
  analyze(databasePath)
  const info: CacheInfo & Sizes = {
    generatorVersion: plan.generatorVersion,
    ...plan.sizes,
    seededAt: new Date().toISOString(),
    seedSeconds: Math.round((Date.now() - started) / 1000),
    schema: schemaTag(),
    seeds,
  }
  fs.writeFileSync(path.join(building, 'ready.json'), JSON.stringify(info, null, 2))
  fs.renameSync(building, dir)
  log(`database seeded in ${info.seedSeconds} s and kept in ${dir}`)
  return info
}

/** What a data bench measures with: the database (opened here too), the signed-in server and what the cache holds. */
export interface OnDatabase<Info> {
  db: Db
  baseUrl: string
  cookie: string
  serverPid: number | undefined
  info: Info
}

/**
 * Runs `measure` on the database (the file, or its copy in PostgreSQL) with a production server (one
 * process) signed in as the bench user; exits with its code. `budgetMs` bounds the whole run (the
 * seeding and the copy included).
 */
export function onBenchDatabase<Info>(
  database: BenchDatabase<Info>,
  options: { build: boolean; budgetMs: number },
  measure: (bench: OnDatabase<Info>) => Promise<number>,
): Promise<never> {
  const run = new BenchRun(options.budgetMs)
  return runAndExit(run, async () => {
    ensureBuild(options.build)
    const { databasePath, databaseUrl, info } = await database.open()
    const server = await serverEnv(databasePath, 1, { databaseUrl })
    const child = await run.startServer(server)
    const cookie = await signIn(server.baseUrl)
    const db = await openDatabase({ databasePath, databaseUrl })
    try {
      return await measure({ db, baseUrl: server.baseUrl, cookie, serverPid: child.pid, info })
    } finally {
      await closeDatabase(db)
    }
  })
}
