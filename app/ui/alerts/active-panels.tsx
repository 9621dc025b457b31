import { Link } from '@remix-run/react'
import type { AlertPanel } from '../../domain/alerts'
import { withCustomer } from '../customer-href'
import { AlertIcon } from './icons'
import { CATEGORY_ICON_LABEL, CATEGORY_STYLE } from './category-style'

export const ALERTS_INTRO =
  'We constantly monitor our services and their related components. If there is ever a service interruption, a notification will be posted to this page. If you are experiencing problems not listed on this page, you can submit a request for service.'

const REQUEST_TEXT = 'submit a request for service'

/** The Active tab's intro (spec 1 section 2.10); the request for service links to support when known. */
export function AlertsIntro({ supportUrl }: { supportUrl: string | null }) {
  const at = ALERTS_INTRO.indexOf(REQUEST_TEXT)
  if (!supportUrl || at === -1) return <p>{ALERTS_INTRO}</p>
  return (
    <p>
      {ALERTS_INTRO.slice(0, at)}
      <a href={supportUrl} className="underline">
        {REQUEST_TEXT}
      </a>
      {ALERTS_INTRO.slice(at + REQUEST_TEXT.length)}
    </p>
  )
}

/** 'No issues', or one panel per severity with its count, services and a See all link. */
export function ActiveAlertPanels({ panels, customerNumber }: { panels: AlertPanel[]; customerNumber: string | null }) {
  if (panels.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded border border-green-700 bg-green-50 px-4 py-3 text-green-950">
        <AlertIcon icon="check_circle" label="OK" className="h-6 w-6 text-green-700" />
        No issues
      </p>
    )
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2" aria-label="Active alerts by severity">
      {panels.map((panel) => {
        const style = CATEGORY_STYLE[panel.category]
        const titleId = `alerts-panel-${panel.slug}`
        return (
          <li key={panel.category}>
            <article aria-labelledby={titleId} className={`h-full space-y-2 rounded border-l-4 p-4 ${style.panel}`}>
              <div className="flex items-center gap-2">
                <AlertIcon
                  icon={panel.icon}
                  label={CATEGORY_ICON_LABEL[panel.category]}
                  className={`h-7 w-7 ${style.icon}`}
                />
                <h3 id={titleId} className="text-lg font-semibold">
                  {panel.title}
                </h3>
                <span
                  className="ml-auto rounded-full bg-white px-2 py-0.5 text-sm font-semibold"
                  data-testid="alert-count"
                >
                  {panel.count} {panel.count === 1 ? 'alert' : 'alerts'}
                </span>
              </div>
              {panel.services ? <p>{panel.services}</p> : null}
              <p>
                <Link
                  to={withCustomer(`/notifications-category/${panel.slug}`, customerNumber)}
                  className="font-medium"
                >
                  See all<span className="sr-only"> {panel.title} alerts</span>
                </Link>
              </p>
            </article>
          </li>
        )
      })}
    </ul>
  )
}
