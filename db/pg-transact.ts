/**
 * Transactions on PostgreSQL (db/transact.ts chooses them for a PostgreSQL handle).
 *
 * A write transaction takes a connection of the pool and runs SERIALIZABLE: the invariants the API
 * checks inside it (seats never above quantity, balances never below zero, no lost update) hold as
 * if the transactions ran one after another, across every process on the database. When PostgreSQL
 * cannot order two of them that way it fails one (40001), or a deadlock does (40P01): that one is
 * run again from the start, after a short random pause, up to a limit. The work must therefore do
 * nothing outside the database that it cannot repeat (the API's writes only queue their e-mails in
 * the same transaction).
 *
 * Transactions run again take turns, across every process on the database: each holds a session lock
 * (RETRY_LOCK) from before its BEGIN, so its snapshot is taken after the one before it committed. A
 * herd of writers on one row (sessions of one entitlement) then commits one after another, as SQLite's
 * writers do, instead of failing each other again until their tries run out. In a process they wait
 * for their turn without a connection, so they never take the pool from the reads.
 *
 * A transaction inside a transaction is a savepoint. A read `snapshot` is a REPEATABLE READ, READ ONLY
 * transaction; reads inside it use `reading(db)`.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type pg from 'pg'
import { drizzle } from 'drizzle-orm/node-postgres'
import { sqlTransactionDuration } from '../server/metrics/instruments'
import type { Db } from './client'
import { Turns } from './turns'

interface Open {
  pool: pg.Pool
  client: pg.PoolClient
  tx: Db
  savepoints: number
  readOnly: boolean
}

const open = new AsyncLocalStorage<Open>()
const handles = new WeakSet<object>()

/** Tries of one transaction before its serialization failure is given to the caller. */
const MAX_TRIES = 12

/** The key of the advisory lock that transactions run again take turns with ('retr'). */
const RETRY_LOCK = 0x72657472

/** Transactions run again, per pool: one at a time in this process. */
const retries = new WeakMap<pg.Pool, Turns>()

function retryTurns(pool: pg.Pool): Turns {
  let turns = retries.get(pool)
  if (!turns) retries.set(pool, (turns = new Turns()))
  return turns
}

export function isPgHandle(db: object): boolean {
  const client = (db as { $client?: unknown }).$client
  return handles.has(db) || (typeof client === 'object' && client !== null && 'totalCount' in client)
}

/**
 * The SQLSTATE of a PostgreSQL error (its `code`), also when drizzle has wrapped it: a failed query
 * throws a DrizzleQueryError whose `cause` is node-postgres's error.
 */
export function sqlState(error: unknown): string | undefined {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; e = (e as Error).cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string') return code
  }
  return undefined
}

/**
 * A failure the transaction may succeed after when run again: a serialization failure or deadlock, or
 * a unique violation, which under SERIALIZABLE is a concurrent transaction's insert of a key this one
 * checked was free (PostgreSQL's manual advises retrying it too). Run again, the work sees that row
 * and refuses as it would have run after it; a violation of another cause fails again, once retries end.
 */
function retryable(error: unknown) {
  const code = sqlState(error)
  return code === '40001' || code === '40P01' || code === '23505'
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The transaction of this request on the handle's database, if one is open. */
function current(db: object): Open | undefined {
  const store = open.getStore()
  if (!store) return undefined
  return store.tx === db || (db as { $client?: unknown }).$client === store.pool ? store : undefined
}

async function savepoint<T>(store: Open, work: (tx: Db) => Promise<T>): Promise<T> {
  const name = `sp${++store.savepoints}`
  await store.client.query(`SAVEPOINT ${name}`)
  try {
    const result = await work(store.tx)
    await store.client.query(`RELEASE SAVEPOINT ${name}`)
    return result
  } catch (error) {
    await store.client.query(`ROLLBACK TO SAVEPOINT ${name}`)
    await store.client.query(`RELEASE SAVEPOINT ${name}`)
    throw error
  } finally {
    store.savepoints--
  }
}

async function once<T>(
  pool: pg.Pool,
  begin: string,
  readOnly: boolean,
  work: (tx: Db) => Promise<T>,
  { inTurn = false } = {},
): Promise<T> {
  const client = await pool.connect()
  const tx = drizzle(client) as unknown as Db
  handles.add(tx)
  const started = performance.now()
  let broken: Error | undefined
  try {
    if (inTurn) await client.query(`SELECT pg_advisory_lock(${RETRY_LOCK})`)
    await client.query(begin)
    const result = await open.run({ pool, client, tx, savepoints: 0, readOnly }, () => work(tx))
    await client.query('COMMIT')
    return result
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    // A connection whose lock could not be given back is closed, which gives it back.
    if (inTurn) await client.query(`SELECT pg_advisory_unlock(${RETRY_LOCK})`).catch((error: Error) => (broken = error))
    client.release(broken)
    sqlTransactionDuration.observe((performance.now() - started) / 1000)
  }
}

export async function pgTransact<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const store = current(db)
  if (store) {
    if (store.readOnly) throw new Error('A write transaction cannot begin inside a read snapshot.')
    return savepoint(store, work)
  }
  const pool = db.$client as unknown as pg.Pool
  const begin = 'BEGIN ISOLATION LEVEL SERIALIZABLE'
  for (let tries = 1; ; tries++) {
    try {
      if (tries === 1) return await once(pool, begin, false, work)
      return await retryTurns(pool).take(() => once(pool, begin, false, work, { inTurn: true }))
    } catch (error) {
      if (!retryable(error) || tries >= MAX_TRIES) throw error
      await pause(Math.min(2 ** tries, 100) * (0.5 + Math.random()))
    }
  }
}

export async function pgSnapshot<T>(db: Db, read: () => Promise<T>): Promise<T> {
  if (current(db)) return read()
  return once(db.$client as unknown as pg.Pool, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', true, () => read())
}

/** The handle reads of `db` run on: the open transaction's, inside one, else `db` itself. */
export function pgReading(db: Db): Db {
  return current(db)?.tx ?? db
}
