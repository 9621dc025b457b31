/** Web Reporting's daily figures as a CSV file: the period and entitlement of the page's address. */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { loadWebReport } from '../web-report/report-loader.server'
import { reportCsv } from '../web-report/report-text'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { report, screen } = await loadWebReport(request, context)
  return new Response(reportCsv(report.entitlements), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="web-report-${screen.customerNumber}-${report.from}-${report.to}.csv"`,
      'Cache-Control': 'no-store',
    },
  })
}
