import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { listPage, type ListSource } from '../../api/list-engine'
import { pageRequestSchema } from '../../api/contract/list-requests'
import {
  GridCache,
  chunkFor,
  compareText,
  criterionImplies,
  filterRows,
  foldCase,
  isComplete,
  mergeChunk,
  narrows,
  readRange,
  sortRows,
  type ApiSort,
  type CacheOptions,
  type Segment,
} from './grid-cache'
import type { GridCriterion, GridFilterRule } from './grid-state'

const seg = (offset: number, from: number, to: number): Segment<number> => ({
  offset,
  rows: Array.from({ length: to - from }, (_, i) => from + i),
})
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i)

describe('mergeChunk: overlapping and adjacent chunks merge', () => {
  it('keeps a distant chunk apart, in order', () => {
    expect(mergeChunk([seg(100, 100, 110)], seg(0, 0, 10))).toEqual([seg(0, 0, 10), seg(100, 100, 110)])
  })

  it('merges an adjacent chunk on either side', () => {
    expect(mergeChunk([seg(0, 0, 10)], seg(10, 10, 20))).toEqual([seg(0, 0, 20)])
    expect(mergeChunk([seg(10, 10, 20)], seg(0, 0, 10))).toEqual([seg(0, 0, 20)])
  })

  it('merges overlapping chunks; the newer rows win where they overlap', () => {
    const newer = { offset: 5, rows: [-5, -6, -7, -8, -9, -10, -11, -12, -13, -14] }
    expect(mergeChunk([seg(0, 0, 10)], newer)).toEqual([{ offset: 0, rows: [0, 1, 2, 3, 4, ...newer.rows] }])
    expect(mergeChunk([seg(10, 10, 20)], { offset: 5, rows: [-5, -6, -7, -8, -9, -10] })).toEqual([
      { offset: 5, rows: [-5, -6, -7, -8, -9, -10, 11, 12, 13, 14, 15, 16, 17, 18, 19] },
    ])
  })

  it('a chunk inside a segment replaces those rows only; one spanning a gap joins both sides', () => {
    expect(mergeChunk([seg(0, 0, 10)], { offset: 3, rows: [-3, -4] })).toEqual([
      { offset: 0, rows: [0, 1, 2, -3, -4, 5, 6, 7, 8, 9] },
    ])
    expect(mergeChunk([seg(0, 0, 10), seg(20, 20, 30), seg(50, 50, 60)], seg(8, 8, 22))).toEqual([
      seg(0, 0, 30),
      seg(50, 50, 60),
    ])
  })

  it('beyond the row limit keeps only the chunk’s segment, cut around the chunk', () => {
    expect(mergeChunk([seg(0, 0, 10)], seg(100, 100, 110), 15)).toEqual([seg(100, 100, 110)])
    expect(mergeChunk([seg(0, 0, 20)], seg(20, 20, 30), 15)).toEqual([seg(15, 15, 30)])
    expect(mergeChunk([seg(10, 10, 30)], seg(0, 0, 10), 15)).toEqual([seg(0, 0, 15)])
    expect(mergeChunk([], seg(0, 0, 20), 15)).toEqual([seg(0, 0, 15)])
  })
})

describe('readRange, isComplete and chunkFor', () => {
  const segments = [seg(0, 0, 30), seg(60, 60, 90)]

  it('reads a range inside one segment, cut at the total', () => {
    expect(readRange(segments, 10, 10, 200)).toEqual(range(10, 20))
    expect(readRange(segments, 60, 30, 200)).toEqual(range(60, 90))
    expect(readRange(segments, 20, 20, 25)).toEqual(range(20, 25))
  })

  it('answers null when rows are missing, and an empty page past the end', () => {
    expect(readRange(segments, 20, 20, 200)).toBeNull()
    expect(readRange(segments, 30, 10, 200)).toBeNull()
    expect(readRange(segments, 100, 10, 90)).toEqual([])
    expect(readRange([], 0, 20, 0)).toEqual([])
  })

  it('is complete when the first segment holds every row', () => {
    expect(isComplete([seg(0, 0, 26)], 26)).toBe(true)
    expect(isComplete([seg(0, 0, 20)], 26)).toBe(false)
    expect(isComplete([seg(10, 10, 36)], 26)).toBe(false)
    expect(isComplete([], 0)).toBe(true)
  })

  it('loads whole windows around the rows asked for', () => {
    expect(chunkFor(0, 20, 300)).toEqual({ offset: 0, limit: 300 })
    expect(chunkFor(320, 20, 300)).toEqual({ offset: 300, limit: 300 })
    expect(chunkFor(280, 40, 300)).toEqual({ offset: 0, limit: 600 })
  })
})

describe('text helpers follow SQLite', () => {
  it('folds ASCII letters only, like lower()', () => {
    expect(foldCase('ÉMILE Zoë ABC')).toBe('Émile zoë abc')
  })

  it('orders by code point, like the binary collation', () => {
    expect(compareText('a', 'b')).toBeLessThan(0)
    expect(compareText('B', 'a')).toBeLessThan(0)
    expect(compareText('ab', 'a')).toBeGreaterThan(0)
    // UTF-16 order would put the emoji (a surrogate pair) before U+FF5E.
    expect(compareText('😀', '～')).toBeGreaterThan(0)
  })
})

/* ------------------------------------------------------------------ against the list engine itself */

type Row = { id: number; name: string | null; mail: string | null; qty: number | null; date: string | null }

const ROWS: Row[] = [
  { id: 1, name: 'Alpha', mail: 'a@x.example', qty: 5, date: '2026-03-05 10:00:00' },
  { id: 2, name: 'alpha beta', mail: 'B@x.example', qty: 10, date: '2026-03-05 23:59:59' },
  { id: 3, name: 'ÉMILE', mail: 'b@x.example', qty: null, date: '2026-03-06 00:00:00' },
  { id: 4, name: 'émile', mail: 'c@y.example', qty: 10, date: '2026-02-28 12:00:00' },
  { id: 5, name: '50% off_sale', mail: null, qty: 0, date: null },
  { id: 6, name: '', mail: 'a@x.example', qty: 7, date: '2025-12-31 08:00:00' },
  { id: 7, name: null, mail: 'A@X.EXAMPLE', qty: 5, date: '2026-03-10 09:30:00' },
  { id: 8, name: 'Beta*?[', mail: 'd@y.example', qty: 3, date: '2026-01-15 00:00:00' },
  { id: 9, name: 'Zoë', mail: 'b@x.example', qty: 5, date: '2026-03-05 00:00:00' },
  { id: 10, name: 'zebra', mail: 'c@y.example', qty: 12, date: '2026-03-05 10:00:00' },
]

const items = sqliteTable('items', {
  id: integer('id').primaryKey(),
  name: text('name'),
  mail: text('mail'),
  qty: integer('qty'),
  date: text('date'),
})

let sqlite: Database.Database
let source: ListSource

beforeAll(() => {
  sqlite = new Database(':memory:')
  sqlite.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, mail TEXT, qty INTEGER, date TEXT)')
  const insert = sqlite.prepare('INSERT INTO items VALUES (@id, @name, @mail, @qty, @date)')
  for (const r of ROWS) insert.run(r)
  const db = drizzle(sqlite)
  const columns = { id: items.id, name: items.name, mail: items.mail, qty: items.qty, date: items.date }
  source = {
    columns,
    defaultSort: [{ name: 'id', direction: 'asc' }],
    uniqueKey: ['id'],
    query: (fields) => db.select(fields).from(items).$dynamic(),
  }
})
afterAll(() => sqlite.close())

const serverRows = async (filter?: GridFilterRule, sorting?: ApiSort[]) =>
  (await listPage<Row>(source, pageRequestSchema.parse({ filter, sorting, limit: 1000 }))).rows
const ids = (rows: Row[] | null) => rows?.map((r) => r.id) ?? null
const all = (...criteria: GridCriterion[]): GridFilterRule => ({ condition: 'ALL', criteria })

const CRITERIA: GridCriterion[] = [
  { name: 'name', method: 'CONTAINS', value: 'alpha', casefold: true },
  { name: 'name', method: 'CONTAINS', value: 'alpha' },
  { name: 'name', method: 'CONTAINS', value: 'Alpha' },
  { name: 'name', method: 'contains', value: 'ÉMILE', casefold: true },
  { name: 'name', method: 'CONTAINS', value: 'émile', casefold: true },
  { name: 'name', method: 'CONTAINS', value: '%', casefold: true },
  { name: 'name', method: 'CONTAINS', value: '_', casefold: true },
  { name: 'name', method: 'CONTAINS', value: '*?[' },
  { name: 'name', method: 'CONTAINS', value: '' },
  { name: 'name', method: 'STARTSWITH', value: 'z', casefold: true },
  { name: 'name', method: 'STARTSWITH', value: 'Z' },
  { name: 'name', method: 'ENDSWITH', value: 'A', casefold: true },
  { name: 'name', method: 'EQUALS', value: 'alpha', casefold: true },
  { name: 'name', method: 'EQUALS', value: 'Alpha' },
  { name: 'name', method: 'EQUALS', value: '' },
  { name: 'name', method: 'EQUALS', value: null },
  { name: 'name', method: 'CONTAINS', value: 'a', casefold: true, not: true },
  { name: 'mail', method: 'IN', value: ['a@x.example', 'b@x.example'] },
  { name: 'mail', method: 'IN', value: ['a@x.example', 'b@x.example'], casefold: true },
  { name: 'mail', method: 'IN', value: ['A@X.EXAMPLE'], not: true },
  { name: 'mail', method: 'IN', value: [] },
  { name: 'mail', method: 'IN', value: [], not: true },
  { name: 'qty', method: 'EQUALS', value: 10 },
  { name: 'qty', method: 'IN', value: [5, 12] },
  { name: 'qty', method: 'IN', value: ['5'], tostring: true },
  { name: 'qty', method: 'CONTAINS', value: '1', tostring: true },
  { name: 'date', method: 'DAYRANGE', value: ['2026-03-05', '2026-03-05'] },
  { name: 'date', method: 'DAYRANGE', value: ['2026-03-01 00:00', null] },
  { name: 'date', method: 'DAYRANGE', value: [null, '2026-01-31'] },
  { name: 'date', method: 'CONTAINS', value: '2026-03', casefold: true },
]

describe('filterRows gives exactly the list engine’s rows', () => {
  it.each(CRITERIA.map((c) => [JSON.stringify(c), c] as const))('%s', async (_label, criterion) => {
    const expected = ids(await serverRows(all(criterion)))
    expect(ids(filterRows(ROWS, all(criterion)))).toEqual(expected)
  })

  it('combines criteria under ALL and ANY', async () => {
    const pairs: [GridCriterion, GridCriterion][] = [
      [CRITERIA[0], CRITERIA[17]],
      [CRITERIA[3], CRITERIA[26]],
      [CRITERIA[16], CRITERIA[22]],
    ]
    for (const [a, b] of pairs) {
      for (const condition of ['ALL', 'ANY'] as const) {
        const rule = { condition, criteria: [a, b] }
        expect(ids(filterRows(ROWS, rule))).toEqual(ids(await serverRows(rule)))
      }
    }
  })

  it('no filter keeps every row', () => {
    expect(filterRows(ROWS, undefined)).toBe(ROWS)
    expect(filterRows(ROWS, all())).toBe(ROWS)
  })

  it('answers null for what it cannot evaluate exactly, so the server is asked', () => {
    expect(filterRows(ROWS, all({ name: 'qty', method: '>', value: 3 }))).toBeNull()
    expect(filterRows(ROWS, all({ name: 'secret', method: 'EQUALS', value: 'x' }))).toBeNull()
    // A number against a text (SQLite's type affinity decides) and a text against a number column.
    expect(filterRows(ROWS, all({ name: 'mail', method: 'EQUALS', value: 5 }))).toBeNull()
    expect(filterRows(ROWS, all({ name: 'qty', method: 'IN', value: ['5'] }))).toBeNull()
    expect(filterRows(ROWS, all({ name: 'date', method: 'DAYRANGE', value: ['2026', null] }))).toBeNull()
    expect(filterRows(ROWS, all({ name: 'date', method: 'DAYRANGE', value: [null, null] }))).toBeNull()
    expect(filterRows([{ id: 1, x: 1.5 }], all({ name: 'x', method: 'CONTAINS', value: '1' }))).toBeNull()
  })
})

describe('sortRows gives exactly the list engine’s order', () => {
  const sorts: ApiSort[][] = [
    [{ name: 'name', direction: 'asc' }],
    [{ name: 'name', direction: 'desc' }],
    [{ name: 'qty', direction: 'asc' }],
    [
      { name: 'qty', direction: 'desc' },
      { name: 'date', direction: 'asc' },
    ],
    [
      { name: 'mail', direction: 'asc' },
      { name: 'qty', direction: 'desc' },
    ],
    [{ name: 'date', direction: 'desc' }],
    [{ name: 'id', direction: 'desc' }],
  ]
  it.each(sorts.map((s) => [JSON.stringify(s), s] as const))('%s', async (_label, sorting) => {
    const shuffled = [...ROWS].reverse()
    expect(ids(sortRows(shuffled, sorting, ['id']))).toEqual(ids(await serverRows(undefined, sorting)))
  })

  it('answers null for values it cannot compare', () => {
    expect(
      sortRows(
        [
          { id: 1, v: true },
          { id: 2, v: false },
        ],
        [{ name: 'v', direction: 'asc' }],
        ['id'],
      ),
    ).toBeNull()
    expect(sortRows([{ id: 1 }, { id: 2 }], [{ name: 'missing', direction: 'asc' }], ['id'])).toBeNull()
  })
})

/* ------------------------------------------------------------------ narrowing */

const c = (method: string, value: unknown, extra: Partial<GridCriterion> = {}): GridCriterion => ({
  name: 'name',
  method,
  value,
  ...extra,
})
const cf = { casefold: true }

describe('criterionImplies: a new criterion only narrows an old one', () => {
  it.each([
    ['same criterion', c('CONTAINS', 'ab', cf), c('CONTAINS', 'ab', cf)],
    ['a longer contains text', c('CONTAINS', 'abc', cf), c('CONTAINS', 'b', cf)],
    ['a longer text in another case, both case-insensitive', c('CONTAINS', 'ABC', cf), c('CONTAINS', 'bc', cf)],
    ['case-sensitive within case-insensitive', c('CONTAINS', 'ABC'), c('CONTAINS', 'bc', cf)],
    ['starts with within contains', c('STARTSWITH', 'abc'), c('CONTAINS', 'bc')],
    ['a longer start', c('STARTSWITH', 'abc', cf), c('STARTSWITH', 'AB', cf)],
    ['a longer end', c('ENDSWITH', 'xabc'), c('ENDSWITH', 'bc')],
    ['equals within contains', c('EQUALS', 'Alpha beta', cf), c('CONTAINS', 'BETA', cf)],
    ['equals within equals of another case', c('EQUALS', 'Alpha'), c('EQUALS', 'alpha', cf)],
    ['fewer values', c('IN', ['a', 'b']), c('IN', ['a', 'b', 'c'])],
    ['values within contains', c('IN', ['xa', 'ya']), c('CONTAINS', 'A', cf)],
    ['case-insensitive values within case-insensitive values', c('IN', ['A'], cf), c('IN', ['a', 'b'], cf)],
    [
      'a shorter day range',
      { name: 'd', method: 'DAYRANGE', value: ['2026-03-05', '2026-03-06'] },
      { name: 'd', method: 'DAYRANGE', value: ['2026-03-01', '2026-03-31 23:59'] },
    ],
    [
      'a closed range within an open one',
      { name: 'd', method: 'DAYRANGE', value: ['2026-03-05', '2026-03-06'] },
      { name: 'd', method: 'DAYRANGE', value: [null, '2026-03-31'] },
    ],
  ])('yes: %s', (_label, a, b) => {
    expect(criterionImplies(a, b)).toBe(true)
  })

  it.each([
    ['a shorter contains text', c('CONTAINS', 'b', cf), c('CONTAINS', 'abc', cf)],
    ['another column', c('CONTAINS', 'abc', cf), { ...c('CONTAINS', 'b', cf), name: 'mail' }],
    ['case-insensitive within case-sensitive', c('CONTAINS', 'abc', cf), c('CONTAINS', 'b')],
    ['contains within starts with', c('CONTAINS', 'abc'), c('STARTSWITH', 'ab')],
    ['ends with within starts with', c('ENDSWITH', 'ab'), c('STARTSWITH', 'ab')],
    ['more values', c('IN', ['a', 'b', 'c']), c('IN', ['a', 'b'])],
    ['case-insensitive values within case-sensitive ones', c('IN', ['a'], cf), c('IN', ['a'])],
    ['a negated criterion', c('CONTAINS', 'abc', { not: true }), c('CONTAINS', 'abc')],
    ['within a negated criterion', c('CONTAINS', 'abc'), c('CONTAINS', 'b', { not: true })],
    [
      'a wider day range',
      { name: 'd', method: 'DAYRANGE', value: ['2026-02-01', '2026-03-06'] },
      { name: 'd', method: 'DAYRANGE', value: ['2026-03-01', '2026-03-31'] },
    ],
    [
      'an open range within a closed one',
      { name: 'd', method: 'DAYRANGE', value: ['2026-03-05', null] },
      { name: 'd', method: 'DAYRANGE', value: ['2026-03-01', '2026-03-31'] },
    ],
    ['a method it does not know', c('>', 'b'), c('>', 'a')],
    ['a null equals', c('EQUALS', null), c('CONTAINS', 'a')],
  ])('no: %s', (_label, a, b) => {
    expect(criterionImplies(a, b)).toBe(false)
  })

  it('is never wrong on the test rows: whatever it says narrows, the engine agrees', async () => {
    for (const a of CRITERIA) {
      for (const b of CRITERIA) {
        if (!criterionImplies(a, b)) continue
        const narrowed = ids(await serverRows(all(a)))!
        const wider = new Set(ids(await serverRows(all(b))))
        expect(
          narrowed.every((id) => wider.has(id)),
          `${JSON.stringify(a)} within ${JSON.stringify(b)}`,
        ).toBe(true)
      }
    }
  })
})

describe('narrows: whole filters', () => {
  const old = all(c('CONTAINS', 'ab', cf))
  it('anything narrows no filter', () => {
    expect(narrows(all(c('CONTAINS', 'x', cf)), undefined)).toBe(true)
    expect(narrows(undefined, undefined)).toBe(true)
    expect(narrows(undefined, all())).toBe(true)
  })

  it('every old criterion must be implied by a new one; extra criteria only narrow more', () => {
    expect(narrows(all(c('CONTAINS', 'abc', cf)), old)).toBe(true)
    expect(narrows(all({ name: 'mail', method: 'IN', value: ['a'] }, c('CONTAINS', 'xab', cf)), old)).toBe(true)
    expect(narrows(all({ name: 'mail', method: 'IN', value: ['a'] }), old)).toBe(false)
    expect(narrows(undefined, old)).toBe(false)
  })

  it('refuses ANY with several criteria on either side', () => {
    const any: GridFilterRule = { condition: 'ANY', criteria: [c('CONTAINS', 'abc', cf), c('CONTAINS', 'abd', cf)] }
    expect(narrows(any, old)).toBe(false)
    expect(
      narrows(all(c('CONTAINS', 'abc', cf)), {
        condition: 'ANY',
        criteria: [c('CONTAINS', 'ab', cf), c('CONTAINS', 'x')],
      }),
    ).toBe(false)
    expect(narrows({ condition: 'ANY', criteria: [c('CONTAINS', 'abc', cf)] }, old)).toBe(true)
  })
})

/* ------------------------------------------------------------------ the store */

describe('GridCache', () => {
  const options: CacheOptions = { window: 300, maxRows: 500, maxEntries: 4, ttlMs: 60_000, uniqueKey: ['id'] }
  const byDate: ApiSort[] = [{ name: 'date', direction: 'desc' }]
  /** `sorting` null: no sort asked for (the server's default order). */
  const q = (filter?: GridFilterRule, sorting: ApiSort[] | null = byDate, scope = '1000001') => ({
    scope,
    filter,
    sorting: sorting ?? undefined,
  })
  const loadAll = async (cache: GridCache<Row>, filter?: GridFilterRule, now = 0) => {
    const rows = await serverRows(filter, byDate)
    cache.store(q(filter), { offset: 0, rows, total: rows.length }, now)
    return rows
  }

  it('serves a page from loaded rows, and asks for rows it does not have', () => {
    const cache = new GridCache<number>(options)
    cache.store(q(), { offset: 0, rows: range(0, 300), total: 1000 }, 0)
    expect(cache.read(q(), 20, 20, 1)).toEqual({ rows: range(20, 40), total: 1000 })
    expect(cache.read(q(), 300, 20, 1)).toBeNull()
    cache.store(q(), { offset: 300, rows: range(300, 600), total: 1000 }, 1)
    // The two chunks merged, then were cut to the 500-row limit around the newer one.
    expect(cache.read(q(), 280, 40, 2)).toEqual({ rows: range(280, 320), total: 1000 })
    expect(cache.read(q(), 0, 20, 2)).toBeNull()
  })

  it('keeps customers, filters and sorts apart', () => {
    const cache = new GridCache<number>(options)
    cache.store(q(), { offset: 0, rows: range(0, 300), total: 1000 }, 0)
    expect(cache.read(q(undefined, byDate, '1000002'), 0, 20, 0)).toBeNull()
    expect(cache.read(q(undefined, [{ name: 'date', direction: 'asc' }]), 0, 20, 0)).toBeNull()
    expect(cache.read(q(all(c('CONTAINS', 'a'))), 0, 20, 0)).toBeNull()
  })

  it('answers a narrowing filter from a completely loaded list, with the engine’s rows and count', async () => {
    const cache = new GridCache<Row>(options)
    await loadAll(cache, all({ name: 'mail', method: 'CONTAINS', value: 'x.example', casefold: true }))
    const narrower = all(
      { name: 'mail', method: 'CONTAINS', value: 'x.example', casefold: true },
      { name: 'name', method: 'CONTAINS', value: 'A', casefold: true },
    )
    const expected = await serverRows(narrower, byDate)
    expect(cache.read(q(narrower), 0, 20, 1)).toEqual({ rows: expected, total: expected.length })
    expect(cache.read(q(narrower), 2, 2, 1)).toEqual({ rows: expected.slice(2, 4), total: expected.length })
    // A filter that does not narrow it is for the server.
    expect(cache.read(q(all({ name: 'name', method: 'CONTAINS', value: 'A', casefold: true })), 0, 20, 1)).toBeNull()
  })

  it('re-sorts a complete list with the unique key; without one, only the same sort is reused', async () => {
    const cache = new GridCache<Row>(options)
    await loadAll(cache)
    const byQty: ApiSort[] = [{ name: 'qty', direction: 'desc' }]
    const filter = all({ name: 'qty', method: 'IN', value: [5, 10] })
    expect(cache.read(q(filter, byQty), 0, 20, 1)?.rows).toEqual(await serverRows(filter, byQty))
    expect(cache.read(q(undefined, byQty), 0, 20, 1)?.rows).toEqual(await serverRows(undefined, byQty))
    // No sort asked for means the server's default order, which only the server knows.
    expect(cache.read(q(filter, null), 0, 20, 1)).toBeNull()

    const withoutKey = new GridCache<Row>({ ...options, uniqueKey: undefined })
    await loadAll(withoutKey)
    expect(withoutKey.read(q(filter, byQty), 0, 20, 1)).toBeNull()
    expect(withoutKey.read(q(filter), 0, 20, 1)?.rows).toEqual(await serverRows(filter, byDate))
  })

  it('does not answer from a list that is not completely loaded, or a filter it cannot evaluate', async () => {
    const cache = new GridCache<Row>(options)
    const rows = await serverRows(undefined, byDate)
    cache.store(q(), { offset: 0, rows: rows.slice(0, 5), total: rows.length }, 0)
    expect(cache.read(q(all(c('CONTAINS', 'a', cf))), 0, 20, 1)).toBeNull()
    await loadAll(cache)
    expect(cache.read(q(all({ name: 'qty', method: '>', value: 3 })), 0, 20, 1)).toBeNull()
  })

  it('forgets rows after the time limit, and earlier chunks when the total changes', () => {
    const cache = new GridCache<number>(options)
    cache.store(q(), { offset: 0, rows: range(0, 300), total: 1000 }, 0)
    expect(cache.read(q(), 0, 20, 59_999)).not.toBeNull()
    expect(cache.read(q(), 0, 20, 60_000)).toBeNull()
    cache.store(q(), { offset: 0, rows: range(0, 300), total: 1000 }, 70_000)
    cache.store(q(), { offset: 300, rows: range(300, 600), total: 999 }, 70_001)
    expect(cache.read(q(), 280, 40, 70_002)).toBeNull()
    expect(cache.read(q(), 300, 20, 70_002)).toEqual({ rows: range(300, 320), total: 999 })
  })

  it('derived answers do not outlive the rows they came from', async () => {
    const cache = new GridCache<Row>(options)
    await loadAll(cache, undefined, 0)
    const filter = all(c('CONTAINS', 'a', cf))
    expect(cache.read(q(filter), 0, 20, 50_000)).not.toBeNull()
    expect(cache.read(q(filter), 0, 20, 60_000)).toBeNull()
  })

  it('keeps the most recently used entries', () => {
    const cache = new GridCache<number>({ ...options, maxEntries: 2 })
    const f = (text: string) => q(all(c('CONTAINS', text)))
    cache.store(f('a'), { offset: 0, rows: [1], total: 5 }, 0)
    cache.store(f('b'), { offset: 0, rows: [2], total: 5 }, 0)
    expect(cache.read(f('a'), 0, 1, 0)).not.toBeNull()
    cache.store(f('c'), { offset: 0, rows: [3], total: 5 }, 0)
    expect(cache.read(f('b'), 0, 1, 0)).toBeNull()
    expect(cache.read(f('a'), 0, 1, 0)).not.toBeNull()
    expect(cache.read(f('c'), 0, 1, 0)).not.toBeNull()
    cache.clear()
    expect(cache.read(f('c'), 0, 1, 0)).toBeNull()
  })
})
