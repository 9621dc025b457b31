/**
 * The customer tabs of the editor (spec 3): one per open customer, labelled with
 * its number, each but the selected customer's with a close link while more than
 * one is open. Closing a tab drops its draft. Links, so they work without
 * JavaScript and keep the draft in the address.
 */
import { Link } from '@remix-run/react'
import { closeTabParams, tabsClosable } from '../domain/activation-editor'

export function CustomerTabs({
  tabs,
  shown,
  selected,
  params,
}: {
  tabs: string[]
  shown: string
  /** The portal's selected customer: its tab stays. */
  selected: string
  /** The editor's address without `tab`, the draft included. */
  params: [string, string][]
}) {
  const extra = tabs.filter((t) => t !== selected)
  const closable = tabsClosable(tabs)
  return (
    <nav aria-label="Customers">
      <ul className="flex flex-wrap gap-2 border-b border-gray-300">
        {tabs.map((t) => (
          <li
            key={t}
            className={`flex items-center gap-1 px-2 py-1 ${t === shown ? 'border-b-2 border-brand-700' : ''}`}
          >
            <Link
              to={`?${new URLSearchParams([...params, ['tab', t]])}`}
              aria-current={t === shown ? 'page' : undefined}
              className={t === shown ? 'font-semibold' : 'underline'}
            >
              {t}
            </Link>
            {closable && t !== selected ? (
              <Link
                to={`?${new URLSearchParams(closeTabParams(params, extra, t))}`}
                aria-label={`Close ${t}`}
                className="rounded px-1 text-gray-700 hover:bg-gray-100"
              >
                <span aria-hidden="true">×</span>
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  )
}
