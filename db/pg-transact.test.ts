/**
 * PostgreSQL's write transactions (db/pg-transact.ts): many that read and write one row at once,
 * their statements run through drizzle (which gives PostgreSQL's error as the cause of its own), each
 * commit once, run again after their serialization failures as their process's turn comes.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
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
  await rawRun(db, sql`INSERT INTO counter (id, n) VALUES (1, 0)`)
})

afterAll(async () => {
  await (db?.$client as unknown as { end(): Promise<void> } | undefined)?.end()
  if (url) await dropPgDatabase(url)
})

it('commits each of many transactions that read and then write the same row at once', async () => {
  const increment = () =>
    pgTransact(db, async (tx) => {
      const [{ n }] = await rawAll<{ n: number }>(tx, sql`SELECT n FROM counter WHERE id = 1`)
      await rawRun(tx, sql`UPDATE counter SET n = ${n + 1} WHERE id = 1`)
    })
  await Promise.all(Array.from({ length: 30 }, increment))
  expect(await rawAll(db, sql`SELECT n FROM counter`)).toEqual([{ n: 30 }])
})

it('reads the SQLSTATE of an error drizzle gives as the cause of its own, and gives up on other errors', async () => {
  const failure = await rawRun(db, sql`INSERT INTO counter (id, n) VALUES (1, 0)`).catch((error: unknown) => error)
  expect((failure as Error).message).toMatch(/^Failed query/)
  expect(sqlState(failure)).toBe('23505')
  let tries = 0
  const refused = pgTransact(db, async (tx) => {
    tries++
    await rawRun(tx, sql`INSERT INTO counter (id, n) VALUES (1, 0)`)
  })
  await expect(refused).rejects.toThrow(/^Failed query/)
  expect(tries).toBe(1)
})
