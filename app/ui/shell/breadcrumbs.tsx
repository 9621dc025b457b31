import { PortalLink } from '../portal-link'
import { withCustomer } from '../customer-href'

export function Breadcrumbs({
  items,
  customerNumber,
}: {
  items: { label: string; path?: string }[]
  customerNumber: string | null
}) {
  if (items.length === 0) return null
  return (
    <nav aria-label="Breadcrumb" className="mb-3 text-sm text-gray-700">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, index) => {
          const last = index === items.length - 1
          return (
            <li key={`${item.label}-${index}`} className="flex items-center gap-1">
              {item.path && !last ? (
                <PortalLink to={withCustomer(item.path, customerNumber)}>{item.label}</PortalLink>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{item.label}</span>
              )}
              {last ? null : <span aria-hidden="true">›</span>}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
