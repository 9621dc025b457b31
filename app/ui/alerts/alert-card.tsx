import { Link } from '@remix-run/react'
import type { AlertSummary } from '../../domain/alerts'
import { withCustomer } from '../customer-href'
import { AlertIcon } from './icons'
import { AlertPeriod } from './alert-period'
import { CATEGORY_ICON_LABEL, CATEGORY_STYLE } from './category-style'

/** One active alert on a category page, with its Details link. */
export function AlertCard({ alert, customerNumber }: { alert: AlertSummary; customerNumber: string | null }) {
  const style = CATEGORY_STYLE[alert.category]
  const titleId = `alert-${alert.id}-title`
  return (
    <article aria-labelledby={titleId} className={`space-y-2 rounded border-l-4 p-4 ${style.panel}`}>
      <div className="flex items-center gap-2">
        <AlertIcon icon={alert.icon} label={CATEGORY_ICON_LABEL[alert.category]} className={`h-6 w-6 ${style.icon}`} />
        <h2 id={titleId} className="text-lg font-semibold">
          {alert.title}
        </h2>
      </div>
      {alert.services ? (
        <p>
          <span className="font-medium">Affected service:</span> {alert.services}
        </p>
      ) : null}
      <p>{alert.description}</p>
      <AlertPeriod lead="From" alert={alert} />
      <p>
        <Link to={withCustomer(`/notification-details/${alert.id}`, customerNumber)} className="font-medium">
          Details<span className="sr-only"> of {alert.title}</span>
        </Link>
      </p>
    </article>
  )
}
