import { useEffect, useRef, useState } from 'react'
import { Link, useFetcher, useLocation, useRevalidator } from '@remix-run/react'
import { ALERTS_AUTO_REFRESH_MS, categoryIcon, type Banner } from '../../domain/alerts'
import { withCustomer } from '../customer-href'
import { useHydrated } from '../use-hydrated'
import { AlertIcon, CloseIcon } from './icons'
import { AlertPeriod } from './alert-period'
import { CATEGORY_ICON_LABEL, CATEGORY_STYLE } from './category-style'

export const DISMISS_ACTION = '/resources/alerts/dismiss'

/**
 * With JavaScript, reloads the page's data every ALERTS_AUTO_REFRESH_MS so a
 * new alert shows without navigating; the shell asks the API again because its
 * cached alerts are older than the minimum delay by then.
 */
export function useAlertsAutoRefresh(intervalMs = ALERTS_AUTO_REFRESH_MS) {
  const revalidator = useRevalidator()
  const latest = useRef(revalidator)
  latest.current = revalidator
  useEffect(() => {
    const timer = setInterval(() => {
      if (latest.current.state === 'idle') latest.current.revalidate()
    }, intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
}

/**
 * The alerts banner above the toolbar (spec 1 section 2.4). Closing it posts
 * the shown alert ids to the dismiss route: a plain form without JavaScript
 * (the page reloads without the banner), a fetcher with it (the banner goes at
 * once).
 */
export function AlertsBanner({ banner, customerNumber }: { banner: Banner; customerNumber: string | null }) {
  useAlertsAutoRefresh()
  // Most pages show no banner: the dismiss fetcher and its state exist only while one is shown.
  return banner.mode === 'none' ? null : <ShownBanner banner={banner} customerNumber={customerNumber} />
}

function ShownBanner({
  banner,
  customerNumber,
}: {
  banner: Exclude<Banner, { mode: 'none' }>
  customerNumber: string | null
}) {
  const fetcher = useFetcher<{ ok: boolean; error?: string }>()
  const location = useLocation()
  const hydrated = useHydrated()
  const [closedIds, setClosedIds] = useState<string | null>(null)
  const section = useRef<HTMLElement>(null)
  const submittedIds = fetcher.formData?.get('ids')
  useEffect(() => {
    if (typeof submittedIds === 'string') setClosedIds(submittedIds)
  }, [submittedIds])

  const ids = banner.ids.join(',')
  const failed = fetcher.state === 'idle' && fetcher.data?.ok === false
  if (!failed && (closedIds === ids || submittedIds === ids)) return null

  const style = CATEGORY_STYLE[banner.category]
  const seeHref = withCustomer('/notifications', customerNumber)
  return (
    <section
      ref={section}
      aria-label="Service alerts"
      data-testid="alerts-banner"
      className={`flex items-start gap-3 border-b-4 px-4 py-3 ${style.panel}`}
    >
      <AlertIcon
        icon={categoryIcon(banner.category)}
        label={CATEGORY_ICON_LABEL[banner.category]}
        className={`mt-0.5 h-6 w-6 ${style.icon}`}
      />
      <div className="min-w-0 flex-1 space-y-1">
        {banner.mode === 'single' ? (
          <>
            <p>
              <strong>{banner.categoryTitle}</strong>
              {banner.services ? <span>: {banner.services}</span> : null}
            </p>
            <p>{banner.description}</p>
            <AlertPeriod lead="from" alert={banner}>
              {' '}
              <span className="text-gray-700">(UTC)</span>
            </AlertPeriod>
            <p>
              <Link to={seeHref} className="font-medium">
                See More
              </Link>
            </p>
          </>
        ) : (
          <>
            <p>
              <strong>{banner.title}</strong>
            </p>
            <p>{banner.text}</p>
            <p>
              <Link to={seeHref} className="font-medium">
                See All
              </Link>
            </p>
          </>
        )}
        {failed ? (
          <p role="alert" className="text-sm font-medium text-red-800">
            {fetcher.data?.error}
          </p>
        ) : null}
      </div>
      <fetcher.Form method="post" action={DISMISS_ACTION} onSubmit={() => focusAfter(section.current)}>
        <input type="hidden" name="ids" value={ids} />
        <input type="hidden" name="returnTo" value={location.pathname + location.search} />
        {hydrated ? <input type="hidden" name="fetch" value="1" /> : null}
        <button
          type="submit"
          aria-label="Close alerts banner"
          title="Close alerts banner"
          className="rounded p-1 hover:bg-black/10"
        >
          <CloseIcon />
        </button>
      </fetcher.Form>
    </section>
  )
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

/** Keeps keyboard focus in place when the banner goes: on the first shown control after it. */
function focusAfter(element: HTMLElement | null) {
  if (!element) return
  const next = Array.from(document.querySelectorAll<HTMLElement>(FOCUSABLE)).find(
    (node) =>
      !element.contains(node) &&
      element.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING &&
      // Controls for other window sizes (e.g. the Menu button on a wide window) are not shown.
      node.getClientRects().length > 0,
  )
  next?.focus()
}
