/**
 * The Home page's calls: the cards of the customer in hand (POST /home/summary)
 * and the user's customers with a few figures each (POST /home/customers).
 */
import type { HomeCustomers, HomeSummary } from '../domain/home-summary'
import type { ApiClient } from './client.server'

export function homeCalls(api: ApiClient) {
  return {
    summary: (customerNumber: string) => api.call<HomeSummary>('POST', '/home/summary', { customerNumber }),
    customers: () => api.call<HomeCustomers>('POST', '/home/customers', {}),
  }
}
