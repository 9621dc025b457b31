/**
 * The data benches' databases: seeded once into data/bench-cache/<key>/ (git-ignored) by a list
 * of `npm run db:seed` runs, then ANALYZE, and kept between runs; a newer schema (a migration
 * added since) is analysed again on the cached file; `reseed` builds it again. And the run
 * around such a file: a production server on it (one process, WEB_CONCURRENCY=1, whose memory
 * is the server's), signed in as the bench user, with the file opened in this process too.
 *
 * The server runs on the cached file itself: it writes only its sign-in session there (a
 * `.data` request never saves a view), so the data stay as seeded.
 */
import fs from 'node:fs'
import path from 'node:path'
import { openDb, type Db, closeDb } from '../db/client'
import { BenchRun, ensureBuild, log, ROOT, runAndExit, runSeed, serverEnv, signIn, type SeedTime } from './bench-server'

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
}

export interface BenchDatabase<Info> {
  /** Whether the file is already there (nothing to seed). */
  cached: boolean
  open(): Promise<{ databasePath: string; info: Info }>
}

/** The plan's database: the cached file, or seeded now when absent (or `reseed`). */
export function benchDatabase<Sizes extends object>(plan: CachePlan<Sizes>): BenchDatabase<CacheInfo & Sizes> {
  const dir = path.join(ROOT, 'data/bench-cache', plan.key)
  const cached = !plan.reseed && fs.existsSync(path.join(dir, 'ready.json'))
  return {
    cached,
    async open() {
      const info = cached ? migrateCache<CacheInfo & Sizes>(dir) : await buildCache(dir, plan)
      const databasePath = path.join(dir, 'portal.db')
      log(`database ${databasePath}: generator v${info.generatorVersion}, seeded ${info.seededAt}`)
      return { databasePath, info }
    },
  }
}

/** The tag of the newest migration: a schema change (new indexes) needs fresh statistics. */
function schemaTag(): string {
  const journal = fs.readFileSync(path.join(ROOT, 'db/migrations/meta/_journal.json'), 'utf8')
  return (JSON.parse(journal) as { entries: { tag: string }[] }).entries.at(-1)?.tag ?? ''
}

/** Migrations (opening the file applies them), then the planner's statistics, then everything in the main file. */
function analyze(databasePath: string) {
  const db = openDb(databasePath)
  try {
    log('ANALYZE')
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

/** What a data bench measures with: the file (opened here too), the signed-in server and what the cache holds. */
export interface OnDatabase<Info> {
  db: Db
  baseUrl: string
  cookie: string
  serverPid: number | undefined
  info: Info
}

/**
 * Runs `measure` on the database with a production server (one process) signed in as the bench
 * user; exits with its code. `budgetMs` bounds the whole run (the seeding included).
 */
export function onBenchDatabase<Info>(
  database: BenchDatabase<Info>,
  options: { build: boolean; budgetMs: number },
  measure: (bench: OnDatabase<Info>) => Promise<number>,
): Promise<never> {
  const run = new BenchRun(options.budgetMs)
  return runAndExit(run, async () => {
    ensureBuild(options.build)
    const { databasePath, info } = await database.open()
    const server = await serverEnv(databasePath, 1)
    const child = await run.startServer(server)
    const cookie = await signIn(server.baseUrl)
    const db = openDb(databasePath)
    try {
      return await measure({ db, baseUrl: server.baseUrl, cookie, serverPid: child.pid, info })
    } finally {
      closeDb(db)
    }
  })
}
