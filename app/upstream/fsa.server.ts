/**
 * The Flexible Spending Account calls of the licensing API (spec 3 section 7,
 * FSA): the customer's contracts with their balance and orderable products,
 * the order history, and an order (POST /entitlements).
 */
import type { FsaContract, FsaHistoryRow, FsaOrderItem, FsaOrderRequest } from '../domain/fsa-types'
import type { ApiClient } from './client.server'

export function fsaCalls(api: ApiClient) {
  return {
    contracts: (customerNumber: string) => api.call<FsaContract[]>('POST', '/fsa/contracts', { customerNumber }),
    history: (customerNumber: string) => api.call<FsaHistoryRow[]>('POST', '/fsa/history', { customerNumber }),
    order: (request: FsaOrderRequest) => api.call<FsaOrderItem[]>('POST', '/entitlements', request),
  }
}
