/** The web assignments area's sections, above each of its pages. */
import { NavLink, useSearchParams } from '@remix-run/react'
import { withCustomer } from '../ui/customer-href'
import { webPath } from './web-paths'

export const WEB_SECTIONS = [
  { segment: 'entitlements', label: 'Entitlements' },
  { segment: 'groups', label: 'Groups' },
  { segment: 'users', label: 'Users' },
] as const

export function WebSectionNav() {
  const [params] = useSearchParams()
  const customer = params.get('customer')
  return (
    <nav aria-label="Assignments sections" className="mb-4 border-b border-gray-300">
      <ul className="flex flex-wrap gap-x-4">
        {WEB_SECTIONS.map((section) => (
          <li key={section.segment}>
            <NavLink
              to={withCustomer(webPath(section.segment), customer)}
              className="inline-block border-b-2 border-transparent px-1 py-2 font-medium aria-[current=page]:border-brand-700"
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
