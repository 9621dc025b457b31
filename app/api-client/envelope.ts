import type { GridFilterRule } from '../grid/grid-state'

/** A FAILURE reply: the API's own envelope, or one the client makes when the call did not get one. */
export interface Failure {
  status: 'FAILURE'
  err: string
  data?: undefined
  token?: undefined
  /** The HTTP status of the API's answer, when it answered with an error status. */
  httpStatus?: number
  /**
   * The licensing service did not answer usefully: no connection, a connection
   * reset, a 5xx, a reply that is not an envelope, or the page's deadline passed.
   * Such a failure says nothing about the user's permissions or the data.
   */
  unavailable?: true
  /** The page's deadline passed before the call was answered (an unavailable failure too). */
  timedOut?: true
}

/** The reply envelope of every licensing API call. */
export type Envelope<T> = { status: 'SUCCESS'; data: T; token?: string; err?: undefined } | Failure

/** Whether a reply is a failure of the service rather than an answer of it. */
export function isOutage(reply: { status: string }): reply is Failure & { unavailable: true } {
  return reply.status === 'FAILURE' && (reply as Failure).unavailable === true
}

/**
 * The HTTP status a page answers with for a FAILURE reply: 503 when the service
 * did not answer, the API's own 4xx when it refused, else 502 (a FAILURE envelope
 * without an error status).
 */
export function failureStatus(reply: Failure): number {
  if (reply.unavailable) return 503
  const status = reply.httpStatus
  return typeof status === 'number' && status >= 400 && status < 500 ? status : 502
}

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
