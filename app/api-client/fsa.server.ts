/**
 * The Flexible Spending Account calls of the licensing API (spec 3 section 7,
 * FSA): the customer's contracts with their balance and orderable products,
 * the order history, and an order (POST /entitlements).
 */
import type { FsaOrderRequest } from '../domain/fsa-types'
import type { ApiClient } from './client.server'
import { fsaCalls as declared } from '../../api/contract/fsa'

export function fsaCalls(api: ApiClient) {
  return {
    contracts: (customerNumber: string) => api.send(declared.contracts, { customerNumber }),
    history: (customerNumber: string) => api.send(declared.history, { customerNumber }),
    order: (request: FsaOrderRequest) => api.send(declared.order, request),
  }
}
