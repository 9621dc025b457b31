import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { alertSummary, alertsOfCategory, categoryFromSlug, categoryTitle } from '../domain/alerts'
import { getActiveNotifications } from '../api-client/notifications.server'
import { requireScreen } from '../guards/screen.server'
import { AlertCard } from '../ui/alerts/alert-card'
import { BackToAlerts } from '../ui/alerts/back-link'
import { AlertsLoadError } from '../ui/alerts/load-error'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { useShellLinks } from '../ui/alerts/use-shell-links'

/** Named as its heading: '<category title> Alerts'. */
const heading = (title: string) => `${title} Alerts`

export const meta = screenMeta<typeof loader>((data) => (data ? heading(data.title) : undefined))

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireScreen(request, context, 'alertCategory')
  const category = categoryFromSlug(params.category ?? '')
  if (!category) {
    throw new Response('There is no such alert category. The categories are critical, warning, info and ok.', {
      status: 404,
    })
  }
  const now = new Date()
  const title = categoryTitle(category)
  const reply = await getActiveNotifications(api)
  if (reply.status !== 'SUCCESS') return { title, error: reply.err, alerts: [] }
  return { title, error: null, alerts: alertsOfCategory(reply.data, category, now).map(alertSummary) }
}

export default function CategoryAlertsRoute() {
  const { title, error, alerts } = useLoaderData<typeof loader>()
  const { customerNumber } = useShellLinks()
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <BackToAlerts customerNumber={customerNumber} />
      <h1 id="page-title" className="text-2xl font-semibold">
        {heading(title)}
      </h1>
      {error ? (
        <AlertsLoadError message={error} />
      ) : alerts.length === 0 ? (
        <p className="rounded border border-gray-300 bg-white p-4">There are no active alerts in this category.</p>
      ) : (
        <>
          <p className="text-sm text-gray-700">Times are in UTC.</p>
          <ul className="space-y-4">
            {alerts.map((alert) => (
              <li key={alert.id}>
                <AlertCard alert={alert} customerNumber={customerNumber} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}

export const ErrorBoundary = RouteErrorPage
