/**
 * The statement of the licensing API (spec 2 section 3, Statement response), as
 * the API computes it and the portal shows it; the calls and their requests are
 * declared in api/contract/statements.
 */
import { PRODUCT_PREFIX } from './product'

/** The purchase order field of a statement record. */
export const PO_FIELD = `CA[ENT|${PRODUCT_PREFIX}ponum]` as const

/** The API's message when the customer has no elastic entitlement in the period (the portal stays silent). */
export const NO_ACTIVE_ENTITLEMENTS = 'No active entitlements for account'

/** What a product cost in a period: elastic units (the entitlement's currency). */
export interface StatementProductTotal {
  product: string
  total: number
  currency: string
}

/** One elastic entitlement (a purchase order line) in the period. Amounts are to the cent. */
export interface StatementRecord {
  [PO_FIELD]: string
  ActivationId: string
  /** The entitlement's term, 'YYYY-MM-DD'; EndDate '' when permanent. */
  StartDate: string
  EndDate: string
  /** LineItemQuantity less every charge before the period. */
  BalanceBeforeStart: number
  /** LineItemQuantity less every charge up to the period's end (negative when overdrawn). */
  BalanceAtEnd: number
  /** The charges within the period. */
  Used: number
  Currency: string
  LineItemQuantity: number
  /** Every charge up to the period's end. */
  TotalUsed: number
  /** The period's charges by product, largest first. */
  Products: StatementProductTotal[]
}

export interface StatementData {
  Customer: {
    /** 'YYYY-MM-DD' */
    ReportDate: string
    CustomerNumber: string
    CustomerName: string
    /** The period, 'YYYY-MM-DD'. */
    From: string
    To: string
  }
  Records: StatementRecord[]
  /** The period's charges by product and currency over every record, largest first. */
  Products: StatementProductTotal[]
}
