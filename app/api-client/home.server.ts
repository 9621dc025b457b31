/**
 * The Home page's calls: the cards of the customer in hand (POST /home/summary)
 * and the user's customers with a few figures each (POST /home/customers).
 */
import type { ApiClient } from './client.server'
import { homeCalls as declared } from '../../api/contract/home'

export function homeCalls(api: ApiClient) {
  return {
    summary: (customerNumber: string) => api.send(declared.summary, { customerNumber }),
    customers: () => api.send(declared.customers, {}),
  }
}
