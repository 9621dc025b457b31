/**
 * A list's calls answered from rows already loaded (e.g. a statement's records):
 * filtered and sorted with the list engine's own semantics (app/grid/grid-cache.ts),
 * so a view means the same here as on a list the API pages. A filter or sort
 * that cannot be evaluated here exactly is refused with a message instead of
 * answered differently.
 */
import { compareText, filterRows, sortRows } from './grid-cache'
import type { Envelope, FilterRule, PageRequest } from '../api-client/envelope'
import type { GridSource } from './types'

export const IN_MEMORY_UNSUPPORTED = 'This filter cannot be applied to this list.'

const refused = { status: 'FAILURE', err: IN_MEMORY_UNSUPPORTED, httpStatus: 400 } as const

/** `rows` as a list source; `uniqueKey` orders rows that sort equal, as the API's lists do. */
export function inMemorySource<Row>(rows: readonly Row[], uniqueKey: string[]): GridSource<Row> {
  const matching = (filter: FilterRule | undefined) => filterRows([...rows], filter)
  return {
    async page(request: PageRequest): Promise<Envelope<Row[]>> {
      const found = matching(request.filter)
      const sorting = (request.sorting ?? []).map((s) => ({
        name: s.name,
        direction: s.direction.toLowerCase() as 'asc' | 'desc',
      }))
      const sorted = found && sortRows(found, sorting, uniqueKey)
      if (!sorted) return refused
      const offset = Math.max(0, request.offset ?? 0)
      return { status: 'SUCCESS', data: sorted.slice(offset, offset + (request.limit ?? sorted.length)) }
    },
    async count(filter): Promise<Envelope<number>> {
      const found = matching(filter)
      return found ? { status: 'SUCCESS', data: found.length } : refused
    },
    async distinct(filter, key, limit): Promise<Envelope<unknown[]>> {
      const found = matching(filter)
      if (!found) return refused
      const values = [...new Set(found.map((row) => (row as Record<string, unknown>)[key]))]
        .filter((v) => v !== null && v !== undefined)
        .sort((a, b) => (typeof a === 'number' && typeof b === 'number' ? a - b : compareText(String(a), String(b))))
      // As the list engine answers (spec 2 section 8).
      if (values.length > limit) return { status: 'FAILURE', err: 'Too many distinct values', httpStatus: 400 }
      return { status: 'SUCCESS', data: values }
    },
  }
}
