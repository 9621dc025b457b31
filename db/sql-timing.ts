/**
 * Times the SQL of a better-sqlite3 connection, which has no hooks of its own.
 * The connection's `prepare` and `transaction` are replaced on the instance
 * (what drizzle and our own prepared statements call): every statement's run,
 * get, all and iterate is timed as a read (the statement writes nothing) or a
 * write, and every outermost transaction from its BEGIN to its COMMIT or
 * ROLLBACK. Measured cost: see docs/decisions/0033-metrics.md.
 */
import type Database from 'better-sqlite3'

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
