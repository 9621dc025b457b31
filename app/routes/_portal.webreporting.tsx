/**
 * Web Reporting (issue 36): for a period and one web entitlement or all, whether the seats
 * suffice: seats against peak use per day, utilisation, denials, the days at full use, the
 * verdict, the top users and groups, and the named seats nobody uses. Works without script:
 * the period is a GET form and the chart is drawn on the server.
 */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { reportPage } from '../web-report/report-loader.server'
import { seatsChartMarkup } from '../web-report/seats-chart.server'
import { chartSummary } from '../web-report/report-text'
import { EntitlementSection, PeriodForm, TopUsage } from '../web-report/report-sections'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { screenTitle } from '../screens/registry'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = await reportPage(request, context)
  const charts = Object.fromEntries(
    page.report.entitlements.map((e) => [
      e.activationId,
      seatsChartMarkup({
        id: `chart-${e.activationId.replace(/[^A-Za-z0-9_-]/g, '_')}`,
        title: `${e.productName}: seats and peak in use per day, ${page.report.from} to ${page.report.to}`,
        summary: chartSummary(e),
        days: e.days.map((d) => ({ date: d.date, seats: d.seats, peak: d.peak, denied: d.deniedNoSeat > 0 })),
      }),
    ]),
  )
  return { ...page, charts }
}

export const meta = screenMeta(screenTitle('webReporting'))

export default function WebReportingRoute() {
  const { report, params, customerNumber, charts, links, userLinks, groupLinks, csvHref } =
    useLoaderData<typeof loader>()
  return (
    <section aria-labelledby="page-title" className="max-w-5xl space-y-6">
      <h1 id="page-title" className="text-2xl font-semibold">
        {screenTitle('webReporting')}
      </h1>
      <PeriodForm params={params} choices={report.choices} customerNumber={customerNumber} />
      <p>
        From {report.from} to {report.to} (UTC days).{' '}
        {report.entitlements.length > 0 ? (
          <Link to={csvHref} reloadDocument className="underline">
            Download the daily figures (CSV)
          </Link>
        ) : null}
      </p>
      {report.choices.length === 0 ? <p>This customer has no web licences.</p> : null}
      {report.entitlements.map((e) => (
        <EntitlementSection
          key={e.activationId}
          e={e}
          chart={charts[e.activationId] ?? ''}
          links={links[e.activationId]!}
        />
      ))}
      {report.entitlements.length > 0 ? (
        <TopUsage report={report} userLinks={userLinks} groupLinks={groupLinks} />
      ) : null}
    </section>
  )
}

export const ErrorBoundary = RouteErrorPage
