import type { ApiClient, Account } from '../api-client/client.server'
import { isOutage } from '../api-client/envelope'
import { SERVICE_UNAVAILABLE_MESSAGE } from '../view/service-status'
import {
  classifyCustomerCount,
  CUSTOMER_RESULTS_SHOWN,
  CUSTOMER_SEARCH_MESSAGES,
  parseCustomerSearch,
} from '../domain/customer-search'

export type CustomerSearchResult = { ok: true; count: number; accounts: Account[] } | { ok: false; error: string }

/** Spec 1 section 5: parse, count, refuse zero or too many, then list. An outage is said as such. */
export async function searchCustomers(api: ApiClient, text: string): Promise<CustomerSearchResult> {
  const parsed = parseCustomerSearch(text)
  if (!parsed.ok) return { ok: false, error: CUSTOMER_SEARCH_MESSAGES.invalidFilter }
  const filter = parsed.filter.criteria.length ? parsed.filter : undefined
  const count = await api.getAccountsCount(filter)
  if (isOutage(count)) return { ok: false, error: SERVICE_UNAVAILABLE_MESSAGE }
  if (count.status !== 'SUCCESS') return { ok: false, error: CUSTOMER_SEARCH_MESSAGES.invalidFilter }
  const problem = classifyCustomerCount(count.data)
  if (problem) return { ok: false, error: CUSTOMER_SEARCH_MESSAGES[problem] }
  const page = await api.getAccounts({
    filter,
    sorting: [{ name: 'AccountID', direction: 'asc' }],
    limit: CUSTOMER_RESULTS_SHOWN,
  })
  if (page.status !== 'SUCCESS') return { ok: false, error: isOutage(page) ? SERVICE_UNAVAILABLE_MESSAGE : page.err }
  return { ok: true, count: count.data, accounts: page.data }
}
