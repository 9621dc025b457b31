import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { alertPanels, alertSummary, NOTIFICATIONS_MAX_SIZE } from '../domain/alerts'
import { getActiveNotifications, getResolvedNotifications } from '../api-client/notifications.server'
import { requireScreen } from '../guards/screen.server'
import { ActiveAlertPanels, AlertsIntro } from '../ui/alerts/active-panels'
import { ResolvedAlertsTable } from '../ui/alerts/resolved-table'
import { AlertsTabs, type AlertsTab } from '../ui/alerts/tabs'
import { AlertsLoadError } from '../ui/alerts/load-error'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { screenTitle } from '../screens/registry'
import { partOfScreen } from '../view/page-title'
import { useShellLinks } from '../ui/alerts/use-shell-links'

/** The tabs' names in the page's title. */
const TAB_TITLES: Record<AlertsTab, string> = { active: 'Active', resolved: 'Resolved' }

export const meta = screenMeta<typeof loader>((page) =>
  partOfScreen(page && TAB_TITLES[page.tab], screenTitle('alerts')),
)

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireScreen(request, context, 'alerts')
  const tab: AlertsTab = new URL(request.url).searchParams.get('tab') === 'resolved' ? 'resolved' : 'active'
  const now = new Date()
  if (tab === 'active') {
    const reply = await getActiveNotifications(api)
    return reply.status === 'SUCCESS'
      ? { tab, error: null, panels: alertPanels(reply.data, now), rows: [], truncated: false }
      : { tab, error: reply.err, panels: [], rows: [], truncated: false }
  }
  const result = await getResolvedNotifications(api, now)
  return result.status === 'SUCCESS'
    ? { tab, error: null, panels: [], rows: result.data.map(alertSummary), truncated: result.truncated }
    : { tab, error: result.err, panels: [], rows: [], truncated: false }
}

export default function AlertsRoute() {
  const { tab, error, panels, rows, truncated } = useLoaderData<typeof loader>()
  const { customerNumber, supportUrl } = useShellLinks()
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        Alerts
      </h1>
      <AlertsTabs current={tab} customerNumber={customerNumber}>
        {tab === 'active' ? (
          <div className="space-y-4">
            <h2 className="sr-only">Active alerts</h2>
            <AlertsIntro supportUrl={supportUrl} />
            {error ? (
              <AlertsLoadError message={error} />
            ) : (
              <ActiveAlertPanels panels={panels} customerNumber={customerNumber} />
            )}
          </div>
        ) : (
          <div className="space-y-3">
            <h2 className="sr-only">Resolved alerts</h2>
            {error ? (
              <AlertsLoadError message={error} />
            ) : (
              <>
                <p className="text-sm text-gray-700">Times are in UTC.</p>
                <ResolvedAlertsTable rows={rows} customerNumber={customerNumber} />
                {truncated ? (
                  <p className="text-sm text-gray-700">Showing the latest {NOTIFICATIONS_MAX_SIZE} resolved alerts.</p>
                ) : null}
              </>
            )}
          </div>
        )}
      </AlertsTabs>
    </section>
  )
}

export const ErrorBoundary = RouteErrorPage
