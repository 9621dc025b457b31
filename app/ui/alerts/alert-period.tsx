import type { ReactNode } from 'react'
import type { AlertFacts } from '../../domain/alerts'

/** When an alert runs: '<lead> <start>', then ' to <end>' when it has an end, then anything after. */
export function AlertPeriod({
  lead,
  alert,
  children,
}: {
  /** 'From' or 'from'. */
  lead: string
  alert: Pick<AlertFacts, 'start' | 'end' | 'startsAt' | 'endsAt'>
  children?: ReactNode
}) {
  return (
    <p className="text-sm">
      {lead} <time dateTime={alert.startsAt}>{alert.start}</time>
      {alert.end ? (
        <>
          {' '}
          to <time dateTime={alert.endsAt ?? undefined}>{alert.end}</time>
        </>
      ) : null}
      {children}
    </p>
  )
}
