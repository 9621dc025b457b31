/** The contract an order is placed against, as the page and the action both read it. */
import { FSA_FIELD, type FsaContract } from '../domain/fsa-types'
import type { FsaProduct } from '../domain/fsa-pricing'
import type { OrderContext, OrderParty } from '../domain/fsa-order-form'

export interface OrderContract {
  id: string
  label: string
  startDate: string
  endDate: string
  available: number
  total: number
  currency: string
  products: FsaProduct[]
  orderId: string
  poNumber: string
  busopsEmails: string
}

export function orderContract(c: FsaContract): OrderContract {
  return {
    id: c.EntitlementID,
    label: c.EntitlementID,
    startDate: c.StartDate.slice(0, 10),
    endDate: c.EndDate.slice(0, 10),
    available: c.Available,
    total: c[FSA_FIELD.price],
    currency: c[FSA_FIELD.currency] || 'USD',
    products: c[FSA_FIELD.products] ?? [],
    orderId: c.OrderId,
    poNumber: c[FSA_FIELD.poNumber] ?? '',
    busopsEmails: c[FSA_FIELD.busopsEmails] ?? '',
  }
}

export const orderContext = (c: OrderContract, today: string): OrderContext => ({
  products: c.products,
  contractStart: c.startDate,
  contractEnd: c.endDate,
  available: c.available,
  today,
})

export const orderParty = (
  c: OrderContract,
  customer: { customerNumber: string; customerName: string },
): OrderParty => ({
  customerNumber: customer.customerNumber,
  customerName: customer.customerName,
  contractId: c.id,
  orderId: c.orderId,
  poNumber: c.poNumber,
  currency: c.currency,
  busopsEmails: c.busopsEmails,
})
