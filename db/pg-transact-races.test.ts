/**
 * Transactions on PostgreSQL run again when PostgreSQL cannot order them one after another, also
 * when drizzle gives its error with PostgreSQL's as the cause: two read-modify-writes of one row lose
 * no update, and two adds of one key at once end with one added and the other refused by the work's
 * own check, as when the transactions run in turn.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from './client'
import { openPg } from './pg-client'
import { pgTransact, sqlState } from './pg-transact'
import { rawAll, rawRun } from './raw'
import { dropPgDatabase, newPgDatabase } from '../tests/support/postgres-server'

let url: string
let db: Db

beforeAll(async () => {
  url = await newPgDatabase('transact')
  db = (await openPg(url)) as unknown as Db
  await rawRun(db, sql`CREATE TABLE counter (id integer PRIMARY KEY, n integer NOT NULL)`)
  await rawRun(db, sql`CREATE TABLE names (name text PRIMARY KEY)`)
})

afterAll(async () => {
  await (db?.$client as unknown as { end(): Promise<void> } | undefined)?.end()
  if (url) await dropPgDatabase(url)
})

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('transact on PostgreSQL under races', () => {
  it('runs a transaction again after a serialization failure: concurrent increments lose nothing', async () => {
    await rawRun(db, sql`INSERT INTO counter VALUES (1, 0)`)
    let tries = 0
    await Promise.all(
      Array.from({ length: 4 }, () =>
        pgTransact(db, async (tx) => {
          tries++
          const [{ n }] = await rawAll<{ n: number }>(tx, sql`SELECT n FROM counter WHERE id = 1`)
          await pause(20)
          await rawRun(tx, sql`UPDATE counter SET n = ${n + 1} WHERE id = 1`)
        }),
      ),
    )
    expect(await rawAll(db, sql`SELECT n FROM counter WHERE id = 1`)).toEqual([{ n: 4 }])
    // At least one of them ran again.
    expect(tries).toBeGreaterThan(4)
  })

  // PostgreSQL fails the second add as a serialization failure (it read the name as free) or as a unique violation.
  it('runs a transaction again when two add one name at once: one adds it, the other refuses it', async () => {
    const add = () =>
      pgTransact(db, async (tx) => {
        const taken = await rawAll(tx, sql`SELECT name FROM names WHERE name = 'x'`)
        if (taken.length > 0) return 'refused'
        await pause(20)
        await rawRun(tx, sql`INSERT INTO names VALUES ('x')`)
        return 'added'
      })
    expect((await Promise.all([add(), add()])).sort()).toEqual(['added', 'refused'])
  })

  it('gives a failure of another kind to the caller at once, with its state', async () => {
    let tries = 0
    const failing = pgTransact(db, async (tx) => {
      tries++
      await rawRun(tx, sql`INSERT INTO counter VALUES (2, NULL)`)
    })
    const error = await failing.catch((e: unknown) => e)
    expect(sqlState(error)).toBe('23502')
    expect(tries).toBe(1)
  })
})
