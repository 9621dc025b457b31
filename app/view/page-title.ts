export const PORTAL_NAME = 'Licensing Portal'

/** Between the parts of a page title: an en dash with a space each side. */
export const TITLE_SEPARATOR = ' – '

/**
 * The name of a part of a screen (a tab, a record, a sub-page): the part, then
 * the screen, e.g. 'Order History – Flexible Spending Account'; the screen alone
 * without a part.
 */
export function partOfScreen(part: string | null | undefined, screen: string): string {
  return part ? `${part}${TITLE_SEPARATOR}${screen}` : screen
}

/** The customer as the shell names it. */
export type TitleCustomer = { AccountID: string; AccountName: string }

function customerText(customer: TitleCustomer | null | undefined): string {
  if (!customer) return ''
  return `${customer.AccountID.trim()} ${customer.AccountName.trim()}`.trim()
}

/**
 * A page's title: the screen, the selected customer, then the portal, e.g.
 * 'Emails – 1000001 Acme Aerospace – Licensing Portal'. A missing screen or
 * customer is left out; with neither the title is the portal's name alone.
 */
export function pageTitle(screen?: string | null, customer?: TitleCustomer | null): string {
  return [screen?.replace(/\s+/g, ' ').trim(), customerText(customer), PORTAL_NAME]
    .filter((part) => part)
    .join(TITLE_SEPARATOR)
}
