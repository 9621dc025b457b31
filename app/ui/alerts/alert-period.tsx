import type { ReactNode } from 'react'

/** When an alert runs: '<lead> <start>', then ' to <end>' when it has an end, then anything after. */
export function AlertPeriod({
  lead,
  start,
  end,
  children,
}: {
  /** 'From' or 'from'. */
  lead: string
  start: string
  end: string | null
  children?: ReactNode
}) {
  return (
    <p className="text-sm">
      {lead} <time>{start}</time>
      {end ? (
        <>
          {' '}
          to <time>{end}</time>
        </>
      ) : null}
      {children}
    </p>
  )
}
