import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDb, type Db, closeDb } from './client'
import {
  CHECKPOINTS_BY_PRIMARY,
  SAFETY_NET_PAGES,
  deferCheckpointsToPrimary,
  startWalCheckpoints,
} from './wal-checkpoints'

describe('WAL checkpoints', () => {
  let dir: string
  let file: string
  let writer: Db
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wal-'))
    file = path.join(dir, 'portal.db')
    writer = openDb(file)
  })
  afterEach(() => {
    closeDb(writer)
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('a serving process defers to the primary only when the primary says it checkpoints', () => {
    deferCheckpointsToPrimary(writer, {})
    expect(writer.$client.pragma('wal_autocheckpoint', { simple: true })).toBe(1000)
    deferCheckpointsToPrimary(writer, { [CHECKPOINTS_BY_PRIMARY]: '1' })
    expect(writer.$client.pragma('wal_autocheckpoint', { simple: true })).toBe(SAFETY_NET_PAGES)
  })

  it('copies what the workers wrote into the database file from another connection', async () => {
    // The test writes on the connection itself, as a worker's transactions do on theirs.
    writer.$client.pragma('query_only = OFF')
    writer.$client.pragma('wal_autocheckpoint = 0')
    writer.$client.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, text TEXT)')
    const insert = writer.$client.prepare('INSERT INTO filler (text) VALUES (?)')
    for (let i = 0; i < 200; i++) insert.run('x'.repeat(2000))
    const before = fs.statSync(file).size
    const checkpointer = openDb(file)
    const stop = startWalCheckpoints(
      checkpointer,
      (error) => {
        throw error
      },
      20,
    )
    try {
      await expect.poll(() => fs.statSync(file).size, { timeout: 5_000 }).toBeGreaterThan(before + 200 * 2000)
    } finally {
      stop()
      closeDb(checkpointer)
    }
  })
})
