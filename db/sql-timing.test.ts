import Database from 'better-sqlite3'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import { sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { timeSql } from './sql-timing'

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
