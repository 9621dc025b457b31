import { Link } from '@remix-run/react'
import { withCustomer } from '../customer-href'

/** The Back button of the alert screens: to the alerts list. */
export function BackToAlerts({ customerNumber }: { customerNumber: string | null }) {
  return (
    <Link to={withCustomer('/notifications', customerNumber)} className="btn-secondary">
      <span aria-hidden="true">←</span> Back<span className="sr-only"> to Alerts</span>
    </Link>
  )
}
