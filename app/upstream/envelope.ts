/** The reply envelope of every licensing API call. */
export type Envelope<T> =
  | { status: 'SUCCESS'; data: T; token?: string; err?: undefined }
  | { status: 'FAILURE'; err: string; data?: undefined; token?: undefined }

export interface FilterCriterion {
  name: string
  method: string
  value?: unknown
  not?: boolean
  casefold?: boolean
  tostring?: boolean
}

export interface FilterRule {
  condition: 'ALL' | 'ANY'
  criteria: FilterCriterion[]
}

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
