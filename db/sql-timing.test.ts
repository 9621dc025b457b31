import Database from 'better-sqlite3'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import { drizzle as pgDrizzle } from 'drizzle-orm/node-postgres'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { timePgSql, timeSql } from './sql-timing'
import { dropPgDatabase, newPgDatabase } from '../tests/support/postgres-server'

interface Recorded {
  statements: { kind: 'read' | 'write'; seconds: number }[]
  transactions: number[]
}

let sqlite: Database.Database
let recorded: Recorded

beforeEach(() => {
  sqlite = new Database(':memory:')
  recorded = { statements: [], transactions: [] }
  timeSql(sqlite, {
    statement: (kind, seconds) => recorded.statements.push({ kind, seconds }),
    transaction: (seconds) => recorded.transactions.push(seconds),
  })
  sqlite.exec('create table t (id integer primary key, name text not null)')
})

afterEach(() => sqlite.close())

const kinds = () => recorded.statements.map((s) => s.kind)

describe('timeSql', () => {
  it("times each statement's run, get and all as a write or a read, with their results unchanged", () => {
    const insert = sqlite.prepare('insert into t (name) values (?)')
    expect(insert.run('a').changes).toBe(1)
    expect(insert.run('b').lastInsertRowid).toBe(2)
    expect(sqlite.prepare('select name from t where id = ?').get(2)).toEqual({ name: 'b' })
    expect(sqlite.prepare('select name from t order by id').pluck().all()).toEqual(['a', 'b'])
    // Writes that answer rows are writes.
    expect(sqlite.prepare('delete from t where id = 1 returning name').all()).toEqual([{ name: 'a' }])
    expect(kinds()).toEqual(['write', 'write', 'read', 'read', 'write'])
    for (const { seconds } of recorded.statements) {
      expect(seconds).toBeGreaterThan(0)
      expect(seconds).toBeLessThan(1)
    }
  })

  it("times a statement's rows read one by one, and stops with an iteration left early", () => {
    const insert = sqlite.prepare('insert into t (name) values (?)')
    for (const name of ['a', 'b', 'c']) insert.run(name)
    recorded.statements = []
    expect([...sqlite.prepare('select name from t order by id').pluck().iterate()]).toEqual(['a', 'b', 'c'])
    // Three rows and the step that found no more.
    expect(kinds()).toEqual(['read', 'read', 'read', 'read'])
    for (const name of sqlite.prepare('select name from t order by id').pluck().iterate()) {
      expect(name).toBe('a')
      break
    }
    // The connection is free again: the early exit closed the statement's iterator.
    expect(sqlite.prepare('insert into t (name) values (?)').run('d').changes).toBe(1)
  })

  it('times an outermost transaction once, each of its versions, and rolls back as before', () => {
    const insert = sqlite.prepare('insert into t (name) values (?)')
    const both = sqlite.transaction((first: string, second: string) => {
      insert.run(first)
      // A nested transaction is a savepoint of this one: not timed on its own.
      sqlite.transaction(() => insert.run(second))()
      return 'done'
    })
    expect(both('a', 'b')).toBe('done')
    expect(both.immediate('c', 'd')).toBe('done')
    expect(both.exclusive('e', 'f')).toBe('done')
    expect(both.deferred('g', 'h')).toBe('done')
    expect(recorded.transactions).toHaveLength(4)
    expect(both.default).toBe(both)
    // Each version carries the others, as better-sqlite3's own do (its types leave them out).
    expect((both.immediate as unknown as typeof both).deferred).toBe(both.deferred)
    expect((both as unknown as { database: unknown }).database).toBe(sqlite)

    const failing = sqlite.transaction(() => {
      insert.run('lost')
      throw new Error('refused')
    })
    expect(() => failing.immediate()).toThrow('refused')
    expect(recorded.transactions).toHaveLength(5)
    expect(sqlite.inTransaction).toBe(false)
    expect(sqlite.prepare('select count(*) from t').pluck().get()).toBe(8)
  })

  it("times drizzle's queries and transactions on the connection", () => {
    const db = drizzle(sqlite)
    db.run(sql`insert into t (name) values ('x')`)
    expect(db.all(sql`select name from t`)).toEqual([{ name: 'x' }])
    db.transaction((tx) => {
      tx.run(sql`insert into t (name) values ('y')`)
    })
    expect(kinds()).toEqual(['write', 'read', 'write'])
    expect(recorded.transactions).toHaveLength(1)
  })
})

describe('timePgSql', () => {
  it("times each statement of the pool's connections as a read or a write, transaction control apart", async () => {
    const url = await newPgDatabase('timing')
    const pool = new pg.Pool({ connectionString: url, max: 2 })
    // Dropping the database ends a connection still closing after pool.end(); the server says so to
    // the pool as an error, which must not be thrown as uncaught (db/pg-client.ts handles it the same way).
    pool.on('error', () => {})
    timePgSql(pool, { statement: (kind, seconds) => recorded.statements.push({ kind, seconds }) })
    try {
      await pool.query('create table t (id bigint generated by default as identity primary key, name text not null)')
      const db = pgDrizzle(pool)
      await db.execute(sql`insert into t (name) values (${'a'})`)
      expect((await db.execute(sql`select name from t`)).rows).toEqual([{ name: 'a' }])
      expect((await pool.query({ name: 'named', text: 'select count(*)::int as n from t' })).rows).toEqual([{ n: 1 }])
      // Writes that answer rows are writes.
      expect((await pool.query(`delete from t returning name`)).rows).toEqual([{ name: 'a' }])
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        await client.query(`insert into t (name) values ('b')`)
        await client.query('COMMIT')
      } finally {
        client.release()
      }
      await expect(pool.query('select nothing from t')).rejects.toThrow(/nothing/)
      expect(kinds()).toEqual(['write', 'write', 'read', 'read', 'write', 'write', 'read'])
      for (const { seconds } of recorded.statements) {
        expect(seconds).toBeGreaterThan(0)
        expect(seconds).toBeLessThan(5)
      }
    } finally {
      await pool.end()
      await dropPgDatabase(url)
    }
  })
})
