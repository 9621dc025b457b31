import { useEffect, useRef, useState } from 'react'
import { PortalNavLink } from '../portal-link'
import { useHydrated } from '../use-hydrated'
import { withCustomer } from '../customer-href'

export interface NavGroup {
  id: string
  label: string
  items: { label: string; path: string }[]
}

/**
 * The left navigation. Groups are native <details> (all expanded at start), so
 * they fold without JavaScript; with it, the menu itself collapses to a rail
 * and one control folds or unfolds every group.
 */
export function SideNav({
  groups,
  customerNumber,
  featuresButton,
}: {
  groups: NavGroup[]
  customerNumber: string | null
  featuresButton: React.ReactNode
}) {
  const hydrated = useHydrated()
  const [collapsed, setCollapsed] = useState(false)
  const [allOpen, setAllOpen] = useState(true)
  const listRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    listRef.current?.querySelectorAll('details').forEach((d) => (d.open = allOpen))
  }, [allOpen])

  return (
    <nav
      aria-label="Main"
      className={`shrink-0 border-r border-gray-200 bg-white ${collapsed ? 'w-10' : 'w-60'}`}
      data-collapsed={collapsed ? 'true' : 'false'}
    >
      {hydrated ? (
        <div className="flex items-center justify-between gap-1 border-b border-gray-200 p-1">
          <button
            type="button"
            className="rounded px-2 py-1 text-sm hover:bg-gray-100"
            aria-expanded={!collapsed}
            aria-controls="side-nav-groups"
            onClick={() => setCollapsed((c) => !c)}
          >
            <span aria-hidden="true">{collapsed ? '»' : '«'}</span>
            <span className="sr-only">{collapsed ? 'Open menu' : 'Close menu'}</span>
          </button>
          {collapsed ? null : (
            <button
              type="button"
              className="rounded px-2 py-1 text-xs text-gray-700 hover:bg-gray-100"
              onClick={() => setAllOpen((o) => !o)}
            >
              {allOpen ? 'Collapse All' : 'Expand All'}
            </button>
          )}
        </div>
      ) : null}
      <div id="side-nav-groups" ref={listRef} hidden={collapsed} className="py-2">
        {groups.map((group) => (
          <details key={group.id} open className="group px-2" data-nav-group={group.label}>
            <summary className="nav-heading">
              {group.label}
              <span aria-hidden="true" className="transition-transform group-open:rotate-90">
                ›
              </span>
            </summary>
            <ul className="mb-2">
              {group.items.map((item) => (
                <li key={item.path}>
                  <PortalNavLink to={withCustomer(item.path, customerNumber)} className="nav-link">
                    {item.label}
                  </PortalNavLink>
                </li>
              ))}
            </ul>
          </details>
        ))}
        {featuresButton ? <div className="border-t border-gray-200 px-4 pt-3">{featuresButton}</div> : null}
      </div>
    </nav>
  )
}
