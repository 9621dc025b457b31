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
