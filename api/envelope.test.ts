import Database from 'better-sqlite3'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { errorDetail } from './envelope'

describe('the log line of an unexpected error', () => {
  it("names the database's own message and code behind a failed query", () => {
    const db = drizzle(new Database(':memory:'))
    let thrown: unknown
    try {
      db.run(sql`SELECT * FROM no_such_table`)
    } catch (error) {
      thrown = error
    }
    const detail = errorDetail(thrown)
    expect(detail).toContain('SELECT * FROM no_such_table')
    expect(detail).toMatch(/caused by: SqliteError: no such table: no_such_table[\s\S]*\[SQLITE_ERROR\]/)
  })

  it('is the stack alone for an error without a cause, and the text of anything else', () => {
    const error = new Error('plain')
    expect(errorDetail(error)).toBe(error.stack)
    expect(errorDetail('text')).toBe('text')
  })
})
