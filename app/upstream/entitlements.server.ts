/**
 * The entitlement calls of the licensing API (spec 2 section 7): the elastic list,
 * the paged entitlement lists with their active/inactive split, fulfilment counts,
 * and the credit forecast with its low-balance thresholds.
 */
import type { EntitlementType } from '../domain/entitlements'
import type { ApiClient } from './client.server'
import { elasticCreditCalls } from '../../api/contract/elastic-credit'
import type { EntitlementRow } from '../domain/entitlement-row'
import type { PageRequest } from './envelope'

/** The list request of the fetchEntitlements family. */
export interface EntitlementQuery extends PageRequest {
  /** 'ALL' or one type. */
  type: EntitlementType | 'ALL'
  state?: string
  attributes?: string[]
}

export function entitlementCalls(api: ApiClient) {
  const list = <T>(path: string, customerNumber: string, query: EntitlementQuery) =>
    api.call<T>('POST', path, { customerNumber, ...query })
  return {
    /** Every elastic entitlement of the customer. */
    elastic: (customerNumber: string, customername: string) =>
      api.call<EntitlementRow[]>('POST', '/getEntitlements', { customerNumber, customername }),
    page: (customerNumber: string, query: EntitlementQuery) =>
      list<EntitlementRow[]>('/fetchEntitlements', customerNumber, query),
    count: (customerNumber: string, query: EntitlementQuery) =>
      list<number>('/fetchEntitlements/count', customerNumber, query),
    distinct: (customerNumber: string, query: EntitlementQuery & { key: string }) =>
      list<unknown[]>('/fetchEntitlements/distinct', customerNumber, query),
    activePage: (customerNumber: string, query: EntitlementQuery) =>
      list<EntitlementRow[]>('/fetchEntitlements/active', customerNumber, query),
    inactivePage: (customerNumber: string, query: EntitlementQuery) =>
      list<EntitlementRow[]>('/fetchEntitlements/inactive', customerNumber, query),
    activeCount: (customerNumber: string, query: EntitlementQuery) =>
      list<number>('/fetchEntitlementsActive/count', customerNumber, query),
    inactiveCount: (customerNumber: string, query: EntitlementQuery) =>
      list<number>('/fetchEntitlementsInactive/count', customerNumber, query),
    activeDistinct: (customerNumber: string, query: EntitlementQuery & { key: string }) =>
      list<unknown[]>('/fetchEntitlementsActive/distinct', customerNumber, query),
    inactiveDistinct: (customerNumber: string, query: EntitlementQuery & { key: string }) =>
      list<unknown[]>('/fetchEntitlementsInactive/distinct', customerNumber, query),
    /** Total activated per activation id (the sum of its active fulfilments). */
    fulfillmentCounts: (customerNumber: string, activationId: string[]) =>
      api.call<Record<string, number>>('POST', '/fulfillments/count', { customerNumber, activationId }),
    forecast: (customerNumber: string) => api.send(elasticCreditCalls.forecast, { customerNumber }),
    /** null clears the threshold. */
    setThreshold: (customerNumber: string, activationId: string, threshold: number | null) =>
      api.send(elasticCreditCalls.setThreshold, { customerNumber, activationId, threshold }),
  }
}

export type EntitlementCalls = ReturnType<typeof entitlementCalls>
