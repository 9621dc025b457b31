/**
 * WAL checkpoints away from the processes that answer requests.
 *
 * With SQLite's default, the connection whose commit takes the write-ahead log past 1,000 pages
 * copies the log into the database file inside that commit: a request that happens to commit then
 * waits 10–35 ms (more on a slow disk), and so does every request queued behind it in that process.
 * When several workers serve (server/index.ts), the primary, which answers no requests, checkpoints
 * once a second instead, and the workers' own automatic checkpoint only starts far later, as a
 * safety net should the primary's stop. A PASSIVE checkpoint waits for no one: writers go on
 * appending to the log while it runs.
 */
import type { Db } from './client'
import { isPgHandle } from './pg-transact'

/** The environment variable by which the primary tells its workers that it checkpoints. */
export const CHECKPOINTS_BY_PRIMARY = 'PORTAL_WAL_CHECKPOINTS_BY_PRIMARY'

export const CHECKPOINT_INTERVAL_MS = 1_000

/** A worker's automatic checkpoint when the primary checkpoints: about 40 MB of log at 4 KB pages. */
export const SAFETY_NET_PAGES = 10_000

/** For a serving process: leave checkpoints to the primary when it takes them. */
export function deferCheckpointsToPrimary(db: Db, env: Readonly<Record<string, string | undefined>> = process.env) {
  if (isPgHandle(db)) return
  if (env[CHECKPOINTS_BY_PRIMARY] === '1') db.$client.pragma(`wal_autocheckpoint = ${SAFETY_NET_PAGES}`)
}

/** Checkpoints `db` every interval until the returned function is called; the timer keeps no process alive. */
export function startWalCheckpoints(
  db: Db,
  log: (error: unknown) => void,
  intervalMs = CHECKPOINT_INTERVAL_MS,
): () => void {
  // PostgreSQL keeps its own log.
  if (isPgHandle(db)) return () => {}
  const timer = setInterval(() => {
    try {
      db.$client.pragma('wal_checkpoint(PASSIVE)')
    } catch (error) {
      // A busy or closing database: the next tick, or a worker's safety net, checkpoints.
      log(error)
    }
  }, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
