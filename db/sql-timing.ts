/**
 * Times the SQL of a better-sqlite3 connection, which has no hooks of its own.
 * The connection's `prepare` and `transaction` are replaced on the instance
 * (what drizzle and our own prepared statements call): every statement's run,
 * get, all and iterate is timed as a read (the statement writes nothing) or a
 * write, and every outermost transaction from its BEGIN to its COMMIT or
 * ROLLBACK. Measured cost: see docs/decisions/0033-metrics.md.
 * A PostgreSQL pool's statements are timed too (timePgSql), as reads or writes.
 */
import type Database from 'better-sqlite3'
import type pg from 'pg'

export interface SqlTimings {
  statement(kind: 'read' | 'write', seconds: number): void
  transaction(seconds: number): void
}

type Statement = Database.Statement<unknown[], unknown>
type Variant = (...args: unknown[]) => unknown

function timedStatement(statement: Statement, timings: SqlTimings): Statement {
  const kind = statement.readonly ? 'read' : 'write'
  for (const method of ['run', 'get', 'all'] as const) {
    const original = statement[method] as Variant
    ;(statement as unknown as Record<string, Variant>)[method] = (...args) => {
      const started = performance.now()
      try {
        return original.apply(statement, args)
      } finally {
        timings.statement(kind, (performance.now() - started) / 1000)
      }
    }
  }
  const iterate = statement.iterate
  statement.iterate = function* (...args: unknown[]) {
    const rows = iterate.apply(statement, args)
    try {
      for (;;) {
        const started = performance.now()
        let step: IteratorResult<unknown>
        try {
          step = rows.next()
        } finally {
          timings.statement(kind, (performance.now() - started) / 1000)
        }
        if (step.done) return
        yield step.value
      }
    } finally {
      rows.return?.()
    }
  } as Statement['iterate']
  return statement
}

/** The transaction function and its deferred, immediate and exclusive versions, each timed when it is the outermost. */
function timedTransaction(
  sqlite: Database.Database,
  transaction: Database.Transaction<Variant>,
  timings: SqlTimings,
): Database.Transaction<Variant> {
  const timed = (variant: Variant): Variant =>
    function (this: unknown, ...args: unknown[]) {
      // A nested one is a savepoint of the transaction already being timed.
      if (sqlite.inTransaction) return variant.apply(this, args)
      const started = performance.now()
      try {
        return variant.apply(this, args)
      } finally {
        timings.transaction((performance.now() - started) / 1000)
      }
    }
  const versions = {
    deferred: timed(transaction.deferred),
    immediate: timed(transaction.immediate),
    exclusive: timed(transaction.exclusive),
    default: timed(transaction),
  }
  for (const version of Object.values(versions)) Object.assign(version, versions, { database: sqlite })
  return versions.default as Database.Transaction<Variant>
}

/** Makes the connection report the time of its SQL to `timings`. */
export function timeSql(sqlite: Database.Database, timings: SqlTimings): void {
  const prepare = sqlite.prepare.bind(sqlite)
  const transaction = sqlite.transaction.bind(sqlite)
  sqlite.prepare = ((source: string) => timedStatement(prepare(source), timings)) as typeof sqlite.prepare
  sqlite.transaction = ((fn: Variant) =>
    timedTransaction(sqlite, transaction(fn), timings)) as typeof sqlite.transaction
}

/** Transaction control, which SQLite's connections run untimed (exec); transactions are timed whole. */
const CONTROL = /^\s*(begin|start|commit|end|rollback|savepoint|release|set)\b/i

type Answered = (error: unknown, answer?: { command?: string }) => void

/**
 * Makes each connection of a PostgreSQL pool report the time of its statements to `timings`, from
 * sending one to its answer: a read when its command was a SELECT, else a write (a failed one by its
 * first word). Transactions are timed where they run (db/pg-transact.ts).
 */
export function timePgSql(pool: pg.Pool, timings: Pick<SqlTimings, 'statement'>): void {
  pool.on('connect', (client) => {
    const query = client.query as unknown as Variant
    ;(client as unknown as { query: Variant }).query = function (this: unknown, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: unknown } | null)?.text
      if (typeof text !== 'string' || CONTROL.test(text)) return query.apply(this, args)
      const started = performance.now()
      const answered: Answered = (error, answer) => {
        const read = error ? /^\s*select\b/i.test(text) : answer?.command === 'SELECT'
        timings.statement(read ? 'read' : 'write', (performance.now() - started) / 1000)
      }
      // The pool's own query passes a callback; drizzle's and a client's awaited queries get a promise.
      const callback = args.at(-1)
      if (typeof callback === 'function') {
        args[args.length - 1] = function (this: unknown, error: unknown, answer: { command?: string }) {
          answered(error, answer)
          return callback.call(this, error, answer)
        }
      }
      const result = query.apply(this, args)
      if (result instanceof Promise) result.then((answer) => answered(null, answer), answered)
      return result
    }
  })
}
