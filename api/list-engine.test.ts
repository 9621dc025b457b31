import { beforeAll, afterAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { SQLiteSyncDialect, sqliteTable, text, integer } from 'drizzle-orm/sqlite-core'
import Database from 'better-sqlite3'
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3'
import {
  buildCriterion,
  buildOrderBy,
  buildWhere,
  decodeToken,
  encodeToken,
  listCount,
  listDistinct,
  listPage,
  ListError,
  type ListSource,
} from './list-engine'
import { filterSchema, pageRequestSchema, type Criterion } from './contract/list-requests'

const items = sqliteTable('items', {
  id: integer('id').primaryKey(),
  name: text('name'),
  qty: integer('qty'),
  tags: text('tags'),
  created: text('created'),
})

const columns = {
  Id: items.id,
  Name: items.name,
  Qty: items.qty,
  Tags: items.tags,
  Created: items.created,
}

const dialect = new SQLiteSyncDialect()
const render = (c: Partial<Criterion> & { name: string; method: string }) =>
  dialect.sqlToQuery(buildCriterion(c as Criterion, columns))

const N = '"items"."name"'
const Q = '"items"."qty"'
const C = '"items"."created"'

describe('buildCriterion: SQL text and bound params per method', () => {
  it('CONTAINS / STARTSWITH / ENDSWITH are case-sensitive GLOB with escaped wildcards', () => {
    expect(render({ name: 'Name', method: 'CONTAINS', value: 'a*b' })).toMatchObject({
      sql: `${N} GLOB ?`,
      params: ['*a[*]b*'],
    })
    expect(render({ name: 'Name', method: 'STARTSWITH', value: 'x?[' }).params).toEqual(['x[?][[]*'])
    expect(render({ name: 'Name', method: 'ENDSWITH', value: 'z' }).params).toEqual(['*z'])
  })

  it('casefold text methods use lower() LIKE with %, _ and \\ escaped', () => {
    expect(render({ name: 'Name', method: 'CONTAINS', value: '50%_a\\b', casefold: true })).toMatchObject({
      sql: `lower(${N}) LIKE lower(?) ESCAPE '\\'`,
      params: ['%50\\%\\_a\\\\b%'],
    })
    expect(render({ name: 'Name', method: 'STARTSWITH', value: 'Ac', casefold: true }).params).toEqual(['Ac%'])
    expect(render({ name: 'Name', method: 'ENDSWITH', value: 'Ac', casefold: true }).params).toEqual(['%Ac'])
  })

  it('ARRAY_CONTAINS looks inside a JSON array', () => {
    expect(render({ name: 'Tags', method: 'ARRAY_CONTAINS', value: 'red' })).toMatchObject({
      sql: 'EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid("items"."tags") THEN "items"."tags" END) WHERE value = ?)',
      params: ['red'],
    })
    expect(render({ name: 'Tags', method: 'ARRAY_CONTAINS', value: 'Red', casefold: true }).sql).toContain(
      'WHERE lower(value) = lower(?)',
    )
  })

  it('EQUALS and NOT EQUAL (null means IS NULL)', () => {
    expect(render({ name: 'Qty', method: 'EQUALS', value: 3 })).toMatchObject({ sql: `${Q} = ?`, params: [3] })
    expect(render({ name: 'Qty', method: 'EQUALS', value: true }).params).toEqual([1])
    expect(render({ name: 'Qty', method: 'EQUALS', value: null })).toMatchObject({ sql: `${Q} IS NULL`, params: [] })
    expect(render({ name: 'Qty', method: 'NOT EQUAL', value: 3 })).toMatchObject({
      sql: `${Q} IS DISTINCT FROM ?`,
      params: [3],
    })
    expect(render({ name: 'Qty', method: 'not equal', value: null }).sql).toBe(`${Q} IS NOT NULL`)
  })

  it('comparisons, BEFORE and AFTER', () => {
    expect(render({ name: 'Qty', method: '>', value: 1 })).toMatchObject({ sql: `${Q} > ?`, params: [1] })
    expect(render({ name: 'Qty', method: '<', value: 1 }).sql).toBe(`${Q} < ?`)
    expect(render({ name: 'Qty', method: '>=', value: 1 }).sql).toBe(`${Q} >= ?`)
    expect(render({ name: 'Qty', method: '<=', value: 1 }).sql).toBe(`${Q} <= ?`)
    expect(render({ name: 'Created', method: 'BEFORE', value: '2024-01-01' })).toMatchObject({
      sql: `${C} < ?`,
      params: ['2024-01-01'],
    })
    expect(render({ name: 'Created', method: 'AFTER', value: '2024-01-01' }).sql).toBe(`${C} > ?`)
  })

  it('INRANGE, RANGE and DATERANGE are inclusive, with open ends allowed', () => {
    for (const method of ['INRANGE', 'RANGE', 'DATERANGE']) {
      expect(render({ name: 'Qty', method, value: [1, 5] })).toMatchObject({
        sql: `${Q} BETWEEN ? AND ?`,
        params: [1, 5],
      })
    }
    expect(render({ name: 'Qty', method: 'RANGE', value: [null, 5] })).toMatchObject({ sql: `${Q} <= ?`, params: [5] })
    expect(render({ name: 'Qty', method: 'RANGE', value: [1, null] })).toMatchObject({ sql: `${Q} >= ?`, params: [1] })
  })

  it('ISDEFINED means not null and not empty', () => {
    expect(render({ name: 'Name', method: 'ISDEFINED' })).toMatchObject({
      sql: `(${N} IS NOT NULL AND ${N} <> '')`,
      params: [],
    })
  })

  it('BEFOREDAY, AFTERDAY and DAYRANGE compare the first 10 characters', () => {
    expect(render({ name: 'Created', method: 'BEFOREDAY', value: '2024-03-05T10:00:00Z' })).toMatchObject({
      sql: `substr(${C}, 1, 10) < ?`,
      params: ['2024-03-05'],
    })
    expect(render({ name: 'Created', method: 'AFTERDAY', value: '2024-03-05 23:59' })).toMatchObject({
      sql: `substr(${C}, 1, 10) > ?`,
      params: ['2024-03-05'],
    })
    expect(
      render({ name: 'Created', method: 'DAYRANGE', value: ['2024-03-01 00:00', '2024-03-31 23:59'] }),
    ).toMatchObject({
      sql: `substr(${C}, 1, 10) BETWEEN ? AND ?`,
      params: ['2024-03-01', '2024-03-31'],
    })
  })

  it('not, casefold and tostring', () => {
    expect(render({ name: 'Name', method: 'EQUALS', value: 'a', not: true })).toMatchObject({
      sql: `(${N} = ?) IS NOT TRUE`,
      params: ['a'],
    })
    expect(render({ name: 'Name', method: 'EQUALS', value: 'A', casefold: true }).sql).toBe(`lower(${N}) = lower(?)`)
    expect(render({ name: 'Qty', method: 'STARTSWITH', value: '12', tostring: true }).sql).toBe(
      `CAST(${Q} AS TEXT) GLOB ?`,
    )
    expect(render({ name: 'Qty', method: '>=', value: '1', tostring: true, casefold: true }).sql).toBe(
      `lower(CAST(${Q} AS TEXT)) >= lower(?)`,
    )
  })

  it('IN binds every value and honours casefold, tostring and not', () => {
    expect(render({ name: 'Name', method: 'IN', value: ['a', 'b', 3] })).toMatchObject({
      sql: `${N} IN (?, ?, ?)`,
      params: ['a', 'b', 3],
    })
    expect(render({ name: 'Name', method: 'in', value: ['A', 'b'], casefold: true })).toMatchObject({
      sql: `lower(${N}) IN (lower(?), lower(?))`,
      params: ['A', 'b'],
    })
    expect(render({ name: 'Qty', method: 'IN', value: ['1'], tostring: true }).sql).toBe(`CAST(${Q} AS TEXT) IN (?)`)
    expect(render({ name: 'Name', method: 'IN', value: ['a'], not: true })).toMatchObject({
      sql: `(${N} IN (?)) IS NOT TRUE`,
      params: ['a'],
    })
  })

  it('IN with an empty list matches nothing, and with not everything', () => {
    expect(render({ name: 'Name', method: 'IN', value: [] })).toMatchObject({ sql: '0', params: [] })
    expect(render({ name: 'Name', method: 'IN', value: [], not: true }).sql).toBe('(0) IS NOT TRUE')
  })

  it('IN refuses a value that is not a list of texts or numbers, and more than 500 values', () => {
    expect(() => render({ name: 'Name', method: 'IN', value: 'a' })).toThrow(/IN needs a list of texts or numbers/)
    expect(() => render({ name: 'Name', method: 'IN', value: [{ a: 1 }] })).toThrow(ListError)
    expect(() => render({ name: 'Name', method: 'IN', value: [null] })).toThrow(ListError)
    expect(() => render({ name: 'Name', method: 'IN', value: ['x'.repeat(1001)] })).toThrow(/too long/)
    const many = Array.from({ length: 501 }, (_, i) => `v${i}`)
    expect(() => render({ name: 'Name', method: 'IN', value: many })).toThrow(/at most 500 values/)
    expect(render({ name: 'Name', method: 'IN', value: many.slice(0, 500) }).params).toHaveLength(500)
  })

  it('method names are case-insensitive', () => {
    expect(render({ name: 'Name', method: 'contains', value: 'a', casefold: true }).sql).toContain('LIKE')
  })
})

describe('buildWhere', () => {
  const filter = (condition: string, criteria: unknown[]) => filterSchema.parse({ condition, criteria })

  it('joins ALL with and, ANY with or', () => {
    const all = dialect.sqlToQuery(
      buildWhere(
        filter('ALL', [
          { name: 'Name', method: 'EQUALS', value: 'a' },
          { name: 'Qty', method: '>', value: 2 },
        ]),
        columns,
      )!,
    )
    expect(all).toMatchObject({ sql: `(${N} = ? and ${Q} > ?)`, params: ['a', 2] })
    const any = dialect.sqlToQuery(
      buildWhere(
        filter('any', [
          { name: 'Name', method: 'EQUALS', value: 'a' },
          { name: 'Qty', method: '>', value: 2 },
        ]),
        columns,
      )!,
    )
    expect(any).toMatchObject({ sql: `(${N} = ? or ${Q} > ?)`, params: ['a', 2] })
  })

  it('an empty filter gives no WHERE', () => {
    expect(buildWhere(undefined, columns)).toBeUndefined()
    expect(buildWhere(filter('ALL', []), columns)).toBeUndefined()
  })

  it('rejects unknown columns, unknown methods and wrong value types', () => {
    expect(() => buildWhere(filter('ALL', [{ name: 'password', method: 'EQUALS', value: 'x' }]), columns)).toThrow(
      /Unknown column 'password'/,
    )
    expect(() => buildWhere(filter('ALL', [{ name: 'Name', method: 'LIKE', value: 'x' }]), columns)).toThrow(
      /Unknown filter method 'LIKE'/,
    )
    expect(() => buildWhere(filter('ALL', [{ name: 'Name', method: 'CONTAINS', value: { a: 1 } }]), columns)).toThrow(
      ListError,
    )
    expect(() => buildWhere(filter('ALL', [{ name: 'Qty', method: 'INRANGE', value: 3 }]), columns)).toThrow(
      /value must be a list \[from, to\]/,
    )
    expect(() => buildWhere(filter('ALL', [{ name: 'Qty', method: 'RANGE', value: [null, null] }]), columns)).toThrow(
      /at least one end/,
    )
    expect(() => buildWhere(filter('ALL', [{ name: 'Created', method: 'BEFOREDAY', value: 5 }]), columns)).toThrow(
      /YYYY-MM-DD/,
    )
    expect(() => buildWhere(filter('ALL', [{ name: 'Qty', method: '>', value: Infinity }]), columns)).toThrow(ListError)
  })

  it('does not accept inherited property names as columns', () => {
    expect(() => buildWhere(filter('ALL', [{ name: 'constructor', method: 'EQUALS', value: 'x' }]), columns)).toThrow(
      /Unknown column/,
    )
  })

  it('keeps an injection attempt in the bound params, never in the SQL text', () => {
    const evil = "x' OR 1=1; DROP TABLE items; --"
    const q = dialect.sqlToQuery(
      buildWhere(filter('ALL', [{ name: 'Name', method: 'CONTAINS', value: evil, casefold: true }]), columns)!,
    )
    expect(q.sql).not.toContain('DROP')
    expect(q.sql).not.toContain("'x'")
    expect(q.params).toEqual([`%${evil}%`])
  })
})

describe('filterSchema: IN values are checked with the request', () => {
  const issues = (value: unknown, method = 'IN') =>
    filterSchema
      .safeParse({ criteria: [{ name: 'Name', method, value }] })
      .error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)

  it('accepts a list of texts and numbers, empty included', () => {
    expect(issues(['a', 1])).toBeUndefined()
    expect(issues([])).toBeUndefined()
  })

  it('names the criterion and the problem', () => {
    expect(issues(Array.from({ length: 501 }, () => 'a'))).toEqual(['criteria.0.value: IN takes at most 500 values'])
    expect(issues('a', 'in')).toEqual(['criteria.0.value: IN needs a list of texts or numbers'])
    expect(issues(['ok', { a: 1 }])?.[0]).toMatch(/^criteria\.0\.value\.1: /)
  })

  it('leaves the values of other methods to the engine', () => {
    expect(issues('a', 'EQUALS')).toBeUndefined()
  })
})

describe('buildOrderBy', () => {
  it('uses the default sort when none is given and appends the unique key', () => {
    const terms = buildOrderBy(undefined, columns, [{ name: 'Name', direction: 'desc' }], ['Id'])
    expect(terms.map((t) => dialect.sqlToQuery(t).sql)).toEqual([`${N} desc`, '"items"."id" asc'])
  })
  it('accepts upper-case directions and skips a repeated unique key', () => {
    const terms = buildOrderBy([{ name: 'Id', direction: 'DESC' }], columns, [], ['Id'])
    expect(terms.map((t) => dialect.sqlToQuery(t).sql)).toEqual(['"items"."id" desc'])
  })
  it('rejects unknown sort columns', () => {
    expect(() => buildOrderBy([{ name: 'nope', direction: 'asc' }], columns, [])).toThrow(/Unknown sort column 'nope'/)
  })
})

describe('continuation tokens', () => {
  it('round-trip and refuse tampering or another query', () => {
    const token = encodeToken(200, 'abc')
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeToken(token, 'abc')).toBe(200)
    expect(() => decodeToken(token, 'other')).toThrow(/does not match/)
    expect(() => decodeToken('not-a-token', 'abc')).toThrow(/Invalid continuation token/)
    expect(() => decodeToken(Buffer.from('{"o":-1,"f":"abc"}').toString('base64url'), 'abc')).toThrow(/Invalid/)
  })
})

describe('against a real SQLite database', () => {
  let sqlite: Database.Database
  let db: BetterSQLite3Database
  let source: ListSource

  beforeAll(() => {
    sqlite = new Database(':memory:')
    sqlite.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, qty INTEGER, tags TEXT, created TEXT)')
    const insert = sqlite.prepare('INSERT INTO items VALUES (?, ?, ?, ?, ?)')
    const rows: [number, string | null, number | null, string | null, string | null][] = [
      [1, 'Alpha', 5, '["red","blue"]', '2024-01-10 08:00:00'],
      [2, 'alpha beta', 10, '["Green"]', '2024-01-15 12:30:00'],
      [3, 'Gamma_1', 15, '[]', '2024-02-01 00:00:00'],
      [4, '100% Delta', null, 'not json', '2024-02-01 23:59:59'],
      [5, '', 20, null, null],
      [6, null, 25, '["red"]', '2024-03-01 10:00:00'],
    ]
    for (const r of rows) insert.run(...r)
    for (let i = 7; i <= 250; i++) insert.run(i, `Bulk ${String(i).padStart(3, '0')}`, i, '[]', '2025-01-01 00:00:00')
    db = drizzle(sqlite)
    source = {
      columns,
      fields: { Id: items.id, Name: items.name },
      defaultSort: [{ name: 'Id', direction: 'asc' }],
      uniqueKey: ['Id'],
      query: (fields) => db.select(fields).from(items).$dynamic(),
    }
  })
  afterAll(() => sqlite.close())

  const ids = async (criteria: unknown[], condition = 'ALL') =>
    (
      await listPage<{ Id: number }>(source, pageRequestSchema.parse({ filter: { condition, criteria }, limit: 1000 }))
    ).rows.map((r) => r.Id)

  it('text methods honour case and escape wildcards', async () => {
    expect(await ids([{ name: 'Name', method: 'CONTAINS', value: 'lpha' }])).toEqual([1, 2])
    expect(await ids([{ name: 'Name', method: 'STARTSWITH', value: 'alpha' }])).toEqual([2])
    expect(await ids([{ name: 'Name', method: 'STARTSWITH', value: 'ALPHA', casefold: true }])).toEqual([1, 2])
    expect(await ids([{ name: 'Name', method: 'CONTAINS', value: '_', casefold: true }])).toEqual([3])
    expect(await ids([{ name: 'Name', method: 'CONTAINS', value: '%', casefold: true }])).toEqual([4])
    expect(await ids([{ name: 'Name', method: 'ENDSWITH', value: 'Delta' }])).toEqual([4])
  })

  it('ARRAY_CONTAINS, ISDEFINED, EQUALS null and negation', async () => {
    expect(await ids([{ name: 'Tags', method: 'ARRAY_CONTAINS', value: 'red' }])).toEqual([1, 6])
    expect(await ids([{ name: 'Tags', method: 'ARRAY_CONTAINS', value: 'green', casefold: true }])).toEqual([2])
    expect(
      await ids([
        { name: 'Name', method: 'ISDEFINED' },
        { name: 'Id', method: '<', value: 7 },
      ]),
    ).toEqual([1, 2, 3, 4])
    expect(await ids([{ name: 'Qty', method: 'EQUALS', value: null }])).toEqual([4])
    expect(await ids([{ name: 'Name', method: 'ISDEFINED', not: true }])).toEqual([5, 6])
    expect(
      await ids([
        { name: 'Qty', method: 'NOT EQUAL', value: 5 },
        { name: 'Id', method: '<', value: 7 },
      ]),
    ).toEqual([2, 3, 4, 5, 6])
  })

  it('ranges, dates and days', async () => {
    expect(await ids([{ name: 'Qty', method: 'INRANGE', value: [10, 20] }])).toEqual([
      2, 3, 5, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
    ])
    expect(await ids([{ name: 'Created', method: 'DAYRANGE', value: ['2024-01-15T00:00', '2024-02-01'] }])).toEqual([
      2, 3, 4,
    ])
    expect(await ids([{ name: 'Created', method: 'BEFORE', value: '2024-02-01 00:00:00' }])).toEqual([1, 2])
    expect(
      await ids([
        { name: 'Created', method: 'AFTERDAY', value: '2024-02-01' },
        { name: 'Id', method: '<', value: 7 },
      ]),
    ).toEqual([6])
    expect(await ids([{ name: 'Id', method: 'STARTSWITH', value: '25', tostring: true }])).toEqual([25, 250])
  })

  it('IN, with casefold, not (NULL counts as not in the list) and under ANY', async () => {
    expect(await ids([{ name: 'Name', method: 'IN', value: ['Alpha', 'Gamma_1', 'nope'] }])).toEqual([1, 3])
    expect(await ids([{ name: 'Name', method: 'IN', value: ['ALPHA', 'ALPHA BETA'], casefold: true }])).toEqual([1, 2])
    expect(await ids([{ name: 'Qty', method: 'IN', value: [5, 15] }])).toEqual([1, 3, 15])
    expect(
      await ids([
        { name: 'Name', method: 'IN', value: ['Alpha', ''], not: true },
        { name: 'Id', method: '<', value: 7 },
      ]),
    ).toEqual([2, 3, 4, 6])
    expect(await ids([{ name: 'Name', method: 'IN', value: [] }])).toEqual([])
    expect(
      await ids(
        [
          { name: 'Name', method: 'IN', value: ['Alpha'] },
          { name: 'Qty', method: 'EQUALS', value: 15 },
        ],
        'ANY',
      ),
    ).toEqual([1, 3, 15])
  })

  it('ANY vs ALL', async () => {
    const criteria = [
      { name: 'Name', method: 'EQUALS', value: 'Alpha' },
      { name: 'Qty', method: 'EQUALS', value: 15 },
    ]
    expect(await ids(criteria, 'ANY')).toEqual([1, 3, 15])
    expect(await ids(criteria, 'ALL')).toEqual([])
  })

  it('an injection attempt matches nothing and leaves the table intact', async () => {
    expect(await ids([{ name: 'Name', method: 'EQUALS', value: "x' OR '1'='1" }])).toEqual([])
    expect(await listCount(source, {})).toBe(250)
  })

  it('pages with continuation tokens without gaps or overlaps', async () => {
    const seen: number[] = []
    let token: string | undefined
    let pages = 0
    do {
      const page = await listPage<{ Id: number }>(source, pageRequestSchema.parse({ limit: 100, token }))
      seen.push(...page.rows.map((r) => r.Id))
      token = page.token
      pages++
    } while (token)
    expect(pages).toBe(3)
    expect(seen).toEqual(Array.from({ length: 250 }, (_, i) => i + 1))
  })

  it('sorts and offsets', async () => {
    const page = await listPage<{ Id: number }>(
      source,
      pageRequestSchema.parse({ sorting: [{ name: 'Qty', direction: 'DESC' }], offset: 1, limit: 2 }),
    )
    expect(page.rows.map((r) => r.Id)).toEqual([249, 248])
    expect(page.token).toBeDefined()
  })

  it('counts with a filter', async () => {
    expect(
      await listCount(source, {
        filter: filterSchema.parse({ criteria: [{ name: 'Name', method: 'STARTSWITH', value: 'Bulk' }] }),
      }),
    ).toBe(244)
  })

  it('lists distinct values sorted and refuses too many', async () => {
    const filter = filterSchema.parse({ criteria: [{ name: 'Id', method: '<', value: 7 }] })
    expect(await listDistinct(source, { filter, key: 'Created' })).toEqual([
      '2024-01-10 08:00:00',
      '2024-01-15 12:30:00',
      '2024-02-01 00:00:00',
      '2024-02-01 23:59:59',
      '2024-03-01 10:00:00',
    ])
    expect(await listDistinct(source, { key: 'Created' })).toHaveLength(6)
    await expect(listDistinct(source, { key: 'Id', limit: 10 })).rejects.toThrow('Too many distinct values')
    await expect(listDistinct(source, { key: 'secret' })).rejects.toThrow(/Unknown column/)
  })

  it('works with a scope that restricts rows', async () => {
    const scoped: ListSource = { ...source, scope: sql`${items.id} <= 3` }
    expect(await listCount(scoped, {})).toBe(3)
  })
})

describe('sort columns that differ from filter columns', () => {
  it('sorts by the sort column and filters by the column', async () => {
    const sqlite = new Database(':memory:')
    sqlite.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, qty INTEGER, tags TEXT, created TEXT)')
    const insert = sqlite.prepare('INSERT INTO items (id, created) VALUES (?, ?)')
    insert.run(1, '2024-05-01')
    insert.run(2, null)
    insert.run(3, '2025-01-01')
    const db = drizzle(sqlite)
    const source: ListSource = {
      columns: { Id: items.id, Created: items.created },
      sortColumns: { Created: sql`coalesce(${items.created}, '9999-12-31')` },
      defaultSort: [{ name: 'Created', direction: 'desc' }],
      uniqueKey: ['Id'],
      query: (fields) => db.select(fields).from(items).$dynamic(),
    }
    const ids = async (criteria: unknown[] = []) =>
      (await listPage<{ Id: number }>(source, pageRequestSchema.parse({ filter: { criteria } }))).rows.map((r) => r.Id)
    expect(await ids()).toEqual([2, 3, 1])
    expect(await ids([{ name: 'Created', method: '>=', value: '2024-06-01' }])).toEqual([3])
    sqlite.close()
  })
})
