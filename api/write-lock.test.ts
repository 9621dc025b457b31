import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDb, type Db } from '../db/client'
import { immediateTransaction } from './write-lock'

/** Now in ms since the epoch, with sub-millisecond precision, the same in every thread. */
const clock = () => performance.timeOrigin + performance.now()

/**
 * Another connection, in a thread of its own, that takes the write lock and keeps it for
 * `holdMs`; `lockedAt` is when it had the lock (on `clock`), so a test does not depend on how
 * soon this thread hears of it on a busy machine.
 */
function holdWriteLock(file: string, holdMs: number): Promise<{ released: Promise<void>; lockedAt: number }> {
  const worker = new Worker(
    `const Database = require(${JSON.stringify(require.resolve('better-sqlite3'))})
     const { parentPort, workerData } = require('node:worker_threads')
     const db = new Database(workerData.file)
     db.exec('BEGIN IMMEDIATE')
     parentPort.postMessage(performance.timeOrigin + performance.now())
     Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.holdMs)
     db.exec('COMMIT')
     db.close()`,
    { eval: true, workerData: { file, holdMs } },
  )
  const released = new Promise<void>((resolve, reject) => {
    worker.once('exit', () => resolve())
    worker.once('error', reject)
  })
  return new Promise((resolve, reject) => {
    worker.once('message', (lockedAt: number) => resolve({ released, lockedAt }))
    worker.once('error', reject)
  })
}

describe('immediateTransaction', () => {
  let dir: string
  let file: string
  let db: Db
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'write-lock-'))
    file = path.join(dir, 'portal.db')
    db = openDb(file)
    db.$client.exec('CREATE TABLE marks (id INTEGER PRIMARY KEY, at INTEGER)')
  })
  afterEach(() => {
    db.$client.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  const marks = () => (db.$client.prepare('SELECT count(*) AS n FROM marks').get() as { n: number }).n

  it('waits while another connection holds the write lock, then commits', async () => {
    const { released, lockedAt } = await holdWriteLock(file, 150)
    let wroteAt = 0
    immediateTransaction(db, () => {
      wroteAt = clock()
      db.$client.prepare('INSERT INTO marks (at) VALUES (1)').run()
    })
    // It could only write once the other connection had held the lock for its 150 ms and let go.
    expect(wroteAt - lockedAt).toBeGreaterThanOrEqual(150)
    expect(marks()).toBe(1)
    await released
  })

  it('gives up with SQLITE_BUSY after its time limit and writes nothing', async () => {
    const { released } = await holdWriteLock(file, 1_000)
    expect(() =>
      immediateTransaction(db, () => db.$client.prepare('INSERT INTO marks (at) VALUES (1)').run(), 50),
    ).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }))
    await released
    expect(marks()).toBe(0)
  })

  it('rolls back when the work throws, and leaves the connection’s busy timeout as it was', () => {
    expect(() =>
      immediateTransaction(db, () => {
        db.$client.prepare('INSERT INTO marks (at) VALUES (1)').run()
        throw new Error('refused')
      }),
    ).toThrow('refused')
    expect(marks()).toBe(0)
    expect(db.$client.pragma('busy_timeout', { simple: true })).toBe(5000)
  })
})
