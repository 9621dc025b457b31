/** Page links (First, Previous, Next, Last), the row range and the page-size form. */
import type { FormEvent } from 'react'
import { Link } from '@remix-run/react'
import { withPage, withPageSize, type GridSpec, type GridState } from '../../domain/grid-state'
import { GetForm } from './get-form'

function PageLink({
  href,
  disabled,
  label,
  children,
}: {
  href: string
  disabled: boolean
  label: string
  children: string
}) {
  if (disabled) {
    return (
      <span className="btn-secondary" aria-disabled="true" aria-label={label}>
        {children}
      </span>
    )
  }
  return (
    <Link to={href} className="btn-secondary" aria-label={label} preventScrollReset>
      {children}
    </Link>
  )
}

export function Pagination<Row>({
  spec,
  state,
  total,
  pageCount,
  noun,
  hrefFor,
  action,
  onPageSize,
}: {
  spec: GridSpec<Row>
  state: GridState
  total: number
  pageCount: number
  noun: string
  hrefFor: (next: GridState) => string
  /** The current view URL, for the page-size form. */
  action: string
  /** With JavaScript: apply a new page size at once. */
  onPageSize?: (next: GridState) => void
}) {
  const first = total === 0 ? 0 : (state.page - 1) * state.pageSize + 1
  const last = Math.min(total, state.page * state.pageSize)
  const sizeId = `${spec.tableName}-page-size`
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!onPageSize) return
    event.preventDefault()
    const size = Number(new FormData(event.currentTarget).get('size'))
    onPageSize(withPageSize(spec, state, size))
  }
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p>{total === 0 ? `No ${noun}` : `${noun[0].toUpperCase()}${noun.slice(1)} ${first}–${last} of ${total}`}</p>
      <nav aria-label={`${noun[0].toUpperCase()}${noun.slice(1)} pages`} className="flex items-center gap-1">
        <PageLink href={hrefFor(withPage(state, 1))} disabled={state.page <= 1} label="First page">
          « First
        </PageLink>
        <PageLink href={hrefFor(withPage(state, state.page - 1))} disabled={state.page <= 1} label="Previous page">
          ‹ Previous
        </PageLink>
        <span className="px-2">
          Page {state.page} of {pageCount}
        </span>
        <PageLink href={hrefFor(withPage(state, state.page + 1))} disabled={state.page >= pageCount} label="Next page">
          Next ›
        </PageLink>
        <PageLink href={hrefFor(withPage(state, pageCount))} disabled={state.page >= pageCount} label="Last page">
          Last »
        </PageLink>
      </nav>
      <GetForm href={action} omit={['size', 'page']} onSubmit={submit} className="flex items-center gap-2">
        <label htmlFor={sizeId}>Rows per page</label>
        <select
          id={sizeId}
          name="size"
          defaultValue={state.pageSize}
          key={state.pageSize}
          className="input"
          onChange={onPageSize ? (e) => onPageSize(withPageSize(spec, state, Number(e.target.value))) : undefined}
        >
          {spec.pageSizes.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        {onPageSize ? null : (
          <button type="submit" className="btn-secondary">
            Show
          </button>
        )}
      </GetForm>
    </div>
  )
}
