import { Link } from '@remix-run/react'
import type { FilterWords } from '../../grid/filter-words'

/**
 * The filters of an empty result, each in words with a link that takes it off: the filter row is not
 * shown then, and the reader may want to loosen one filter rather than clear them all.
 */
export function FilterList({
  label,
  filters,
  hrefWithout,
  onRemove,
}: {
  /** Names the list for assistive technology: 'Filters of the Web users table'. */
  label: string
  filters: FilterWords[]
  hrefWithout: (colId: string) => string
  /** With JavaScript: takes the filter off without a page load. */
  onRemove?: (colId: string) => void
}) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2 text-sm">
      {filters.map((f) => (
        <li key={f.colId} className="flex items-baseline gap-2 rounded border border-gray-300 bg-gray-50 px-2 py-1">
          <span>
            <span className="font-medium">{f.column}</span> {f.words}
          </span>{' '}
          <Link
            to={hrefWithout(f.colId)}
            preventScrollReset
            onClick={
              onRemove
                ? (e) => {
                    e.preventDefault()
                    onRemove(f.colId)
                  }
                : undefined
            }
          >
            Remove<span className="sr-only"> the {f.column} filter</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
