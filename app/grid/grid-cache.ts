/**
 * The client-side cache of a data list (spec 1 section 4, Generic data lists):
 * rows are loaded in chunks, overlapping and adjacent chunks are merged, and a
 * filter that only narrows one whose whole result is loaded is answered here,
 * with the list engine's semantics (api/list-engine.ts), instead of by the
 * server. Pure functions and a small in-memory store; the route's clientLoader
 * (app/ui/grid/client-loader.ts) does the fetching.
 */
import type { GridCriterion, GridFilterRule, SortDirection } from './grid-state'

export interface ApiSort {
  name: string
  direction: SortDirection
}

/* ------------------------------------------------------------------ chunks */

/** Rows loaded from position `offset` of a list. */
export interface Segment<Row> {
  offset: number
  rows: Row[]
}

const end = (s: Segment<unknown>) => s.offset + s.rows.length

/**
 * The segments after loading `chunk`: segments that overlap or touch it merge
 * into one (the chunk's rows win where they overlap). When more than `maxRows`
 * rows would be kept, only the chunk's segment stays, cut to `maxRows` around
 * the chunk.
 */
export function mergeChunk<Row>(segments: Segment<Row>[], chunk: Segment<Row>, maxRows = Infinity): Segment<Row>[] {
  let merged: Segment<Row> = { offset: chunk.offset, rows: [...chunk.rows] }
  const rest: Segment<Row>[] = []
  for (const s of segments) {
    if (end(s) < merged.offset || s.offset > end(merged)) {
      rest.push(s)
      continue
    }
    const offset = Math.min(s.offset, merged.offset)
    const rows = [
      ...s.rows.slice(0, Math.max(0, merged.offset - s.offset)),
      ...merged.rows,
      ...s.rows.slice(Math.max(0, end(merged) - s.offset)),
    ]
    merged = { offset, rows }
  }
  const all = [...rest, merged].sort((a, b) => a.offset - b.offset)
  if (all.reduce((n, s) => n + s.rows.length, 0) <= maxRows) return all
  if (merged.rows.length <= maxRows) return [merged]
  const start = Math.max(merged.offset, Math.min(chunk.offset, end(merged) - maxRows))
  return [{ offset: start, rows: merged.rows.slice(start - merged.offset, start - merged.offset + maxRows) }]
}

/** Rows [offset, offset + limit), cut at `total`, when loaded; null when some are missing. */
export function readRange<Row>(segments: Segment<Row>[], offset: number, limit: number, total: number): Row[] | null {
  const last = Math.min(offset + limit, total)
  if (last <= offset) return []
  const s = segments.find((x) => x.offset <= offset && end(x) >= last)
  return s ? s.rows.slice(offset - s.offset, last - s.offset) : null
}

/** Whether every row of the list is loaded. */
export function isComplete(segments: Segment<unknown>[], total: number): boolean {
  return total === 0 || segments.some((s) => s.offset === 0 && s.rows.length >= total)
}

/** The chunk to load for rows [offset, offset + limit): whole windows around them. */
export function chunkFor(offset: number, limit: number, window: number): { offset: number; limit: number } {
  const start = Math.floor(offset / window) * window
  return { offset: start, limit: Math.ceil((offset + limit) / window) * window - start }
}

/* ------------------------------------------------------------------ filtering as the list engine does */

/** A criterion or value the client cannot evaluate exactly like the server. */
class Unsupported extends Error {}
const unsupported = (): never => {
  throw new Unsupported()
}

const method = (c: GridCriterion) => c.method.trim().toUpperCase()

/** SQLite's lower() folds ASCII letters only. */
export const foldCase = (s: string) => s.replace(/[A-Z]+/g, (m) => m.toLowerCase())

/** Compares texts by code point, as SQLite's default (binary) collation does. */
export function compareText(a: string, b: string): number {
  const x = [...a]
  const y = [...b]
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i].codePointAt(0)! - y[i].codePointAt(0)!
    if (d !== 0) return d
  }
  return x.length - y.length
}

/** A value as SQLite shows it as text; null for NULL. */
function asText(value: unknown): string | null {
  if (value === null) return null
  if (typeof value === 'string') return value
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value)
  return unsupported()
}

function fieldOf(row: unknown, name: string): unknown {
  if (!row || typeof row !== 'object' || !Object.hasOwn(row, name)) return unsupported()
  return (row as Record<string, unknown>)[name]
}

function day(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (typeof value !== 'string' || value.length < 10) return unsupported()
  return value.slice(0, 10)
}

/** Whether a row matches one criterion, before `not`; SQL NULL counts as false. */
function test(c: GridCriterion, row: unknown): boolean {
  const raw = fieldOf(row, c.name)
  const m = method(c)
  const fold = (s: string) => (c.casefold ? foldCase(s) : s)
  switch (m) {
    case 'CONTAINS':
    case 'STARTSWITH':
    case 'ENDSWITH': {
      const target = asText(raw)
      const value = asText(c.value ?? unsupported())
      if (target === null || value === null) return false
      const [t, v] = [fold(target), fold(value)]
      return m === 'CONTAINS' ? t.includes(v) : m === 'STARTSWITH' ? t.startsWith(v) : t.endsWith(v)
    }
    case 'EQUALS':
      if (c.value === null) return raw === null
      return raw !== null && sameValue(raw, c.value, c)
    case 'IN': {
      if (!Array.isArray(c.value)) return unsupported()
      return raw !== null && c.value.some((v) => sameValue(raw, v, c))
    }
    case 'DAYRANGE': {
      if (!Array.isArray(c.value) || c.value.length !== 2) return unsupported()
      const [from, to] = [day(c.value[0]), day(c.value[1])]
      if (from === null && to === null) return unsupported()
      if (raw === null) return false
      const d = [...(asText(raw) as string)].slice(0, 10).join('')
      return (from === null || compareText(d, from) >= 0) && (to === null || compareText(d, to) <= 0)
    }
    default:
      return unsupported()
  }
}

/** `field = value` as SQLite compares a non-null field with a bound value (same types only). */
function sameValue(field: unknown, value: unknown, c: GridCriterion): boolean {
  if (c.casefold || c.tostring) {
    const [a, b] = [asText(field), asText(value)]
    if (a === null || b === null) return unsupported()
    return c.casefold ? foldCase(a) === foldCase(b) : a === b
  }
  if (typeof field !== typeof value || (typeof field !== 'string' && typeof field !== 'number')) return unsupported()
  return field === value
}

function matches(c: GridCriterion, row: unknown): boolean {
  // The engine's `not` is `(test) IS NOT TRUE`: a NULL test counts as not matching.
  return c.not ? !test(c, row) : test(c, row)
}

/** The rows matching `rule`, as the list engine filters; null when it cannot be evaluated here exactly. */
export function filterRows<Row>(rows: Row[], rule: GridFilterRule | undefined): Row[] | null {
  if (!rule || rule.criteria.length === 0) return rows
  const any = rule.condition === 'ANY'
  try {
    return rows.filter((row) =>
      any ? rule.criteria.some((c) => matches(c, row)) : rule.criteria.every((c) => matches(c, row)),
    )
  } catch (error) {
    if (error instanceof Unsupported) return null
    throw error
  }
}

/* ------------------------------------------------------------------ sorting as the list engine does */

/** SQLite's order of values: NULL, then numbers, then texts. */
function compareValues(a: unknown, b: unknown): number {
  const rank = (v: unknown) => (v === null ? 0 : typeof v === 'number' ? 1 : typeof v === 'string' ? 2 : unsupported())
  const d = rank(a) - rank(b)
  if (d !== 0 || a === null) return d
  return typeof a === 'number' ? a - (b as number) : compareText(a as string, b as string)
}

/**
 * The rows in the list engine's order: the sort rules, then the list's unique
 * key ascending. Null when a value cannot be compared here exactly.
 */
export function sortRows<Row>(rows: Row[], sorting: ApiSort[], uniqueKey: string[]): Row[] | null {
  const seen = new Set<string>()
  const terms = [...sorting, ...uniqueKey.map((name) => ({ name, direction: 'asc' as const }))].filter(
    (t) => !seen.has(t.name) && seen.add(t.name),
  )
  try {
    return [...rows].sort((a, b) => {
      for (const t of terms) {
        const d = compareValues(fieldOf(a, t.name), fieldOf(b, t.name))
        if (d !== 0) return t.direction === 'desc' ? -d : d
      }
      return 0
    })
  } catch (error) {
    if (error instanceof Unsupported) return null
    throw error
  }
}

/* ------------------------------------------------------------------ narrowing */

const TEXT_TESTS = new Set(['CONTAINS', 'STARTSWITH', 'ENDSWITH'])

const sameCriterion = (a: GridCriterion, b: GridCriterion) =>
  a.name === b.name &&
  method(a) === method(b) &&
  JSON.stringify(a.value ?? null) === JSON.stringify(b.value ?? null) &&
  Boolean(a.not) === Boolean(b.not) &&
  Boolean(a.casefold) === Boolean(b.casefold) &&
  Boolean(a.tostring) === Boolean(b.tostring)

/** Whether a field value passes `c` (false when that cannot be told exactly). */
function passes(c: GridCriterion, value: unknown): boolean {
  try {
    return matches(c, { [c.name]: value })
  } catch (error) {
    if (error instanceof Unsupported) return false
    throw error
  }
}

/** Whether every row matching `a` matches `b` (false when that cannot be shown). */
export function criterionImplies(a: GridCriterion, b: GridCriterion): boolean {
  if (sameCriterion(a, b)) return true
  if (a.name !== b.name || a.not || b.not || Boolean(a.tostring) !== Boolean(b.tostring)) return false
  const [am, bm] = [method(a), method(b)]
  if (bm === 'DAYRANGE') {
    if (am !== 'DAYRANGE' || !Array.isArray(a.value) || !Array.isArray(b.value)) return false
    try {
      const [a1, a2, b1, b2] = [day(a.value[0]), day(a.value[1]), day(b.value[0]), day(b.value[1])]
      return (b1 === null || (a1 !== null && a1 >= b1)) && (b2 === null || (a2 !== null && a2 <= b2))
    } catch {
      return false
    }
  }
  // A case-insensitive `a` lets through spellings a case-sensitive `b` may refuse.
  if (a.casefold && !b.casefold) return false
  // `a` allows a list of values: each must pass `b`.
  const allowed = am === 'EQUALS' ? [a.value] : am === 'IN' && Array.isArray(a.value) ? a.value : null
  if (allowed) return allowed.every((v) => typeof v === 'string' && passes(b, v))
  if (!TEXT_TESTS.has(am) || !TEXT_TESTS.has(bm) || typeof a.value !== 'string' || typeof b.value !== 'string')
    return false
  const [x, y] = b.casefold ? [foldCase(a.value), foldCase(b.value)] : [a.value, b.value]
  if (bm === 'CONTAINS') return x.includes(y)
  return am === bm && (bm === 'STARTSWITH' ? x.startsWith(y) : x.endsWith(y))
}

const allOf = (rule: GridFilterRule) => rule.condition === 'ALL' || rule.criteria.length <= 1

/** Whether every row matching `next` matches `previous`: the new filter only narrows the old one. */
export function narrows(next: GridFilterRule | undefined, previous: GridFilterRule | undefined): boolean {
  const before = previous?.criteria ?? []
  if (before.length === 0) return true
  if (!next || !allOf(next) || !allOf(previous!)) return false
  return before.every((b) => next.criteria.some((a) => criterionImplies(a, b)))
}

/* ------------------------------------------------------------------ the store */

export interface CacheQuery {
  /** Whose rows: the customer (the store is per list and per signed-in page). */
  scope: string
  filter?: GridFilterRule
  sorting?: ApiSort[]
}

export interface CacheOptions {
  /** Rows one chunk loads (spec 1 section 9: 3 times the largest page size). */
  window: number
  /** Most rows kept for one filter and sort (5 times the largest page size). */
  maxRows: number
  maxEntries: number
  /** How long loaded rows are used before they are loaded again. */
  ttlMs: number
  /** The list's unique key (API fields); without it, only rows in the same sort are reused. */
  uniqueKey?: string[]
}

interface Entry<Row> {
  query: CacheQuery
  total: number
  segments: Segment<Row>[]
  loadedAt: number
}

const keyOf = (q: CacheQuery) => JSON.stringify([q.scope, q.filter ?? null, q.sorting ?? null])
const sameSorting = (a?: ApiSort[], b?: ApiSort[]) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

export class GridCache<Row> {
  private entries = new Map<string, Entry<Row>>()

  constructor(readonly options: CacheOptions) {}

  /** Rows [offset, offset + limit) and the total, from loaded rows; null when the server must be asked. */
  read(query: CacheQuery, offset: number, limit: number, now: number): { rows: Row[]; total: number } | null {
    this.expire(now)
    const key = keyOf(query)
    const exact = this.entries.get(key)
    const rows = exact ? readRange(exact.segments, offset, limit, exact.total) : null
    if (exact && rows) {
      this.touch(key, exact)
      return { rows, total: exact.total }
    }
    const derived = this.derive(query)
    return derived ? { rows: readRange(derived.segments, offset, limit, derived.total)!, total: derived.total } : null
  }

  /** Keeps a chunk loaded from the server: rows from `offset`, and the list's total. */
  store(query: CacheQuery, chunk: { offset: number; rows: Row[]; total: number }, now: number) {
    const key = keyOf(query)
    const old = this.entries.get(key)
    // A changed total means the list changed: what was loaded before no longer lines up.
    const keep = old && old.total === chunk.total && now - old.loadedAt < this.options.ttlMs ? old : null
    const segments = mergeChunk(keep?.segments ?? [], { offset: chunk.offset, rows: chunk.rows }, this.options.maxRows)
    this.touch(key, { query, total: chunk.total, segments, loadedAt: keep?.loadedAt ?? now })
  }

  clear() {
    this.entries.clear()
  }

  /** The rows of `query` computed from a completely loaded list that it narrows, kept as an entry. */
  private derive(query: CacheQuery): Entry<Row> | null {
    const complete = [...this.entries.values()]
      .filter(
        (e) =>
          e.query.scope === query.scope && isComplete(e.segments, e.total) && narrows(query.filter, e.query.filter),
      )
      .sort((a, b) => a.total - b.total)
    for (const source of complete) {
      const loaded = source.segments[0]?.rows.slice(0, source.total) ?? []
      let rows = filterRows(loaded, query.filter)
      if (rows && !sameSorting(source.query.sorting, query.sorting)) {
        const { uniqueKey } = this.options
        rows = uniqueKey && query.sorting?.length ? sortRows(rows, query.sorting, uniqueKey) : null
      }
      if (!rows) continue
      const entry: Entry<Row> = {
        query,
        total: rows.length,
        segments: [{ offset: 0, rows }],
        loadedAt: source.loadedAt,
      }
      this.touch(keyOf(query), entry)
      return entry
    }
    return null
  }

  private touch(key: string, entry: Entry<Row>) {
    this.entries.delete(key)
    this.entries.set(key, entry)
    while (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!)
  }

  private expire(now: number) {
    for (const [key, e] of this.entries) if (now - e.loadedAt >= this.options.ttlMs) this.entries.delete(key)
  }
}
