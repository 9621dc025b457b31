/** Page links (First, Previous, Next, Last), the row range and the page-size form. */
import type { FormEvent } from 'react'
import { Link } from '@remix-run/react'
import { paramName, withPage, withPageSize, type GridSpec, type GridState } from '../../grid/grid-state'
import { GetForm } from './get-form'

/**
 * A page link; the arrow is decoration and the word "page" is for assistive
 * technology. When there is no such page it stays in place, disabled: a link
 * without a target.
 */
function PageLink({
  href,
  disabled,
  word,
  arrow,
  arrowAfter = false,
  arrowOnPhone = false,
}: {
  href: string
  disabled: boolean
  word: string
  arrow: string
  arrowAfter?: boolean
  /** On a phone only the arrow shows (the word is still read out), so the page links fit one line. */
  arrowOnPhone?: boolean
}) {
  const content = (
    <>
      {arrowAfter ? null : <span aria-hidden="true">{arrow}</span>}
      {arrowOnPhone ? <span className="max-sm:sr-only">{word}</span> : word}
      <span className="sr-only"> page</span>
      {arrowAfter ? <span aria-hidden="true">{arrow}</span> : null}
    </>
  )
  if (disabled) {
    return (
      // eslint-disable-next-line jsx-a11y/anchor-is-valid -- a page that does not exist: a link without a target, announced as disabled
      <a role="link" aria-disabled="true" className="btn-secondary">
        {content}
      </a>
    )
  }
  return (
    <Link to={href} className="btn-secondary" preventScrollReset>
      {content}
    </Link>
  )
}

export function Pagination<Row>({
  spec,
  state,
  total,
  pageCount,
  rowsOnPage,
  noun,
  hrefFor,
  action,
  onPageSize,
}: {
  spec: GridSpec<Row>
  state: GridState
  /** Null while the count is on its way: Next then depends on a full page, and Last waits. */
  total: number | null
  pageCount: number | null
  rowsOnPage: number
  noun: string
  hrefFor: (next: GridState) => string
  /** The current view URL, for the page-size form. */
  action: string
  /** With JavaScript: apply a new page size at once. */
  onPageSize?: (next: GridState) => void
}) {
  const offset = (state.page - 1) * state.pageSize
  const first = rowsOnPage === 0 ? 0 : offset + 1
  const last = offset + rowsOnPage
  const hasNext = pageCount === null ? rowsOnPage === state.pageSize : state.page < pageCount
  const Noun = `${noun[0].toUpperCase()}${noun.slice(1)}`
  const sizeId = `${spec.tableName}-page-size`
  const sizeName = paramName(spec, 'size')
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!onPageSize) return
    event.preventDefault()
    const size = Number(new FormData(event.currentTarget).get(sizeName))
    onPageSize(withPageSize(spec, state, size))
  }
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm">
      {/* An empty list is told once, above the table. */}
      {rowsOnPage === 0 ? null : <p>{`${Noun} ${first}–${last}${total === null ? '' : ` of ${total}`}`}</p>}
      {/* The spaces between the items keep their words apart in a text browser (the gap does it on screen). */}
      <nav aria-label={`${Noun} pages`} className="flex flex-wrap items-center gap-1">
        <PageLink href={hrefFor(withPage(state, 1))} disabled={state.page <= 1} word="First" arrow="«" arrowOnPhone />{' '}
        <PageLink
          href={hrefFor(withPage(state, state.page - 1))}
          disabled={state.page <= 1}
          word="Previous"
          arrow="‹"
        />{' '}
        <span className="px-2">
          Page {state.page}
          {pageCount === null ? '' : ` of ${pageCount}`}
        </span>{' '}
        <PageLink
          href={hrefFor(withPage(state, state.page + 1))}
          disabled={!hasNext}
          word="Next"
          arrow="›"
          arrowAfter
        />{' '}
        <PageLink
          href={hrefFor(withPage(state, pageCount ?? state.page))}
          disabled={pageCount === null || state.page >= pageCount}
          word="Last"
          arrow="»"
          arrowAfter
          arrowOnPhone
        />
      </nav>
      <GetForm
        href={action}
        omit={[sizeName, paramName(spec, 'page')]}
        onSubmit={submit}
        className="flex items-center gap-2"
      >
        <label htmlFor={sizeId}>Rows per page</label>
        <select
          id={sizeId}
          name={sizeName}
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
