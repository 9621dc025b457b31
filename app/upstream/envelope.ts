import type { GridCriterion, GridFilterRule } from '../domain/grid-state'

/** The reply envelope of every licensing API call. */
export type Envelope<T> =
  | { status: 'SUCCESS'; data: T; token?: string; err?: undefined }
  | { status: 'FAILURE'; err: string; data?: undefined; token?: undefined }

/** The filter rule of a page request (spec 1 section 3), as the grid builds it. */
export type FilterCriterion = GridCriterion
export type FilterRule = GridFilterRule

export interface SortRule {
  name: string
  direction: 'asc' | 'desc' | 'ASC' | 'DESC'
}

export interface PageRequest {
  filter?: FilterRule
  sorting?: SortRule[]
  offset?: number
  token?: string
  limit?: number
}
