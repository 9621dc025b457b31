import { describe, expect, it } from 'vitest'
import { IN_MEMORY_UNSUPPORTED, inMemorySource } from './in-memory-source'

const rows = [
  { Id: 'b', Name: 'Beta', Used: 20 },
  { Id: 'a', Name: 'alpha', Used: 20 },
  { Id: 'c', Name: 'Gamma', Used: 5 },
]
const source = inMemorySource(rows, ['Id'])

describe('a list answered from loaded rows', () => {
  it('filters as the list engine does (case-folded contains) and counts what matches', async () => {
    const filter = {
      condition: 'ALL' as const,
      criteria: [{ name: 'Name', method: 'CONTAINS', value: 'A', casefold: true }],
    }
    expect(await source.count(filter)).toEqual({ status: 'SUCCESS', data: 3 })
    const equals = { condition: 'ALL' as const, criteria: [{ name: 'Used', method: 'EQUALS', value: 5 }] }
    expect(await source.page({ filter: equals })).toEqual({ status: 'SUCCESS', data: [rows[2]] })
  })

  it('sorts by the request, then by the unique key, and pages by offset and limit', async () => {
    const page = await source.page({ sorting: [{ name: 'Used', direction: 'desc' }], offset: 0, limit: 2 })
    expect(page).toEqual({ status: 'SUCCESS', data: [rows[1], rows[0]] })
    const next = await source.page({ sorting: [{ name: 'Used', direction: 'DESC' }], offset: 2, limit: 2 })
    expect(next).toEqual({ status: 'SUCCESS', data: [rows[2]] })
  })

  it('lists distinct values in order, and refuses more than the limit', async () => {
    expect(await source.distinct(undefined, 'Used', 10)).toEqual({ status: 'SUCCESS', data: [5, 20] })
    expect(await source.distinct(undefined, 'Name', 2)).toMatchObject({
      status: 'FAILURE',
      err: 'Too many distinct values',
    })
  })

  it('refuses a filter it cannot evaluate exactly instead of answering differently', async () => {
    const odd = { condition: 'ALL' as const, criteria: [{ name: 'Used', method: 'BETWEEN', value: [1, 2] }] }
    expect(await source.page({ filter: odd })).toMatchObject({ status: 'FAILURE', err: IN_MEMORY_UNSUPPORTED })
    expect(await source.count(odd)).toMatchObject({ status: 'FAILURE' })
    const unknownField = { condition: 'ALL' as const, criteria: [{ name: 'Nope', method: 'EQUALS', value: 1 }] }
    expect(await source.count(unknownField)).toMatchObject({ status: 'FAILURE' })
  })
})
