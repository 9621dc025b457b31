/**
 * An entitlement as every entitlement call of the licensing API returns it (spec 2
 * section 3): the contract the API's list columns, the portal's calls and the grids
 * that show the rows all use.
 */
import { PRODUCT_PREFIX } from './product'
import type { EntitlementType } from './entitlements'

/** The vendor-prefixed custom attributes of an entitlement row. */
export const ENTITLEMENT_FIELD = {
  product: `CA[ENT|${PRODUCT_PREFIX}product]`,
  count: `CA[ENT|${PRODUCT_PREFIX}count]`,
  rateTableVersion: `CA[ENT|${PRODUCT_PREFIX}ratetableversion]`,
  poNumber: `CA[ENT|${PRODUCT_PREFIX}ponum]`,
  kind: `CA[ENT|${PRODUCT_PREFIX}type]`,
  price: `CA[ENT|${PRODUCT_PREFIX}price]`,
} as const

type Field = typeof ENTITLEMENT_FIELD

/** An entitlement as every entitlement call returns it. */
export type EntitlementRow = {
  ActivationId: string
  EntitlementName: string
  ProductName: string
  Type: EntitlementType
  EntitlementState: string
  LicenseModel: string
  LicenseModelGroup: string
  LineItemQuantity: number
  /** 'YYYY-MM-DD' */
  StartDate: string
  /** '' when permanent. */
  EndDate: string
  /** The maintenance end; '' when none. */
  VersionDate: string
  IsActivationPermanent: 'true' | 'false'
  Currency: string
  VendorDaemon: string
  Borrowable: boolean
  Used: number
  /** null when permanent. */
  RemainingDays: number | null
  UsedDays: number
  TotalActivated: number
} & { [K in Field['product'] | Field['rateTableVersion'] | Field['poNumber']]: string } & {
  [K in Field['price']]: number | null
} & {
  [K in Field['count']]: number
} & { [K in Field['kind']]: 'Evaluation' | 'Commercial' }
