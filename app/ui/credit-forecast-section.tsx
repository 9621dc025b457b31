/**
 * The Credit forecast section of Elastic Licensing: for each active elastic
 * entitlement, when its credit runs out, its burn-down chart (markup drawn on the
 * server) and its low-balance threshold form.
 */
import type { SubmissionResult } from '@conform-to/react'
import { formatNumber } from '../domain/entitlements'
import type { CreditView } from './credit-view.server'
import { ThresholdForm } from './threshold-form'
import { dayText } from '../domain/date-format'

export function thresholdText(threshold: number | null, currency: string) {
  return threshold === null ? 'No low-balance threshold is set.' : `Threshold ${formatNumber(threshold)} ${currency}.`
}

export function CreditForecastSection({
  credits,
  error,
  viewOnly,
  formAction,
  lastResult,
}: {
  credits: CreditView[]
  error: string | null
  viewOnly: boolean
  formAction: string
  /** The action's answer to a threshold form that was refused, for the entitlement it names. */
  lastResult: { activationId: string; result: SubmissionResult<string[]> } | undefined
}) {
  if (error) {
    return (
      <p role="alert" className="font-medium text-red-800">
        {error}
      </p>
    )
  }
  if (credits.length === 0) return <p className="text-sm text-gray-700">No active elastic entitlements.</p>
  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-700">
        When each active entitlement runs out at the rate of its last 30 days, and the balance that sends a low-balance
        e-mail.
      </p>
      <ul className="grid gap-4 lg:grid-cols-2">
        {credits.map((c) => {
          return (
            <li
              key={c.activationId}
              id={`credit-${c.activationId}`}
              className="min-w-0 space-y-3 rounded border border-gray-300 bg-white p-4"
              data-credit={c.activationId}
            >
              <h3 className="text-base font-semibold break-words">{c.name}</h3>
              <p>
                <span className="font-medium" data-forecast-text="">
                  {c.text}
                </span>
                <br />
                Remaining {formatNumber(c.remaining, 1)} of {formatNumber(c.total, 1)} {c.currency}
                {c.endDate ? `, term ends ${dayText(c.endDate)}` : ''}.
              </p>
              {/* Drawn on the server (app/ui/burn-down-chart.server.tsx); React escaped every text in it. */}
              <div dangerouslySetInnerHTML={{ __html: c.chart }} />
              <p className="text-sm">
                {thresholdText(c.threshold, c.currency)}
                {c.thresholdNotifiedAt ? ` The low-balance e-mail was sent on ${dayText(c.thresholdNotifiedAt)}.` : ''}
              </p>
              <ThresholdForm
                key={`${c.activationId}-${c.threshold}`}
                activationId={c.activationId}
                label={c.name}
                total={c.total}
                currency={c.currency}
                threshold={c.threshold}
                viewOnly={viewOnly}
                action={formAction}
                lastResult={lastResult?.activationId === c.activationId ? lastResult.result : null}
              />
            </li>
          )
        })}
      </ul>
    </div>
  )
}
