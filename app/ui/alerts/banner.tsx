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
 * The alerts banner (spec 1 section 2.4): a slim strip under the toolbar. Closing it posts
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
      className={`alerts-strip flex items-center gap-2 border-b border-l-4 px-4 py-1.5 text-sm ${style.panel}`}
    >
      <AlertIcon
        icon={categoryIcon(banner.category)}
        label={CATEGORY_ICON_LABEL[banner.category]}
        className={`h-5 w-5 ${style.icon}`}
      />
      {/* One line on a wide window (the rest is on the alerts page); wrapped on a narrow one. */}
      <p className="min-w-0 flex-1 md:truncate">
        {banner.mode === 'single' ? (
          <>
            <strong>{banner.categoryTitle}</strong>
            {banner.services ? <span>: {banner.services}</span> : null} <span>{banner.description}</span>{' '}
            <AlertPeriod lead="from" alert={banner} inline>
              {' '}
              <span className="text-gray-700">(UTC)</span>
            </AlertPeriod>
          </>
        ) : (
          <>
            <strong>{banner.title}</strong> <AlertCount count={banner.ids.length} /> <span>{banner.text}</span>
          </>
        )}
      </p>
      <Link to={seeHref} className="shrink-0 font-medium underline">
        {banner.mode === 'single' ? 'See More' : 'See All'}
      </Link>
      {failed ? (
        <p role="alert" className="shrink-0 font-medium text-red-800">
          {fetcher.data?.error}
        </p>
      ) : null}
      <fetcher.Form
        method="post"
        action={DISMISS_ACTION}
        className="shrink-0"
        onSubmit={() => focusAfter(section.current)}
      >
        <input type="hidden" name="ids" value={ids} />
        <input type="hidden" name="returnTo" value={location.pathname + location.search} />
        {hydrated ? <input type="hidden" name="fetch" value="1" /> : null}
        <button
          type="submit"
          aria-label="Close alerts banner"
          title="Close alerts banner"
          className="rounded p-0.5 hover:bg-black/10"
        >
          <CloseIcon />
        </button>
      </fetcher.Form>
    </section>
  )
}

/** How many alerts are active, as a small badge that reads as words. */
function AlertCount({ count }: { count: number }) {
  return (
    <span className="rounded-full bg-white/80 px-1.5 text-xs font-semibold">
      {count}
      <span className="sr-only"> active alerts</span>
    </span>
  )
}

/**
 * On a phone the strip gives way to a badge in the header: the count of active alerts, linking to
 * them. It goes with the strip when the strip is closed.
 */
export function AlertsBadge({ banner, customerNumber }: { banner: Banner; customerNumber: string | null }) {
  if (banner.mode === 'none') return null
  const count = banner.ids.length
  const style = CATEGORY_STYLE[banner.category]
  return (
    <Link
      to={withCustomer('/notifications', customerNumber)}
      className={`alerts-badge items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold no-underline ${style.panel}`}
      aria-label={count === 1 ? '1 active alert' : `${count} active alerts`}
    >
      <AlertIcon icon={categoryIcon(banner.category)} label="" className={`h-4 w-4 ${style.icon}`} />
      {count}
    </Link>
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
