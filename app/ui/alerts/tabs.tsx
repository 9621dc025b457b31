import type { KeyboardEvent, ReactNode } from 'react'
import { Link, useNavigate, useNavigation } from '@remix-run/react'
import { withCustomer } from '../customer-href'
import { useHydrated } from '../use-hydrated'

export type AlertsTab = 'active' | 'resolved'

const TABS: { id: AlertsTab; label: string }[] = [
  { id: 'active', label: 'Active' },
  { id: 'resolved', label: 'Resolved' },
]

const tabId = (tab: AlertsTab) => `alerts-tab-${tab}`
const PANEL_ID = 'alerts-tabpanel'

const tabClass = (selected: boolean) =>
  `inline-block border-b-2 px-4 py-2 font-medium no-underline ${
    selected ? 'border-brand-700 text-brand-800' : 'border-transparent text-gray-700 hover:border-gray-400'
  }`

/**
 * The Active and Resolved tabs. Each tab is a link (?tab=), so the tab is in
 * the URL and works without JavaScript; with JavaScript the links take the
 * tab roles, and the arrow, Home and End keys move between them.
 */
export function AlertsTabs({
  current,
  customerNumber,
  children,
}: {
  current: AlertsTab
  customerNumber: string | null
  children: ReactNode
}) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const navigation = useNavigation()
  // Spec 1 section 2.12: 'Getting Alerts...' while the other tab loads.
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/notifications'
  const href = (tab: AlertsTab) => withCustomer(`/notifications?tab=${tab}`, customerNumber)

  function onKeyDown(event: KeyboardEvent<HTMLAnchorElement>) {
    const index = TABS.findIndex((t) => t.id === current)
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % TABS.length,
      ArrowLeft: (index - 1 + TABS.length) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    }
    const next = moves[event.key]
    if (next === undefined) return
    event.preventDefault()
    const tab = TABS[next].id
    document.getElementById(tabId(tab))?.focus()
    if (tab !== current) navigate(href(tab))
  }

  if (!hydrated) {
    return (
      <>
        <nav aria-label="Alert tabs" className="border-b border-gray-300">
          <ul className="flex">
            {TABS.map((tab) => (
              <li key={tab.id}>
                <a
                  id={tabId(tab.id)}
                  href={href(tab.id)}
                  aria-current={tab.id === current ? 'page' : undefined}
                  className={tabClass(tab.id === current)}
                >
                  {tab.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <section id={PANEL_ID} aria-labelledby={tabId(current)} className="pt-4">
          {children}
        </section>
      </>
    )
  }

  return (
    <>
      <div role="tablist" aria-label="Alert tabs" className="flex border-b border-gray-300">
        {TABS.map((tab) => {
          const selected = tab.id === current
          return (
            <Link
              key={tab.id}
              id={tabId(tab.id)}
              to={href(tab.id)}
              role="tab"
              aria-selected={selected}
              aria-controls={selected ? PANEL_ID : undefined}
              tabIndex={selected ? 0 : -1}
              onKeyDown={onKeyDown}
              preventScrollReset
              className={tabClass(selected)}
            >
              {tab.label}
            </Link>
          )
        })}
      </div>
      <p role="status" className={loading ? 'pt-4 text-gray-700' : 'sr-only'}>
        {loading ? 'Getting Alerts...' : ''}
      </p>
      <div
        role="tabpanel"
        id={PANEL_ID}
        aria-labelledby={tabId(current)}
        aria-busy={loading || undefined}
        tabIndex={0}
        className="pt-4"
      >
        {children}
      </div>
    </>
  )
}
