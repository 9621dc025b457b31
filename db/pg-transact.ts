/**
 * Transactions on PostgreSQL (db/transact.ts chooses them for a PostgreSQL handle).
 *
 * A write transaction takes a connection of the pool and runs SERIALIZABLE: the invariants the API
 * checks inside it (seats never above quantity, balances never below zero, no lost update) hold as
 * if the transactions ran one after another, across every process on the database. When PostgreSQL
 * cannot order two of them that way it fails one (40001), or a deadlock does (40P01): that one is
 * run again from the start, after a short random pause, up to a limit. A process runs the ones it
 * runs again one at a time, so that many colliding on one row commit in turn. The work must
 * therefore do nothing outside the database that it cannot repeat (the API's writes only queue
 * their e-mails in the same transaction).
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
/** Per pool, the transactions being run again after a serialization failure. */
const retrying = new WeakMap<pg.Pool, Turns>()

/** Tries of one transaction before its serialization failure is given to the caller. */
const MAX_TRIES = 12

export function isPgHandle(db: object): boolean {
  const client = (db as { $client?: unknown }).$client
  return handles.has(db) || (typeof client === 'object' && client !== null && 'totalCount' in client)
}

/** The SQLSTATE of a PostgreSQL error, also when drizzle gives it as the cause of its own error. */
export function sqlState(error: unknown): string | undefined {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; depth++) {
    const { code, cause } = e as { code?: unknown; cause?: unknown }
    if (typeof code === 'string') return code
    e = cause
  }
  return undefined
}

function retryable(error: unknown) {
  const code = sqlState(error)
  return code === '40001' || code === '40P01'
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

async function once<T>(pool: pg.Pool, begin: string, readOnly: boolean, work: (tx: Db) => Promise<T>): Promise<T> {
  const client = await pool.connect()
  const tx = drizzle(client) as unknown as Db
  handles.add(tx)
  const started = performance.now()
  try {
    await client.query(begin)
    const result = await open.run({ pool, client, tx, savepoints: 0, readOnly }, () => work(tx))
    await client.query('COMMIT')
    return result
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    client.release()
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
  const attempt = () => once(pool, 'BEGIN ISOLATION LEVEL SERIALIZABLE', false, work)
  try {
    return await attempt()
  } catch (error) {
    if (!retryable(error)) throw error
  }
  // Run again one at a time in this process: transactions that collide on a busy row (a product's
  // seats, a day's counts) then commit in turn, instead of colliding again on every try.
  let turns = retrying.get(pool)
  if (!turns) retrying.set(pool, (turns = new Turns()))
  return turns.take(async () => {
    for (let tries = 2; ; tries++) {
      await pause(Math.min(2 ** (tries - 1), 100) * (0.5 + Math.random()))
      try {
        return await attempt()
      } catch (error) {
        if (!retryable(error) || tries >= MAX_TRIES) throw error
      }
    }
  })
}

export async function pgSnapshot<T>(db: Db, read: () => Promise<T>): Promise<T> {
  if (current(db)) return read()
  return once(db.$client as unknown as pg.Pool, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', true, () => read())
}

/** The handle reads of `db` run on: the open transaction's, inside one, else `db` itself. */
export function pgReading(db: Db): Db {
  return current(db)?.tx ?? db
}
