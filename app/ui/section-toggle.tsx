/**
 * A collapsible section whose open or closed state is in the address
 * (`closed=active,inactive`), so it folds without JavaScript, can be bookmarked,
 * and a closed section's loader asks for none of its data. The heading holds a
 * link to the same page with the section's name added to or removed from the
 * list; every other parameter is kept.
 */
import type { ReactNode } from 'react'
import { Link, useLocation } from '@remix-run/react'
import { useHydrated } from './use-hydrated'

export const CLOSED_PARAM = 'closed'

/** The sections the address names as closed. */
export function closedSections(params: URLSearchParams, param = CLOSED_PARAM): Set<string> {
  const raw = params.get(param) ?? ''
  return new Set(
    raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
}

export function isSectionOpen(params: URLSearchParams, id: string, param = CLOSED_PARAM): boolean {
  return !closedSections(params, param).has(id)
}

/** The query string (with '?', or '' when empty) after opening or closing section `id`. */
export function toggledSearch(search: string, id: string, param = CLOSED_PARAM): string {
  const params = new URLSearchParams(search)
  const closed = closedSections(params, param)
  if (closed.has(id)) closed.delete(id)
  else closed.add(id)
  if (closed.size) params.set(param, [...closed].sort().join(','))
  else params.delete(param)
  const text = params.toString()
  return text ? `?${text}` : ''
}

export function SectionToggle({
  id,
  title,
  open,
  children,
  level = 2,
}: {
  /** The section's name in the address, e.g. 'active'. */
  id: string
  title: string
  open: boolean
  children: ReactNode
  level?: 2 | 3
}) {
  const location = useLocation()
  const hydrated = useHydrated()
  const headingId = `section-${id}`
  const bodyId = `section-${id}-body`
  const Heading = level === 2 ? 'h2' : 'h3'
  // Without JavaScript the new page scrolls to the heading, so focus continues where it was.
  const href = `${location.pathname}${toggledSearch(location.search, id)}${hydrated ? '' : `#${headingId}`}`
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <Heading id={headingId} className={level === 2 ? 'text-xl font-semibold' : 'text-lg font-semibold'}>
        <Link
          to={href}
          preventScrollReset
          replace
          aria-expanded={open}
          aria-controls={bodyId}
          className="inline-flex items-center gap-2 text-gray-900 no-underline hover:underline"
          data-section-toggle={id}
        >
          <span aria-hidden="true" className="inline-block w-4 text-brand-700">
            {open ? '▾' : '▸'}
          </span>
          {title}
        </Link>
      </Heading>
      <div id={bodyId} hidden={!open}>
        {open ? children : null}
      </div>
    </section>
  )
}
