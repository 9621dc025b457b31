/**
 * Statements prepared once per database handle. A call that runs on every page
 * view (the access check, the home summary) would otherwise build its SQL with
 * drizzle and have SQLite compile it on every request, which costs more than
 * running it.
 */
import type { Db } from '../db/client'

export function preparedPerDb<T, Handle extends object = Db>(prepare: (db: Handle) => T): (db: Handle) => T {
  const prepared = new WeakMap<Handle, T>()
  return (db) => {
    let statements = prepared.get(db)
    if (!statements) {
      statements = prepare(db)
      prepared.set(db, statements)
    }
    return statements
  }
}
