import { useState } from 'react'
import { PortalNavLink } from '../portal-link'
import { withCustomer } from '../customer-href'
import { navHref } from '../../screens/navigation'
import { NAV_ID, NavCloseControl, type NavDrawer } from './nav-drawer'

export interface NavGroup {
  id: string
  label: string
  items: { label: string; path: string }[]
}

/**
 * The main navigation. Groups are labelled lists, all expanded at start; with
 * JavaScript one control folds or unfolds every group (spec 1 section 2.3). The
 * labels are not controls of their own, so the menu costs a keyboard user
 * one stop per screen, not one more per group. From the `lg` breakpoint up it is a sidebar that JavaScript can
 * collapse to a rail; below, a panel opened from the toolbar (see nav-drawer).
 */
export function SideNav({
  groups,
  customerNumber,
  featuresButton,
  drawer,
}: {
  groups: NavGroup[]
  customerNumber: string | null
  featuresButton: React.ReactNode
  drawer: NavDrawer
}) {
  const [collapsed, setCollapsed] = useState(false)
  const [allOpen, setAllOpen] = useState(true)
  // The rail applies to the sidebar only: the panel below `lg` always shows the groups.
  const railHidden = collapsed ? 'lg:hidden' : ''
  return (
    <nav
      ref={drawer.nav}
      id={NAV_ID}
      aria-label="Main"
      className={`side-nav shrink-0 border-r border-gray-200 bg-white ${collapsed ? 'w-10' : 'w-60'}`}
      data-collapsed={collapsed ? 'true' : 'false'}
      data-drawer={drawer.hydrated ? (drawer.open ? 'open' : 'closed') : 'static'}
    >
      <div
        className={`flex items-center justify-between gap-1 border-b border-gray-200 p-1 max-lg:p-2 ${drawer.hydrated ? '' : 'lg:hidden'}`}
      >
        <NavCloseControl drawer={drawer} />
        {drawer.hydrated ? (
          <>
            <button
              type="button"
              className="rounded px-2 py-1 text-sm hover:bg-gray-100 max-lg:hidden"
              aria-expanded={!collapsed}
              aria-controls="side-nav-groups"
              onClick={() => setCollapsed((c) => !c)}
            >
              <span aria-hidden="true">{collapsed ? '»' : '«'}</span>
              <span className="sr-only">{collapsed ? 'Open menu' : 'Close menu'}</span>
            </button>
            <button
              type="button"
              className={`rounded px-2 py-1 text-xs text-gray-700 hover:bg-gray-100 ${railHidden}`}
              aria-expanded={allOpen}
              aria-controls="side-nav-groups"
              onClick={() => setAllOpen((o) => !o)}
            >
              {allOpen ? 'Collapse All' : 'Expand All'}
            </button>
          </>
        ) : null}
      </div>
      <div id="side-nav-groups" className={`py-2 ${railHidden}`}>
        {groups.map((group) => (
          <div
            key={group.id}
            role="group"
            aria-labelledby={`nav-group-${group.id}`}
            className="px-2"
            data-nav-group={group.label}
          >
            {/* A label, not a heading: the page's own headings start at its h1. */}
            <p id={`nav-group-${group.id}`} className="nav-heading">
              {group.label}
            </p>
            <ul className="mb-2" hidden={!allOpen}>
              {group.items.map((item) => (
                <li key={item.path}>
                  <PortalNavLink to={withCustomer(navHref(item.path), customerNumber)} className="nav-link">
                    {item.label}
                  </PortalNavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
        {featuresButton ? <div className="border-t border-gray-200 px-4 pt-3">{featuresButton}</div> : null}
      </div>
    </nav>
  )
}
