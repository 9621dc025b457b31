/**
 * The entitlement calls of the licensing API (spec 2 section 7): the elastic list,
 * the paged entitlement lists with their active/inactive split, fulfilment counts,
 * and the credit forecast with its low-balance thresholds.
 */
import { PRODUCT_PREFIX } from '../domain/product'
import type { EntitlementType } from '../domain/entitlements'
import type { CreditForecast } from '../domain/credit-forecast'
import type { ApiClient } from './client.server'
import type { PageRequest } from './envelope'

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
} & { [K in Field['product'] | Field['rateTableVersion'] | Field['poNumber'] | Field['price']]: string } & {
  [K in Field['count']]: number
} & { [K in Field['kind']]: 'Evaluation' | 'Commercial' }

/** The list request of the fetchEntitlements family. */
export interface EntitlementQuery extends PageRequest {
  /** 'ALL' or one type. */
  type: EntitlementType | 'ALL'
  state?: string
  attributes?: string[]
}

/** One active elastic entitlement's credit: what the forecast section shows. */
export interface CreditStatus {
  ActivationId: string
  product: string
  LineItemQuantity: number
  Used: number
  Remaining: number
  Currency: string
  StartDate: string
  EndDate: string
  threshold: number | null
  thresholdNotifiedAt: string | null
  /** The last 30 days, oldest first, every day present. */
  dailyUsed: { day: string; used: number }[]
  usedBeforeWindow: number
  forecast: CreditForecast
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
    /** Total activated per activation id (the sum of its active fulfilments). */
    fulfillmentCounts: (customerNumber: string, activationId: string[]) =>
      api.call<Record<string, number>>('POST', '/fulfillments/count', { customerNumber, activationId }),
    forecast: (customerNumber: string) =>
      api.call<CreditStatus[]>('POST', '/entitlements/forecast', { customerNumber }),
    /** null clears the threshold. */
    setThreshold: (customerNumber: string, activationId: string, threshold: number | null) =>
      api.call<{ threshold: number | null; notified: boolean }>('POST', '/entitlements/threshold', {
        customerNumber,
        activationId,
        threshold,
      }),
  }
}

export type EntitlementCalls = ReturnType<typeof entitlementCalls>
