import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { alertDetails } from '../domain/alerts'
import { getNotification } from '../api-client/notifications.server'
import { requireScreen } from '../guards/screen.server'
import { AlertDetailsView } from '../ui/alerts/alert-details'
import { BackToAlerts } from '../ui/alerts/back-link'
import { AlertsLoadError } from '../ui/alerts/load-error'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { useShellLinks } from '../ui/alerts/use-shell-links'

const HEADING = 'Alert Details'

/** Named by the alert's title, as an email is by its subject. */
export const meta = screenMeta<typeof loader>((data) => data?.alert?.title ?? HEADING)

const NOT_FOUND = 'This alert does not exist. It may have been removed.'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireScreen(request, context, 'alert')
  const raw = params.id ?? ''
  if (!/^[1-9][0-9]{0,14}$/.test(raw)) throw new Response(NOT_FOUND, { status: 404 })
  const now = new Date()
  const reply = await getNotification(api, Number(raw))
  if (reply.status !== 'SUCCESS') return { error: reply.err, alert: null }
  if (!reply.data) throw new Response(NOT_FOUND, { status: 404 })
  return { error: null, alert: alertDetails(reply.data, now) }
}

export default function AlertDetailsRoute() {
  const { error, alert } = useLoaderData<typeof loader>()
  const { customerNumber } = useShellLinks()
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <BackToAlerts customerNumber={customerNumber} />
      <h1 id="page-title" className="text-2xl font-semibold">
        {HEADING}
      </h1>
      {error || !alert ? <AlertsLoadError message={error ?? ''} /> : <AlertDetailsView alert={alert} />}
      <BackToAlerts customerNumber={customerNumber} />
    </section>
  )
}

export const ErrorBoundary = RouteErrorPage
