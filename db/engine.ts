/**
 * The engine the process's data lives on: PostgreSQL when `DATABASE_URL` names a PostgreSQL
 * database, otherwise the SQLite file (`DATABASE_PATH`). A process runs on one engine: the tables the
 * licensing API builds its SQL from (db/tables.ts) are chosen from it when the process starts.
 */
export type Engine = 'sqlite' | 'postgres'

/** A `postgres://` or `postgresql://` address, or null for anything else (the SQLite file is used). */
export function postgresUrl(value: string | undefined): string | null {
  return value && /^postgres(ql)?:\/\//.test(value) ? value : null
}

export function engineOf(env: Record<string, string | undefined>): Engine {
  return postgresUrl(env.DATABASE_URL) ? 'postgres' : 'sqlite'
}

/** This process's engine. */
export const ENGINE: Engine = engineOf(process.env)
