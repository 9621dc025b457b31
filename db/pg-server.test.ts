import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startPgServer, type PgServer } from './pg-server'

async function query(url: string, text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(text)).rows
  } finally {
    await client.end()
  }
}

/** What the cluster's control file says of its last shutdown ('shut down' after a clean one). */
function clusterState(server: PgServer): string {
  const text = execFileSync(path.join(server.binDir, 'pg_controldata'), [server.dataDir]).toString()
  return /^Database cluster state:\s+(.+)$/m.exec(text)?.[1] ?? ''
}

describe('a PostgreSQL server on a data directory kept between runs', () => {
  let parent: string
  let dataDir: string
  beforeEach(() => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-kept-'))
    // As root the cluster runs as the `postgres` user, who must reach the directory.
    fs.chmodSync(parent, 0o755)
    dataDir = path.join(parent, 'cluster')
  })
  afterEach(() => fs.rmSync(parent, { recursive: true, force: true }))

  it('makes the cluster once, shuts it down cleanly, and starts again on its data', async () => {
    const first = await startPgServer({ dataDir })
    expect(first.dataDir).toBe(dataDir)
    try {
      await query(first.url, 'CREATE TABLE kept (n integer); INSERT INTO kept VALUES (42)')
    } finally {
      first.stop()
    }
    expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true)
    expect(clusterState(first)).toBe('shut down')

    const second = await startPgServer({ dataDir })
    try {
      expect(await query(second.url, 'SELECT n FROM kept')).toEqual([{ n: 42 }])
      await expect(startPgServer({ dataDir })).rejects.toThrow(/already runs on/)
    } finally {
      second.stop()
    }
  })

  it('refuses a directory that holds something else', async () => {
    fs.mkdirSync(dataDir)
    fs.writeFileSync(path.join(dataDir, 'notes.txt'), 'not a cluster')
    await expect(startPgServer({ dataDir })).rejects.toThrow(/neither empty nor a PostgreSQL data directory/)
    expect(fs.readdirSync(dataDir)).toEqual(['notes.txt'])
  })

  it('removes a throwaway cluster when stopped', async () => {
    const server = await startPgServer()
    expect(await query(server.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }])
    server.stop()
    expect(fs.existsSync(server.dataDir)).toBe(false)
  })
})
