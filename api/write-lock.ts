/**
 * An immediate transaction that waits for the write lock in short steps.
 *
 * SQLite gives the write lock to one connection at a time across every server process. A
 * connection that finds it taken waits in SQLite's busy handler, which sleeps 1, 2, 5, 10, 15,
 * 20, 25 ms and so on between tries: under a burst of writes from two processes, one of them
 * sleeps for tens of milliseconds while the other holds the lock for a fraction of one. Here
 * the wait for BEGIN IMMEDIATE is a loop of sub-millisecond pauses up to the same 5 s limit, for
 * the calls whose answer time matters under contention (the web licence service).
 */
import type { Db } from '../db/client'

const BUSY_TIMEOUT_MS = 5000
const pauseCell = new Int32Array(new SharedArrayBuffer(4))

function isBusy(error: unknown) {
  return error instanceof Error && 'code' in error && (error as { code: string }).code === 'SQLITE_BUSY'
}

/** Runs `work` in one immediate transaction; rolled back if it throws. */
export function immediateTransaction<T>(db: Db, work: () => T, timeoutMs = BUSY_TIMEOUT_MS): T {
  const client = db.$client
  const run = client.transaction(work)
  const deadline = performance.now() + timeoutMs
  client.pragma('busy_timeout = 0')
  try {
    for (;;) {
      try {
        return run.immediate()
      } catch (error) {
        // BEGIN IMMEDIATE is the only statement here that waits for another connection; a busy
        // error rolled the transaction back, so trying again repeats nothing.
        if (!isBusy(error) || performance.now() > deadline) throw error
        Atomics.wait(pauseCell, 0, 0, 0.05 + Math.random() * 0.25)
      }
    }
  } finally {
    client.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
  }
}
