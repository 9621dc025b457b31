/**
 * The FSA contract as the licensing API answers it (spec 3 section 3, FSA
 * contract and FSA product), with the vendor-prefixed field names of the spec.
 */
import type { FsaProduct } from './fsa-pricing'
import { PRODUCT_PREFIX } from './product'

export const FSA_FIELD = {
  poNumber: `CA[ENT|${PRODUCT_PREFIX}ponum]`,
  busopsEmails: `CA[ENT|${PRODUCT_PREFIX}busopsemails]`,
  currency: `CA[ENT|${PRODUCT_PREFIX}currency]`,
  /** The contract's total balance. */
  price: `CA[ENT|${PRODUCT_PREFIX}price]`,
  products: `meta_${PRODUCT_PREFIX}.api.fsaproducts`,
} as const

type Field = typeof FSA_FIELD

export type FsaContract = {
  EntitlementID: string
  OrderId: string
  ProductName: string
  /** 'YYYY-MM-DD' */
  StartDate: string
  EndDate: string
  /** What orders have spent, and what is left (never below zero). */
  Used: number
  Available: number
} & { [K in Field['poNumber'] | Field['busopsEmails'] | Field['currency']]: string } & {
  [K in Field['price']]: number
} & { [K in Field['products']]: FsaProduct[] }

/** One line of the order history (spec 3 section 3, History row). */
export interface FsaHistoryRow {
  id: number
  /** The lease the line created. */
  entitlementId: string
  ansysproduct: string
  /** The contract charged. */
  fsaId: string
  orderid: string
  /** 'YYYY-MM-DD HH:mm:ss' (UTC) */
  orderdate: string
  count: number
  startdate: string
  enddate: string
  cost: number
  currency: string
  requester: string
  manual: boolean
}

/** One product of an order as POST /entitlements takes it (spec 3 section 3, create payload). */
export interface FsaOrderProduct {
  ansysbpn: string
  ansyscount: number
  ansysponum: string
  ansysprice: number
  ansyspriceusd?: number
  ansysproduct: string
  ansysquantity: number
  ansystype: 'Lease'
  ansyscurrency: string
  customerNumber: string
  customerName: string
  daemon?: string
  enddate: string
  orderid: string
  startdate: string
  manualentry: boolean
  manualProductName?: string
  productitemnumber?: string
}

export type FsaOrderRequest = {
  ansyshasfsa: true
  accountid: string
  customerNumber: string
  orderid: string
  fsaID: string
  ansyscurrency: string
  ansysbusopsemails: string
  products: FsaOrderProduct[]
}

/** Each product's outcome (spec 3 section 7). */
export interface FsaOrderItem {
  status: 'SUCCESS' | 'FAILURE'
  ansysbpn: string
  startdate: string
  enddate: string
  ansysquantity: number | null
  ansysprice: number | null
  activationId?: string
  err?: string
}
