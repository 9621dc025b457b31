/**
 * What the Web Reporting page and its CSV read: the period and entitlement from the address,
 * the report from the API, and the links each figure leads to (the filtered Web Transactions,
 * narrowed to a user, a group's members, an entitlement or its denials).
 */
import { data, type AppLoadContext } from '@remix-run/node'
import { requireCustomerScreen } from '../guards/screen.server'
import { webReportCall } from '../api-client/web-report.server'
import { failureStatus } from '../api-client/envelope'
import { webTransactionsHref } from '../web-usage/transactions-href'
import { withCustomer } from '../ui/customer-href'
import { screenPath } from '../screens/registry'
import { DAY_MS, formatDay } from '../domain/utc-day'
import { VERDICT_DAYS } from '../domain/web-report'
import { readReportParams, reportQuery } from './report-params'

export async function loadWebReport(request: Request, context: AppLoadContext) {
  const screen = await requireCustomerScreen(request, context, 'webReporting')
  const params = readReportParams(new URL(request.url).searchParams, Date.now())
  const reply = await webReportCall(screen.api)(
    screen.customerNumber,
    params.from,
    params.to,
    params.entitlement ?? undefined,
  )
  if (reply.status !== 'SUCCESS') throw data(reply.err, { status: failureStatus(reply) })
  return { screen, params, report: reply.data }
}

export async function reportPage(request: Request, context: AppLoadContext) {
  const { screen, params, report } = await loadWebReport(request, context)
  const customer = screen.customerNumber
  const { from, to } = report
  const verdictFrom = formatDay(Date.parse(`${report.today}T00:00:00Z`) - (VERDICT_DAYS - 1) * DAY_MS)
  const scope = params.entitlement ?? undefined
  return {
    customerNumber: customer,
    params,
    report,
    csvHref: withCustomer(`${screenPath('webReporting')}.csv?${reportQuery(params)}`, customer),
    links: Object.fromEntries(
      report.entitlements.map((e) => [
        e.activationId,
        {
          verdict: webTransactionsHref({
            customer,
            activationId: e.activationId,
            from: verdictFrom,
            to: report.today,
            ...(e.verdict.kind === 'denied' ? { outcome: 'denied' as const, reason: 'no-free-seat' } : {}),
          }),
          period: webTransactionsHref({ customer, activationId: e.activationId, from, to }),
          denials: webTransactionsHref({
            customer,
            activationId: e.activationId,
            outcome: 'denied',
            reason: 'no-free-seat',
            from,
            to,
          }),
        },
      ]),
    ),
    userLinks: Object.fromEntries(
      report.topUsers.map((u) => [
        u.email,
        webTransactionsHref({ customer, user: u.email, activationId: scope, from, to }),
      ]),
    ),
    groupLinks: Object.fromEntries(
      report.topGroups.map((g) => [
        g.name,
        webTransactionsHref({ customer, group: g.name, activationId: scope, from, to }),
      ]),
    ),
  }
}
