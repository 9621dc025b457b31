/**
 * A column's menu (⋮): what a column offers besides sorting by its heading and
 * typing in its filter. Sort either way, then by it (several sort keys), whether
 * its filter contains or equals the text, the filter dialog's values, and hiding
 * it. A native <details> disclosure, so it opens without JavaScript; with it,
 * Escape, a press outside or choosing an entry closes it.
 */
import type { ReactNode } from 'react'
import { Link } from '@remix-run/react'
import {
  nextSort,
  paramName,
  withColumnHidden,
  withSort,
  type ColumnFilter,
  type GridColumnSpec,
  type GridSpec,
  type GridState,
} from '../../grid/grid-state'
import { useDisclosureMenu } from '../shell/use-dismiss'
import { useSyncedValue } from './use-synced-value'

export function ColumnMenu<Row>({
  spec,
  state,
  column,
  filterFormId,
  hrefFor,
  dialogHref,
  onOpenDialog,
  alignStart = false,
}: {
  spec: GridSpec<Row>
  state: GridState
  column: GridColumnSpec<Row>
  /** The filter row's form, which the operator choice belongs to. */
  filterFormId: string
  hrefFor: (next: GridState) => string
  /** The no-JavaScript address of the column's filter dialog. */
  dialogHref: string
  /** With JavaScript: open the filter dialog in place. */
  onOpenDialog?: () => void
  /** Opens towards the end of the row (for the first columns, whose start is the box's edge). */
  alignStart?: boolean
}) {
  const { details, popup } = useDisclosureMenu()
  const filter: ColumnFilter | undefined = state.filters[column.id]
  const op = filter?.type === 'text' ? filter.op : 'contains'
  const selectRef = useSyncedValue<HTMLSelectElement>(op)
  const sortable = Boolean(column.sortable && column.field)
  const sortedBy = state.sort.find((k) => k.col === column.id)
  const hideable = column.hideable !== false && state.columns.filter((c) => !c.hidden).length > 1
  const opId = `${filterFormId}-${column.id}-op`

  const entries: ReactNode[] = []
  if (sortable) {
    for (const dir of ['asc', 'desc'] as const) {
      entries.push(
        <MenuLink
          key={dir}
          to={hrefFor(withSort(state, [{ col: column.id, dir }]))}
          current={state.sort.length === 1 && sortedBy?.dir === dir}
        >
          Sort {dir === 'asc' ? 'ascending' : 'descending'}
          <span className="sr-only"> by {column.header}</span>
        </MenuLink>,
      )
    }
    if (spec.multiSort && !sortedBy && state.sort.length > 0) {
      entries.push(
        <MenuLink key="then" to={hrefFor(withSort(state, nextSort(spec, state.sort, column.id, true)))}>
          Then sort by {column.header}
        </MenuLink>,
      )
    }
  }
  if (column.setFilter && column.field) {
    const name = `${column.header} Filter: choose values${filter?.type === 'set' ? ' (filtered)' : ''}`
    entries.push(
      onOpenDialog ? (
        <button key="values" type="button" className="menu-item" aria-label={name} onClick={onOpenDialog}>
          Choose values…
        </button>
      ) : (
        <a key="values" href={dialogHref} className="menu-item" aria-label={name}>
          Choose values…
        </a>
      ),
    )
  }
  if (hideable) {
    entries.push(
      <MenuLink key="hide" to={hrefFor(withColumnHidden(spec, state, column.id, true))}>
        Hide<span className="sr-only"> the {column.header}</span> column
      </MenuLink>,
    )
  }
  const operator = column.textFilter === 'contains-equals' && column.field
  if (entries.length === 0 && !operator) return null

  return (
    <details ref={details} className="relative ml-auto shrink-0 font-normal">
      <summary
        className={`inline-flex h-6 w-6 items-center justify-center rounded ${filter ? 'bg-brand-700 text-white' : 'text-gray-700 hover:bg-gray-200'}`}
      >
        <span aria-hidden="true">⋮</span>
        <span className="sr-only">
          {' '}
          {column.header} column menu{filter ? ' (filtered)' : ''}
        </span>
      </summary>
      <div ref={popup} className={`menu-popup text-left ${alignStart ? 'right-auto left-0' : ''}`}>
        {operator ? (
          <div className="px-3 py-2">
            <label htmlFor={opId} className="block text-xs text-gray-700">
              {column.header} filter type
            </label>
            <select
              ref={selectRef}
              id={opId}
              form={filterFormId}
              name={paramName(spec, `fo.${column.id}`)}
              defaultValue={op}
              className="input mt-1 w-full py-1"
            >
              <option value="contains">Contains the text</option>
              <option value="equals">Equals the text</option>
            </select>
          </div>
        ) : null}
        {/* The spaces keep the entries apart in a text browser. */}
        {entries.map((entry, i) => (
          <span key={i}>{entry} </span>
        ))}
      </div>
    </details>
  )
}

function MenuLink({ to, current = false, children }: { to: string; current?: boolean; children: ReactNode }) {
  return (
    <Link to={to} preventScrollReset className="menu-item" aria-current={current ? 'true' : undefined}>
      {children}
    </Link>
  )
}
