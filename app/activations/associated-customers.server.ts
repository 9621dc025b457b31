/**
 * What the editor needs for Associated Customers: whether the user has more
 * than one customer account (then the search and the tab group show; one
 * /accounts call with limit 2), and the search's results without JavaScript.
 */
import { ASSOCIATED_LIMIT, showTabs } from '../domain/activation-editor'
import type { AccountRef } from '../domain/activation-types'
import type { ActivationCalls } from '../api-client/activations.server'

export interface AssociatedState {
  manyAccounts: boolean
  search: { q: string; results: AccountRef[] | null; error: string | null }
}

export async function associatedCustomers(calls: ActivationCalls, q: string): Promise<AssociatedState> {
  const text = q.trim()
  const accounts = await calls.accounts(2)
  const manyAccounts = accounts.status === 'SUCCESS' && showTabs(accounts.data.length)
  if (!manyAccounts || !text) return { manyAccounts, search: { q, results: null, error: null } }
  const found = await calls.searchAccounts(text, ASSOCIATED_LIMIT)
  return found.status === 'SUCCESS'
    ? { manyAccounts, search: { q, results: found.data, error: null } }
    : { manyAccounts, search: { q, results: null, error: found.err } }
}
