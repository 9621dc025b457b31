/**
 * SQL written as text that SQLite and PostgreSQL spell differently, with the same results on both.
 * Each function returns the SQL of the process's engine (db/engine.ts); the engine is an argument
 * so the tests can ask for both (db/dialect.test.ts runs each on both engines). SQLite's text is the
 * one the API wrote before PostgreSQL, so its plans do not change.
 */
import { Column, is, SQL, sql } from 'drizzle-orm'
import { ENGINE, type Engine } from './engine'

type Operand = SQL | Column

const pg = (engine: Engine) => engine === 'postgres'

/**
 * SQL as the template writes it, with each operand's own SQL written in its place rather than
 * nested: drizzle leaves a column unqualified in a one-table select only at the top of a field's
 * SQL, so an expression moved into a function here keeps the text it had.
 */
function inPlace<T = unknown>(strings: TemplateStringsArray, ...operands: unknown[]): SQL<T> {
  const chunks = sql(strings, ...operands).queryChunks
  return new SQL<T>(chunks.flatMap((chunk) => (is(chunk, SQL) ? chunk.queryChunks : [chunk])))
}

/** The larger of two values (SQLite's two-argument max). Neither may be NULL: PostgreSQL's greatest ignores a NULL. */
export function greatest(a: Operand, b: Operand, engine: Engine = ENGINE): SQL<number> {
  return pg(engine) ? inPlace<number>`greatest(${a}, ${b})` : inPlace<number>`max(${a}, ${b})`
}

/** The smaller of two values (SQLite's two-argument min). Neither may be NULL, as for `greatest`. */
export function least(a: Operand, b: Operand, engine: Engine = ENGINE): SQL<number> {
  return pg(engine) ? inPlace<number>`least(${a}, ${b})` : inPlace<number>`min(${a}, ${b})`
}

/** Whole days from `from` to `to`, two 'YYYY-MM-DD' texts (negative when `to` is earlier). */
export function daysFromTo(from: Operand, to: Operand, engine: Engine = ENGINE): SQL<number> {
  return pg(engine)
    ? inPlace<number>`(CAST(${to} AS date) - CAST(${from} AS date))`
    : inPlace<number>`CAST(round(julianday(${to}) - julianday(${from})) AS INTEGER)`
}

/** The Julian day number of a 'YYYY-MM-DD' text (its midnight UTC), as SQLite's julianday. */
export function julianDay(day: Operand, engine: Engine = ENGINE): SQL<number> {
  return pg(engine)
    ? inPlace<number>`(CAST(${day} AS date) - DATE '1970-01-01' + 2440587.5)`
    : inPlace<number>`julianday(${day})`
}

/** 'YYYY-MM-DD HH:MM:SS' (UTC) of a time in epoch milliseconds, its fraction of a second dropped. */
export function utcDateTime(ms: Operand, engine: Engine = ENGINE): SQL<string> {
  // An integer divided by 1000 is the whole seconds on both engines (truncated toward zero).
  return pg(engine)
    ? inPlace<string>`to_char(to_timestamp(${ms} / 1000) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')`
    : inPlace<string>`strftime('%Y-%m-%d %H:%M:%S', ${ms} / 1000, 'unixepoch')`
}

/**
 * `value` rounded to `digits` decimals (1 or more), half away from zero, as SQLite's round: from the
 * double's exact binary value (0.015 is a little less, so 0.01). PostgreSQL's round(numeric) would
 * round its 15-digit decimal (0.015, so 0.02); round_double (migration 0002_sql_functions) rounds as SQLite.
 */
export function roundTo(value: Operand, digits: number, engine: Engine = ENGINE): SQL<number> {
  if (!Number.isInteger(digits) || digits < 1) throw new RangeError(`digits must be a whole number from 1: ${digits}`)
  const n = sql.raw(String(digits))
  return pg(engine) ? inPlace<number>`round_double(${value}, ${n})` : inPlace<number>`round(${value}, ${n})`
}

/** An integer from a number, its fraction dropped (toward zero), as SQLite's CAST AS INTEGER; PostgreSQL's rounds. */
export function truncated(value: Operand, engine: Engine = ENGINE): SQL<number> {
  return pg(engine) ? inPlace<number>`CAST(trunc(${value}) AS bigint)` : inPlace<number>`CAST(${value} AS INTEGER)`
}

/**
 * A condition selected as a value: 1, 0 or NULL on both engines (PostgreSQL's own answer is a boolean,
 * which would reach JavaScript as true or false).
 */
export function asFlag(condition: SQL, engine: Engine = ENGINE): SQL<number> {
  return pg(engine) ? inPlace<number>`CAST(${condition} AS integer)` : (condition as SQL<number>)
}

/** A condition that holds for every row (a WHERE of integers is SQLite's; PostgreSQL's takes a boolean). */
export function always(engine: Engine = ENGINE): SQL {
  return pg(engine) ? sql`true` : sql`1`
}

/** A condition that holds for no row. */
export function never(engine: Engine = ENGINE): SQL {
  return pg(engine) ? sql`false` : sql`0`
}

/**
 * A value as text where text is expected (LIKE, lower, substr, comparing with ''): SQLite converts a
 * number itself, PostgreSQL wants the cast (a no-op on text).
 */
export function asText(value: Operand, engine: Engine = ENGINE): SQL {
  if (pg(engine)) return sql`CAST(${value} AS TEXT)`
  return is(value, SQL) ? value : sql`${value}`
}

/** What a text match looks for: `value` at the start (unless `head`, anything before it) and end (unless `tail`). */
export interface TextMatch {
  value: string
  /** Anything may come before the value. */
  head: boolean
  /** Anything may come after the value. */
  tail: boolean
}

/** A LIKE pattern of the match, its %, _ and \ escaped (for `LIKE pattern ESCAPE '\'`). */
export function likePattern({ value, head, tail }: TextMatch): string {
  const escaped = value.replace(/[\\%_]/g, (ch) => `\\${ch}`)
  return `${head ? '%' : ''}${escaped}${tail ? '%' : ''}`
}

/**
 * A case-sensitive match of text. SQLite's LIKE ignores ASCII case, so it uses GLOB; PostgreSQL's LIKE
 * keeps case.
 */
export function matchesText(text: Operand, match: TextMatch, engine: Engine = ENGINE): SQL {
  if (pg(engine)) return sql`${asText(text, engine)} LIKE ${likePattern(match)} ESCAPE '\\'`
  const escaped = match.value.replace(/[*?[]/g, (ch) => `[${ch}]`)
  return sql`${text} GLOB ${`${match.head ? '*' : ''}${escaped}${match.tail ? '*' : ''}`}`
}

const isJsonb = (value: Operand) => is(value, Column) && value.getSQLType() === 'jsonb'

/**
 * Whether a value of the JSON text in `json` passes `test` (given the value's SQL): an element of an
 * array, a member's value of an object, or the JSON itself when it is neither; never when it is no JSON.
 * Values are compared as SQLite's json_each gives them: text unquoted, numbers as numbers (on
 * PostgreSQL as their JSON text, so 1.50 is not 1.5 there, and true is 'true', not 1).
 */
export function jsonValueWhere(json: Operand, test: (value: SQL) => SQL, engine: Engine = ENGINE): SQL {
  if (!pg(engine)) {
    return sql`EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid(${json}) THEN ${json} END) WHERE ${test(sql`value`)})`
  }
  const doc = isJsonb(json) ? sql`${json}` : sql`jsonb_or_null(CAST(${json} AS TEXT))`
  return sql`EXISTS (SELECT 1 FROM (SELECT ${doc} AS j) AS doc,
    jsonb_path_query(doc.j, CAST(CASE WHEN jsonb_typeof(doc.j) = 'object' THEN '$.*' ELSE '$[*]' END AS jsonpath)) AS e(item)
    WHERE ${test(sql`(e.item #>> '{}')`)})`
}

/**
 * The values of a query's rows as the text of a JSON array ('[]' for none), in no particular order.
 * PostgreSQL's text spaces the array's items out (["a", "b"]); it reads as the same JSON.
 */
export function jsonArrayOf(value: SQL, engine: Engine = ENGINE): SQL<string> {
  return pg(engine)
    ? inPlace<string>`coalesce(CAST(json_agg(${value}) AS TEXT), '[]')`
    : inPlace<string>`json_group_array(${value})`
}

/**
 * One term of an ORDER BY with SQLite's place for NULL: before every value ascending, after every
 * value descending. (PostgreSQL's own is the opposite.) A NOT NULL column needs no place for NULL,
 * and without one PostgreSQL can read it in order from an index, backwards too.
 */
export function orderTerm(value: Operand, descending: boolean, engine: Engine = ENGINE): SQL {
  const nullable = !(is(value, Column) && value.notNull)
  if (pg(engine) && nullable) return descending ? sql`${value} desc nulls last` : sql`${value} asc nulls first`
  return descending ? sql`${value} desc` : sql`${value} asc`
}

/**
 * The limit of a recursive query's rows. SQLite's LIMIT on the recursive SELECT stops the recursion;
 * PostgreSQL has no LIMIT there, but evaluates a recursive query only as far as its rows are read, so
 * the limit goes on the SELECT that reads them. Place `inside` after the recursive SELECT and
 * `outside` after the one that reads the rows.
 */
export function recursionLimit(rows: number, engine: Engine = ENGINE): { inside: SQL; outside: SQL } {
  return pg(engine) ? { inside: sql``, outside: sql` LIMIT ${rows}` } : { inside: sql` LIMIT ${rows}`, outside: sql`` }
}
