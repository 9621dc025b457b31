/**
 * Write transactions on PostgreSQL (db/pg-transact.ts) as the API's queries fail in them: drizzle
 * wraps node-postgres's error, and a serialization failure under it is still run again.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from './client'
import { openPg, type PgDb } from './pg-client'
import { sqlState } from './pg-transact'
import { rawAll, rawRun } from './raw'
import { transact } from './transact'
import { newPgDatabase } from '../tests/support/postgres-server'

let pg: PgDb
let db: Db

beforeAll(async () => {
  pg = await openPg(await newPgDatabase('transact'), { max: 20 })
  db = pg as unknown as Db
  await rawRun(db, sql`CREATE TABLE counter (id integer PRIMARY KEY, n integer NOT NULL)`)
  await rawRun(db, sql`INSERT INTO counter VALUES (1, 0)`)
})

afterAll(async () => {
  await pg?.$client.end()
})

describe('transact on PostgreSQL', () => {
  it('runs again each writer of a herd on one row that could not be serialized, one after another', async () => {
    // More writers than tries: if those run again failed each other again, some would run out of tries.
    const WRITERS = 16
    let attempts = 0
    let release!: () => void
    const allRead = new Promise<void>((resolve) => (release = resolve))
    // Each reads the count, and on its first attempt waits until all have read it: all but one fail.
    const increment = () =>
      transact(db, async (tx) => {
        const [{ n }] = await rawAll<{ n: number }>(tx, sql`SELECT n FROM counter WHERE id = 1`)
        if (++attempts === WRITERS) release()
        if (attempts <= WRITERS) await allRead
        await rawRun(tx, sql`UPDATE counter SET n = ${n + 1} WHERE id = 1`)
      })
    await Promise.all(Array.from({ length: WRITERS }, increment))
    expect(await rawAll(db, sql`SELECT n FROM counter WHERE id = 1`)).toEqual([{ n: WRITERS }])
    // Taking turns, each that failed succeeds the second time.
    expect(attempts).toBe(2 * WRITERS - 1)
  })

  it('gives any other error to the caller at once, its SQLSTATE readable through drizzle’s wrapping', async () => {
    let attempts = 0
    const failed = await transact(db, async (tx) => {
      attempts++
      await rawRun(tx, sql`INSERT INTO counter VALUES (2, NULL)`)
    }).catch((error: unknown) => error)
    expect(failed).toBeInstanceOf(Error)
    expect((failed as Error).message).toMatch(/^Failed query/)
    expect(sqlState(failed)).toBe('23502')
    expect(attempts).toBe(1)
  })
})
