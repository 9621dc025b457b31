/** The Flexible Spending Account page's address: its tabs, the contract to order from, the contract search. */
import { withCustomer } from '../ui/customer-href'
import { screenPath } from '../screens/registry'

export const FSA_TABS = [
  { key: 'entitlements', label: 'Entitlements' },
  { key: 'order', label: 'Order Products' },
  { key: 'history', label: 'History' },
] as const
export type FsaTab = (typeof FSA_TABS)[number]['key']

export function fsaTab(params: URLSearchParams): FsaTab {
  const tab = params.get('tab')
  return FSA_TABS.find((t) => t.key === tab)?.key ?? 'entitlements'
}

/** The page on a tab, for the customer; the order tab with the contract chosen. */
export function fsaHref(customerNumber: string, tab: FsaTab, more: Record<string, string> = {}): string {
  const href = withCustomer(screenPath('fsa'), customerNumber)
  const params = new URLSearchParams({ ...(tab === 'entitlements' ? {} : { tab }), ...more })
  const query = params.toString()
  return query ? `${href}${href.includes('?') ? '&' : '?'}${query}` : href
}

export const FSA_TEXTS = {
  noCustomer: 'Please select a customer from the drop down menu at the top right.',
  noFsa: 'This customer has no Flexible Spending Account.',
  noActive: 'Account does not have any active entitlements.',
  noContract: 'There is no FSA contract to order from: every contract has ended.',
  pickContract: 'Choose the FSA contract to order from.',
  contractGone: 'The FSA contract could not be found or has ended. Choose another.',
  unreadable: 'The order could not be read. Reload the page and try again.',
  fixLines: 'Correct the lines in error first.',
  question: (total: string) =>
    `The following FSA entitlements will be created at a cost of ${total}. Do you want to continue?`,
  httpError: (err: string) => `POST: ERROR in /api/entitlements: ${err}`,
} as const
