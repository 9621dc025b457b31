/** A list narrowed for good: criteria every call of its source must also meet (e.g. rows a screen never shows). */
import type { GridCriterion } from './grid-state'
import type { FilterRule } from '../api-client/envelope'
import type { GridSource } from './types'

/** `filter` and all of `criteria`. */
export function andCriteria(
  filter: FilterRule | undefined,
  criteria: readonly GridCriterion[],
): FilterRule | undefined {
  if (criteria.length === 0) return filter
  const own = filter?.criteria ?? []
  // A page request has no nested rules: ANY over several criteria cannot take more in the same rule.
  if (filter?.condition === 'ANY' && own.length > 1) throw new Error('Fixed criteria cannot be added to an ANY rule.')
  return { condition: 'ALL', criteria: [...own, ...criteria] }
}

/** The source with `criteria` added to the filter of every page, count and distinct-values call. */
export function withFixedCriteria<Row>(source: GridSource<Row>, criteria: readonly GridCriterion[]): GridSource<Row> {
  return {
    page: (request) => source.page({ ...request, filter: andCriteria(request.filter, criteria) }),
    count: (filter) => source.count(andCriteria(filter, criteria)),
    distinct: (filter, key, limit) => source.distinct(andCriteria(filter, criteria), key, limit),
  }
}
