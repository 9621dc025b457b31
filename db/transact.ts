/**
 * Transactions whose work awaits its queries, on either engine.
 *
 * SQLite: better-sqlite3 runs a statement synchronously and its own transactions cannot span an
 * `await`, so a write transaction runs on a connection of its own (one per database handle), which the
 * process's writers take in turn: while a transaction awaits, other requests read on the handle's
 * main connection and see only what is committed, and no other write can slip into it. It begins
 * IMMEDIATE, taking SQLite's write lock at once (another process may hold it: the wait is a loop of
 * short timers, so the process keeps answering meanwhile). A transaction inside a transaction is a
 * savepoint.
 *
 * A read `snapshot` runs its reads in one transaction, so the figures it reads agree with each
 * other while writers commit meanwhile.
 *
 * PostgreSQL: db/pg-transact.ts (serializable transactions, run again on a serialization failure).
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type Database from 'better-sqlite3'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import { openConnection, type Db } from './client'
import { sqlTransactionDuration } from '../server/metrics/instruments'
import * as schema from './schema'
import { isPgHandle, pgReading, pgSnapshot, pgTransact } from './pg-transact'
import { Turns } from './turns'

/** The handle a transaction's work gets: it reads and writes inside the transaction. */
export type Tx = Db

const BUSY_TIMEOUT_MS = 5000

interface Writer {
  tx: Tx
  turns: Turns
  savepoints: number
  /** Whether a transaction is open on it now. */
  open: boolean
}

const writers = new WeakMap<object, Writer>()
/** The transaction the current request is inside of, if any. */
const active = new AsyncLocalStorage<Writer>()
const handles = new WeakMap<object, Writer>()

function writerOf(db: Db): Writer {
  let writer = writers.get(db)
  if (writer) return writer
  const file = db.$client.name
  // An in-memory database has one connection only: its transactions run on it, in turn.
  // Its wait for the write lock is transact's loop of timers, not SQLite's sleeping busy handler.
  const client = file === ':memory:' || file === '' ? db.$client : openConnection(file, 0)
  const tx = client === db.$client ? db : (drizzle(client, { schema }) as Db)
  writer = { tx, turns: new Turns(), savepoints: 0, open: false }
  writers.set(db, writer)
  handles.set(tx, writer)
  return writer
}

/**
 * The connections a handle's statements run on: its own and, for a database's main handle, the one
 * its transactions run on. Functions defined in JavaScript for SQL are registered on each.
 */
export function connectionsOf(db: Db): Database.Database[] {
  // PostgreSQL's functions are SQL functions, made by its migrations.
  if (isPgHandle(db)) return []
  if (handles.has(db)) return [db.$client]
  const writer = writerOf(db).tx.$client
  return writer === db.$client ? [db.$client] : [db.$client, writer]
}

/** Closes the connection a database's transactions run on, if it has one of its own. */
export function closeWriter(db: Db) {
  const writer = writers.get(db)
  if (writer && writer.tx.$client !== db.$client) writer.tx.$client.close()
  writers.delete(db)
}

function isBusy(error: unknown) {
  return error instanceof Error && 'code' in error && (error as { code: string }).code === 'SQLITE_BUSY'
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function beginImmediate(client: Database.Database) {
  const deadline = performance.now() + BUSY_TIMEOUT_MS
  for (let wait = 1; ; wait = Math.min(wait * 2, 20)) {
    try {
      client.exec('BEGIN IMMEDIATE')
      return
    } catch (error) {
      if (!isBusy(error) || performance.now() > deadline) throw error
      await pause(wait * (0.5 + Math.random()))
    }
  }
}

/**
 * Runs `work` in one write transaction: committed when it resolves, rolled back when it throws.
 * Given a transaction's handle, `work` runs in a savepoint of it.
 */
export async function transact<T>(db: Db | Tx, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (isPgHandle(db)) return pgTransact(db, work)
  const writer = handles.get(db) ?? writerOf(db)
  // Work already inside this database's transaction (given its handle, or the database's own) nests.
  if (writer.open && active.getStore() === writer) return savepoint(writer, work)
  return writer.turns.take(async () => {
    const client = writer.tx.$client
    await beginImmediate(client)
    const started = performance.now()
    writer.open = true
    try {
      const result = await active.run(writer, () => work(writer.tx))
      client.exec('COMMIT')
      return result
    } catch (error) {
      if (client.inTransaction) client.exec('ROLLBACK')
      throw error
    } finally {
      writer.open = false
      sqlTransactionDuration.observe((performance.now() - started) / 1000)
    }
  })
}

async function savepoint<T>(writer: Writer, work: (tx: Tx) => Promise<T>): Promise<T> {
  const name = `sp${++writer.savepoints}`
  const client = writer.tx.$client
  client.exec(`SAVEPOINT ${name}`)
  try {
    const result = await work(writer.tx)
    client.exec(`RELEASE ${name}`)
    return result
  } catch (error) {
    client.exec(`ROLLBACK TO ${name}`)
    client.exec(`RELEASE ${name}`)
    throw error
  } finally {
    writer.savepoints--
  }
}

/**
 * The handle whose reads see the open transaction or snapshot of this request, if any: on PostgreSQL
 * its connection (reads of the database's own handle go to the pool's other connections), on SQLite
 * the handle itself (a snapshot is a read transaction of the handle's one connection).
 */
export function reading(db: Db): Db {
  return isPgHandle(db) ? pgReading(db) : db
}

const readers = new WeakMap<object, Turns>()

/** Runs the reads of `read` in one read transaction of the handle's main connection. */
export async function snapshot<T>(db: Db, read: () => Promise<T>): Promise<T> {
  if (isPgHandle(db)) return pgSnapshot(db, read)
  if (handles.get(db)?.open || db.$client.inTransaction) return read()
  let turns = readers.get(db)
  if (!turns) readers.set(db, (turns = new Turns()))
  return turns.take(async () => {
    db.$client.exec('BEGIN')
    try {
      return await read()
    } finally {
      if (db.$client.inTransaction) db.$client.exec('COMMIT')
    }
  })
}
