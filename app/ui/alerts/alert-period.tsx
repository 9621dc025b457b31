import type { ReactNode } from 'react'
import type { AlertFacts } from '../../domain/alerts'

/** When an alert runs: '<lead> <start>', then ' to <end>' when it has an end, then anything after. */
export function AlertPeriod({
  lead,
  alert,
  children,
  inline = false,
}: {
  /** 'From' or 'from'. */
  lead: string
  /** Inside a line of text (a span) rather than a paragraph of its own. */
  inline?: boolean
  alert: Pick<AlertFacts, 'start' | 'end' | 'startsAt' | 'endsAt'>
  children?: ReactNode
}) {
  const Tag = inline ? 'span' : 'p'
  return (
    <Tag className="text-sm">
      {lead} <time dateTime={alert.startsAt}>{alert.start}</time>
      {alert.end ? (
        <>
          {' '}
          to <time dateTime={alert.endsAt ?? undefined}>{alert.end}</time>
        </>
      ) : null}
      {children}
    </Tag>
  )
}
