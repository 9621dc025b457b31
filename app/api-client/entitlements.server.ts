/**
 * The entitlement calls of the licensing API (spec 2 section 7): the elastic list,
 * the paged entitlement lists with their active/inactive split, fulfilment counts,
 * and the credit forecast with its low-balance thresholds.
 */
import type { EntitlementType } from '../domain/entitlements'
import type { ApiClient } from './client.server'
import { elasticCreditCalls } from '../../api/contract/elastic-credit'
import type { PageRequest } from './envelope'
import { entitlementCalls as declared } from '../../api/contract/entitlements'

/** The list request of the fetchEntitlements family. */
export interface EntitlementQuery extends PageRequest {
  /** 'ALL' or one type. */
  type: EntitlementType | 'ALL'
  state?: string
  /** Only these fields of each row (ProductName, ENTITLEMENT_FIELD.product...); the whole row without. */
  attributes?: string[]
}

export function entitlementCalls(api: ApiClient) {
  return {
    /** Every elastic entitlement of the customer. */
    elastic: (customerNumber: string, customername: string) =>
      api.send(declared.elastic, { customerNumber, customername }),
    page: (customerNumber: string, query: EntitlementQuery) =>
      api.send(declared.all.page, { customerNumber, ...query }),
    count: (customerNumber: string, query: EntitlementQuery) =>
      api.send(declared.all.count, { customerNumber, ...query }),
    distinct: (customerNumber: string, query: EntitlementQuery & { key: string }) =>
      api.send(declared.all.distinct, { customerNumber, ...query }),
    activePage: (customerNumber: string, query: EntitlementQuery) =>
      api.send(declared.active.page, { customerNumber, ...query }),
    inactivePage: (customerNumber: string, query: EntitlementQuery) =>
      api.send(declared.inactive.page, { customerNumber, ...query }),
    activeCount: (customerNumber: string, query: EntitlementQuery) =>
      api.send(declared.active.count, { customerNumber, ...query }),
    inactiveCount: (customerNumber: string, query: EntitlementQuery) =>
      api.send(declared.inactive.count, { customerNumber, ...query }),
    activeDistinct: (customerNumber: string, query: EntitlementQuery & { key: string }) =>
      api.send(declared.active.distinct, { customerNumber, ...query }),
    inactiveDistinct: (customerNumber: string, query: EntitlementQuery & { key: string }) =>
      api.send(declared.inactive.distinct, { customerNumber, ...query }),
    /** Total activated per activation id (the sum of its active fulfilments). */
    fulfillmentCounts: (customerNumber: string, activationId: string[]) =>
      api.send(declared.fulfillmentCounts, { customerNumber, activationId }),
    forecast: (customerNumber: string) => api.send(elasticCreditCalls.forecast, { customerNumber }),
    /** null clears the threshold. */
    setThreshold: (customerNumber: string, activationId: string, threshold: number | null) =>
      api.send(elasticCreditCalls.setThreshold, { customerNumber, activationId, threshold }),
  }
}
