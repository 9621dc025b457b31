/**
 * The Home page's web licences card: seats in use now, the denials of the last 7 days and each
 * web entitlement's verdict (app/domain/web-report), each leading to Web Reporting or to the
 * filtered Web Transactions.
 */
import type { HomeWeb } from '../domain/home-summary'
import { addDays } from '../domain/entitlements'
import { webTransactionsHref } from '../web-usage/transactions-href'
import { withCustomer } from '../ui/customer-href'
import { screenPath } from '../screens/registry'

export interface WebCardView {
  inUseText: string
  deniedText: string
  deniedHref: string
  reportHref: string
  entitlements: { activationId: string; name: string; verdict: string; kind: string; href: string }[]
}

const reportHref = (customer: string, activationId?: string) =>
  withCustomer(
    `${screenPath('webReporting')}${activationId ? `?${new URLSearchParams({ entitlement: activationId })}` : ''}`,
    customer,
  )

export function webCardView(web: HomeWeb, customer: string, today: string): WebCardView {
  return {
    inUseText: `${web.inUse} of ${web.seats} ${web.seats === 1 ? 'seat' : 'seats'} in use now`,
    deniedText: `${web.deniedLast7} ${web.deniedLast7 === 1 ? 'checkout' : 'checkouts'} denied in the last 7 days`,
    deniedHref: webTransactionsHref({ customer, outcome: 'denied', from: addDays(today, -6), to: today }),
    reportHref: reportHref(customer),
    entitlements: web.entitlements.map((e) => ({
      activationId: e.activationId,
      name: e.productName,
      verdict: e.verdict.text,
      kind: e.verdict.kind,
      href: reportHref(customer, e.activationId),
    })),
  }
}
