import { describe, expect, it } from 'vitest'
import type { Envelope, FilterRule, PageRequest } from '../api-client/envelope'
import { andCriteria, withFixedCriteria } from './fixed-criteria'
import type { GridSource } from './types'

const hidden = { name: 'ProductName', method: 'EQUALS', value: 'Manual Drawdown', not: true }
const typed = { name: 'subject', method: 'CONTAINS', value: 'a', casefold: true }
const ok = <T>(data: T): Envelope<T> => ({ status: 'SUCCESS', data })

describe('withFixedCriteria', () => {
  it('adds the fixed criteria to the page, count and distinct calls, after the view’s own', async () => {
    const seen: { page?: PageRequest; count?: FilterRule; distinct?: [FilterRule | undefined, string, number] } = {}
    const source: GridSource<{ id: number }> = {
      page: async (request) => ((seen.page = request), ok([])),
      count: async (filter) => ((seen.count = filter), ok(0)),
      distinct: async (filter, key, limit) => ((seen.distinct = [filter, key, limit]), ok([])),
    }
    const fixed = withFixedCriteria(source, [hidden])
    await fixed.page({ filter: { condition: 'ALL', criteria: [typed] }, offset: 20, limit: 20 })
    await fixed.count(undefined)
    await fixed.distinct({ condition: 'ALL', criteria: [typed] }, 'to', 500)
    expect(seen.page).toEqual({ filter: { condition: 'ALL', criteria: [typed, hidden] }, offset: 20, limit: 20 })
    expect(seen.count).toEqual({ condition: 'ALL', criteria: [hidden] })
    expect(seen.distinct).toEqual([{ condition: 'ALL', criteria: [typed, hidden] }, 'to', 500])
  })

  it('leaves a filter alone without criteria and refuses to widen an ANY rule', () => {
    expect(andCriteria(undefined, [])).toBeUndefined()
    expect(andCriteria({ condition: 'ANY', criteria: [typed] }, [hidden])).toEqual({
      condition: 'ALL',
      criteria: [typed, hidden],
    })
    expect(() => andCriteria({ condition: 'ANY', criteria: [typed, typed] }, [hidden])).toThrow(/ANY/)
  })
})
