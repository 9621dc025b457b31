/** The Flexible Spending Account page's address: its tabs, the contract to order from, the contract search. */
import { withCustomer } from '../ui/customer-href'
import { screenPath, screenTitle } from '../screens/registry'
import { partOfScreen } from '../view/page-title'

/** Each tab's label, and its name in the page's title. */
export const FSA_TABS = [
  { key: 'entitlements', label: 'Entitlements', title: 'Entitlements' },
  { key: 'order', label: 'Order Products', title: 'Order Products' },
  { key: 'history', label: 'History', title: 'Order History' },
] as const
export type FsaTab = (typeof FSA_TABS)[number]['key']

export function fsaTab(params: URLSearchParams): FsaTab {
  const tab = params.get('tab')
  return FSA_TABS.find((t) => t.key === tab)?.key ?? 'entitlements'
}

/** The page's name in its title: the tab's, then the screen's; the screen's alone for a customer without an account. */
export function fsaPageName(page: { tab: FsaTab; hasFsa: boolean } | undefined): string {
  const tab = page?.hasFsa ? FSA_TABS.find((t) => t.key === page.tab) : undefined
  return partOfScreen(tab?.title, screenTitle('fsa'))
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
