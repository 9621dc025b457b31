/**
 * Each function of db/dialect.ts, run on both engines: the SQL it writes for SQLite (in memory) and
 * for PostgreSQL (a database of the test server) answers the same values over the same rows.
 */
import { sql, type SQL } from 'drizzle-orm'
import { integer as pgInteger, bigint, doublePrecision, jsonb, pgTable, text as pgText } from 'drizzle-orm/pg-core'
import { integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeDatabase, openDb, type Db } from './client'
import {
  always,
  asText,
  daysFromTo,
  asFlag,
  greatest,
  jsonArrayOf,
  jsonValueWhere,
  julianDay,
  least,
  likePattern,
  matchesText,
  never,
  orderTerm,
  recursionLimit,
  roundTo,
  truncated,
  utcDateTime,
  type TextMatch,
} from './dialect'
import type { Engine } from './engine'
import { openPg } from './pg-client'
import { rawAll, rawRun } from './raw'
import { newPgDatabase } from '../tests/support/postgres-server'

const ENGINES: Engine[] = ['sqlite', 'postgres']

/** One row per case: a whole number, a double, two days, a text and a JSON text. */
const tables = {
  sqlite: sqliteTable('samples', {
    id: integer('id'),
    n: integer('n'),
    x: real('x'),
    day: text('day'),
    later: text('later'),
    s: text('s'),
    json: text('json'),
  }),
  postgres: pgTable('samples', {
    id: pgInteger('id'),
    n: bigint('n', { mode: 'number' }),
    x: doublePrecision('x'),
    day: pgText('day'),
    later: pgText('later'),
    s: pgText('s'),
    json: pgText('json'),
    /** On PostgreSQL, JSON columns are jsonb: the same JSON as `json`. */
    doc: jsonb('doc'),
  }),
}
type Samples = (typeof tables)['sqlite']

const CREATE: Record<Engine, string> = {
  sqlite: 'CREATE TABLE samples (id INTEGER, n INTEGER, x REAL, day TEXT, later TEXT, s TEXT, json TEXT)',
  postgres:
    'CREATE TABLE samples (id integer, n bigint, x double precision, day text, later text, s text, json text, doc jsonb)',
}

type Row = [number | null, number | null, string | null, string | null, string | null, string | null]
const ROWS: Row[] = [
  [5, 2.7, '2024-02-28', '2024-03-01', 'Alpha', '["red","blue"]'],
  [10, -2.7, '2023-12-31', '2024-01-01', 'alpha beta', '["Green"]'],
  [250, 2.5, '2024-03-01', '2024-02-28', 'a*b?c[d]', '[]'],
  [-1500, 0.015, '1970-01-01', '2000-02-29', '100% x_y', 'not json'],
  [1700000000999, 3, '2000-02-29', '2030-07-15', 'back\\slash', null],
  [null, null, null, null, null, '{"colour":"red"}'],
  [0, 0.125, '1999-12-31', '1999-12-31', 'héllo €', '"red"'],
  [253402300799999, 1e300, '2024-01-01', '2023-01-01', 'Zeta', '[1,2,"2"]'],
]

const dbs = {} as Record<Engine, Db>

beforeAll(async () => {
  dbs.sqlite = openDb(':memory:')
  dbs.postgres = (await openPg(await newPgDatabase('dialect'), { max: 2 })) as unknown as Db
  for (const engine of ENGINES) {
    await rawRun(dbs[engine], sql.raw(CREATE[engine]))
    for (const [i, [n, x, day, later, s, json]] of ROWS.entries()) {
      const doc = engine === 'postgres' ? sql`, jsonb_or_null(${json})` : sql``
      const columns = engine === 'postgres' ? sql.raw(', doc') : sql``
      await rawRun(
        dbs[engine],
        sql`INSERT INTO samples (id, n, x, day, later, s, json${columns}) VALUES (${i + 1}, ${n}, ${x}, ${day}, ${later}, ${s}, ${json}${doc})`,
      )
    }
  }
})

afterAll(async () => {
  for (const engine of ENGINES) if (dbs[engine]) await closeDatabase(dbs[engine])
})

/** The value of `expr` (over the sample row `t`) for each row, in id order; `where` keeps some rows. */
async function valuesOf(
  engine: Engine,
  expr: (t: Samples) => SQL,
  where: (t: Samples) => SQL = () => always(engine),
): Promise<unknown[]> {
  const t = tables[engine] as unknown as Samples
  const rows = await rawAll<{ v: unknown }>(
    dbs[engine],
    sql`SELECT ${expr(t)} AS v FROM samples WHERE ${where(t)} ORDER BY id`,
  )
  return rows.map((r) => r.v)
}

/** The ids of the rows `condition` keeps. */
async function idsWhere(engine: Engine, condition: (t: Samples) => SQL): Promise<number[]> {
  return (await valuesOf(engine, (t) => sql`${t.id}`, condition)) as number[]
}

const rowsWith = (t: Samples, column: 'n' | 'x' | 'day') => sql`${t[column]} IS NOT NULL`

describe.each(ENGINES)('on %s', (engine) => {
  it('greatest and least of two values', async () => {
    expect(
      await valuesOf(
        engine,
        (t) => greatest(t.n, sql`8`, engine),
        (t) => rowsWith(t, 'n'),
      ),
    ).toEqual([8, 10, 250, 8, 1700000000999, 8, 253402300799999])
    expect(
      await valuesOf(
        engine,
        (t) => least(t.x, sql`1`, engine),
        (t) => rowsWith(t, 'x'),
      ),
    ).toEqual([1, -2.7, 1, 0.015, 1, 0.125, 1])
  })

  it('whole days between two days, and the Julian day number of a day', async () => {
    expect(
      await valuesOf(
        engine,
        (t) => daysFromTo(t.day, t.later, engine),
        (t) => rowsWith(t, 'day'),
      ),
    ).toEqual([2, 1, -2, 11016, 11094, 0, -365])
    expect(
      await valuesOf(
        engine,
        (t) => daysFromTo(sql`${'2024-03-01'}`, t.day, engine),
        (t) => rowsWith(t, 'day'),
      ),
    ).toEqual([-2, -61, 0, -19783, -8767, -8827, -60])
    expect(
      await valuesOf(
        engine,
        (t) => julianDay(t.day, engine),
        (t) => rowsWith(t, 'day'),
      ),
    ).toEqual([2460368.5, 2460309.5, 2460370.5, 2440587.5, 2451603.5, 2451543.5, 2460310.5])
  })

  it('the UTC date and time of epoch milliseconds, to the whole second (toward zero)', async () => {
    expect(
      await valuesOf(
        engine,
        (t) => utcDateTime(t.n, engine),
        (t) => rowsWith(t, 'n'),
      ),
    ).toEqual([
      '1970-01-01 00:00:00',
      '1970-01-01 00:00:00',
      '1970-01-01 00:00:00',
      '1969-12-31 23:59:59',
      '2023-11-14 22:13:20',
      '1970-01-01 00:00:00',
      '9999-12-31 23:59:59',
    ])
  })

  it("rounds as SQLite's round: half away from zero, from the double's binary value", async () => {
    expect(
      await valuesOf(
        engine,
        (t) => roundTo(t.x, 2, engine),
        (t) => rowsWith(t, 'x'),
      ),
    ).toEqual([2.7, -2.7, 2.5, 0.01, 3, 0.13, 1e300])
    const cases = sql.raw(
      `(VALUES (1, 0.015), (2, 0.025), (3, 2.675), (4, 1.005), (5, -0.015), (6, -0.001), (7, 0.15), (8, 0.35),
        (9, 123.456), (10, 4503599627370497), (11, 5e-324), (12, 1e-7), (13, 0.994999999999999), (14, 99.995))`,
    )
    const rounded = async (digits: number) =>
      (
        await rawAll<{ v: number }>(
          dbs[engine],
          sql`SELECT ${roundTo(sql`CAST(column2 AS ${sql.raw(engine === 'postgres' ? 'double precision' : 'REAL')})`, digits, engine)} AS v FROM ${cases} AS c ORDER BY column1`,
        )
      ).map((r) => r.v)
    expect(await rounded(2)).toEqual([
      0.01, 0.03, 2.67, 1, -0.01, -0, 0.15, 0.35, 123.46, 4503599627370497, 0, 0, 0.99, 100,
    ])
    expect(await rounded(1)).toEqual([0, 0, 2.7, 1, -0, -0, 0.1, 0.3, 123.5, 4503599627370497, 0, 0, 1, 100])
    expect(() => roundTo(sql`1`, 0, engine)).toThrow(RangeError)
  })

  it('an integer from a double, its fraction dropped toward zero', async () => {
    expect(
      await valuesOf(
        engine,
        (t) => truncated(t.x, engine),
        (t) => sql`${rowsWith(t, 'x')} AND ${t.id} < 8`,
      ),
    ).toEqual([2, -2, 2, 0, 3, 0])
  })

  it('a condition as 1, 0 or NULL', async () => {
    expect(await valuesOf(engine, (t) => asFlag(sql`${t.n} > 100`, engine))).toEqual([0, 0, 1, 0, 1, null, 0, 1])
    expect(await valuesOf(engine, (t) => asFlag(sql`(${t.n} IS NULL)`, engine))).toEqual([0, 0, 0, 0, 0, 1, 0, 0])
  })

  it('conditions for every row and for none', async () => {
    expect(await idsWhere(engine, () => always(engine))).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(await idsWhere(engine, () => never(engine))).toEqual([])
    expect(await idsWhere(engine, (t) => sql`(${never(engine)}) IS NOT TRUE AND ${t.id} < 3`)).toEqual([1, 2])
  })

  it('a number as text, where text is expected', async () => {
    expect(await valuesOf(engine, (t) => sql`substr(${asText(t.n, engine)}, 1, 2)`)).toEqual([
      '5',
      '10',
      '25',
      '-1',
      '17',
      null,
      '0',
      '25',
    ])
    expect(await idsWhere(engine, (t) => sql`${asText(t.n, engine)} <> ''`)).toEqual([1, 2, 3, 4, 5, 7, 8])
  })

  it('matches text with case, its wildcards taken as they are', async () => {
    const matching = (match: TextMatch, column: 's' | 'n' = 's') =>
      idsWhere(engine, (t) => matchesText(t[column], match, engine))
    expect(await matching({ value: 'lpha', head: true, tail: true })).toEqual([1, 2])
    expect(await matching({ value: 'alpha', head: false, tail: true })).toEqual([2])
    expect(await matching({ value: 'Alpha', head: false, tail: false })).toEqual([1])
    expect(await matching({ value: 'beta', head: true, tail: false })).toEqual([2])
    expect(await matching({ value: '*b?c[', head: true, tail: true })).toEqual([3])
    expect(await matching({ value: '% x_', head: true, tail: true })).toEqual([4])
    expect(await matching({ value: '_', head: true, tail: true })).toEqual([4])
    expect(await matching({ value: 'k\\s', head: true, tail: true })).toEqual([5])
    expect(await matching({ value: '25', head: false, tail: true }, 'n')).toEqual([3, 8])
  })

  it('matches text without case through lower() LIKE and the escaped pattern', async () => {
    const matching = (match: TextMatch) =>
      idsWhere(engine, (t) => sql`lower(${asText(t.s, engine)}) LIKE lower(${likePattern(match)}) ESCAPE '\\'`)
    expect(await matching({ value: 'ALPHA', head: false, tail: true })).toEqual([1, 2])
    expect(await matching({ value: '%', head: true, tail: true })).toEqual([4])
    expect(await matching({ value: 'K\\S', head: true, tail: true })).toEqual([5])
  })

  it('finds a value in a JSON array, among an object’s values or as the JSON itself', async () => {
    const found = (test: (value: SQL) => SQL, column: 'json' | 'doc' = 'json') =>
      idsWhere(engine, (t) => jsonValueWhere((t as unknown as Record<string, SQL>)[column], test, engine))
    expect(await found((v) => sql`${v} = ${'red'}`)).toEqual([1, 6, 7])
    expect(await found((v) => sql`lower(${v}) = lower(${'GREEN'})`)).toEqual([2])
    expect(await found((v) => sql`${v} = ${2}`)).toEqual([8])
    if (engine === 'postgres') expect(await found((v) => sql`${v} = ${'red'}`, 'doc')).toEqual([1, 6, 7])
  })

  it('the values of rows as a JSON array', async () => {
    const array = async (where: SQL) =>
      (
        await rawAll<{ v: string }>(
          dbs[engine],
          sql`SELECT ${jsonArrayOf(sql`s`, engine)} AS v FROM samples WHERE ${where}`,
        )
      )[0].v
    expect((JSON.parse(await array(sql`id < 3`)) as string[]).sort()).toEqual(['Alpha', 'alpha beta'])
    expect(JSON.parse(await array(sql`id = 6`))).toEqual([null])
    expect(await array(never(engine))).toBe('[]')
  })

  it('orders NULL first ascending and last descending', async () => {
    const ordered = async (descending: boolean) =>
      (
        await rawAll<{ id: number }>(
          dbs[engine],
          sql`SELECT id FROM samples ORDER BY ${orderTerm(sql`n`, descending, engine)}, ${orderTerm(sql`id`, descending, engine)}`,
        )
      ).map((r) => r.id)
    expect(await ordered(false)).toEqual([6, 4, 7, 1, 2, 3, 5, 8])
    expect(await ordered(true)).toEqual([8, 5, 3, 2, 1, 7, 4, 6])
  })

  it('limits the rows of a recursive query', async () => {
    const distinct = async (limit: number) => {
      const { inside, outside } = recursionLimit(limit + 2, engine)
      const rows = await rawAll<{ v: number }>(
        dbs[engine],
        sql`WITH RECURSIVE found(v) AS (
          SELECT (SELECT min(id) FROM samples)
          UNION ALL
          SELECT (SELECT min(id) FROM samples WHERE id > found.v) FROM found WHERE found.v IS NOT NULL${inside}
        ) SELECT v FROM found WHERE v IS NOT NULL${outside}`,
      )
      return rows.map((r) => r.v)
    }
    expect(await distinct(3)).toEqual([1, 2, 3, 4, 5])
    expect(await distinct(20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
  })

  it('null-safe inequality and the byte length of text, written alike on both', async () => {
    expect(await idsWhere(engine, (t) => sql`${t.n} IS DISTINCT FROM ${10}`)).toEqual([1, 3, 4, 5, 6, 7, 8])
    expect(
      await valuesOf(
        engine,
        (t) => sql`octet_length(${t.s})`,
        (t) => sql`${t.id} = 7`,
      ),
    ).toEqual([10])
  })
})

describe('rounding on PostgreSQL agrees with SQLite', () => {
  /** SELECT of `expr` over `count` rows of i = 0, 1, …, in order. */
  const series = async (engine: Engine, count: number, expr: (i: SQL) => SQL) =>
    (
      await rawAll<{ v: number }>(
        dbs[engine],
        sql`WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i < ${sql.raw(String(count - 1))})
          SELECT ${expr(sql`i`)} AS v FROM s ORDER BY i`,
      )
    ).map((r) => r.v)

  it('for hours to four decimals (every tie at two), and minutes of whole seconds (every tie at one)', async () => {
    const real = (engine: Engine) => sql.raw(engine === 'postgres' ? 'double precision' : 'REAL')
    const hours = (engine: Engine) =>
      series(engine, 20000, (i) => roundTo(sql`CAST(${i} AS ${real(engine)}) / 10000`, 2, engine))
    const minutes = (engine: Engine) =>
      series(engine, 20000, (i) =>
        roundTo(
          sql`CAST(${i} * 1000 AS ${sql.raw(engine === 'postgres' ? 'bigint' : 'INTEGER')}) / 60000.0`,
          1,
          engine,
        ),
      )
    const [sqliteHours, pgHours] = [await hours('sqlite'), await hours('postgres')]
    expect(pgHours).toEqual(sqliteHours)
    expect(sqliteHours.filter((h, i) => h !== Math.round((i / 10000) * 100) / 100).length).toBeGreaterThan(0)
    expect(await minutes('postgres')).toEqual(await minutes('sqlite'))
  })
})

describe('numbers PostgreSQL answers as NUMERIC', () => {
  it('come back as JavaScript numbers: a sum of bigints and a rounded numeric', async () => {
    const [row] = await rawAll<{ total: unknown; rounded: unknown }>(
      dbs.postgres,
      sql`SELECT sum(n) AS total, round(CAST(2.675 AS numeric), 2) AS rounded FROM samples WHERE id < 4`,
    )
    expect(row).toEqual({ total: 265, rounded: 2.68 })
  })
})

describe('an order by a NOT NULL column on PostgreSQL', () => {
  it('is read from its index, backwards too, with no sort', async () => {
    const ordered = pgTable('ordered', { a: pgInteger('a').notNull() })
    await rawRun(dbs.postgres, sql`CREATE TABLE ordered (a integer NOT NULL)`)
    await rawRun(dbs.postgres, sql`CREATE INDEX ordered_a_idx ON ordered (a)`)
    await rawRun(dbs.postgres, sql`INSERT INTO ordered (a) SELECT i FROM generate_series(1, 5000) AS i`)
    await rawRun(dbs.postgres, sql`ANALYZE ordered`)
    const plan = async (descending: boolean) =>
      (
        await rawAll<{ 'QUERY PLAN': string }>(
          dbs.postgres,
          sql`EXPLAIN SELECT a FROM ordered ORDER BY ${orderTerm(ordered.a, descending, 'postgres')} LIMIT 3`,
        )
      )
        .map((r) => r['QUERY PLAN'])
        .join('\n')
    for (const descending of [false, true]) {
      expect(await plan(descending)).toMatch(/Index Only Scan (Backward )?using ordered_a_idx/)
      expect(await plan(descending)).not.toMatch(/Sort/)
    }
    expect(await plan(true)).toMatch(/Backward/)
  })
})
