/**
 * The data grid every list uses. A list declares its columns (GridSpec), its
 * loader calls loadGrid (app/grid/load-grid.server.ts) and the screen renders
 * <DataGrid spec data ... />. The URL is the state: sort headers and page links
 * are links, each text filter and the column form are GET forms, the filter dialog
 * is a section of the page; with JavaScript the same actions navigate in place,
 * text filters apply after a 500 ms pause, columns drag and resize, and the
 * view is saved after a 2000 ms pause.
 *
 * A page may show several grids: each spec then has its own paramPrefix, and
 * every link and form of a grid keeps the other grids' parameters.
 */
import { rowCountText } from '../../grid/row-count-text'
import { filterWords } from '../../grid/filter-words'
import {
  Fragment,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type DragEvent,
  type ReactNode,
  type RefObject,
} from 'react'
import { Link, useLocation, useNavigate, useNavigation } from '@remix-run/react'
import {
  applyFilterForm,
  canResetView,
  cellText,
  columnById,
  type ColumnFilter,
  currentSelection,
  defaultState,
  gridHref,
  gridParams,
  hasFilter,
  hasViewParams,
  isTransientParam,
  nextSort,
  ownParams,
  paramName,
  parseGridState,
  viewKey,
  visibleColumns,
  withColumnMoved,
  withColumnWidth,
  withFilter,
  withoutFilters,
  withSelection,
  withSort,
  type GridColumnSpec,
  setValueText,
  type GridScope,
  type GridSpec,
  type GridState,
} from '../../grid/grid-state'
import { columnKind, columnWidthStyle, headerWidthStyle, sortLinkLabel } from '../../grid/grid-columns'
import type { GridData } from '../../grid/types'
import { EmptyCell, isEmptyCellContent } from '../empty-cell'
import { TableScroll } from '../table-scroll'
import { useHydrated } from '../use-hydrated'
import { ColumnPanel } from './column-panel'
import { FilterList } from './filter-list'
import { PhoneHeadToggle } from './phone-head-toggle'
import { FilterDialogSection } from './filter-dialog'
import { ColumnMenu } from './column-menu'
import { GetButton } from './get-button'
import { GetForm } from './get-form'
import { Pagination } from './pagination'
import { WithGridCount } from './grid-count'
import { useSyncedValue } from './use-synced-value'
import { useViewAutosave } from './use-view-autosave'

// The modal and Headless UI load when a filter dialog first opens, not with the page.
const FilterDialogModal = lazy(() =>
  import('./filter-dialog-modal').then((module) => ({ default: module.FilterDialogModal })),
)

/** Spec 1 section 9: grid text filter debounce. */
export const TEXT_FILTER_DEBOUNCE_MS = 500

export interface DataGridProps<Row> {
  spec: GridSpec<Row>
  data: GridData<Row>
  /** Accessible name and caption of the table, e.g. 'Emails'. */
  label: string
  /** Plural noun in messages, e.g. 'emails'. */
  noun: string
  /** Shown while a new page loads (JavaScript), e.g. 'Getting Emails...'. */
  loadingText?: string
  emptyText?: string
  customerNumber: string | null
  rowKey: (row: Row) => string | number
  /** Cell renderers for columns that show more than text (links, badges). */
  cells?: Partial<Record<string, (row: Row) => ReactNode>>
  /** The export link's text; null for a list without a CSV export. */
  exportLabel?: string | null
  /** The page's own controls at the start of the toolbar (e.g. a switch that belongs to the view). */
  toolbarStart?: ReactNode
  /** Rows that open into a detail section under them (e.g. a breakdown or a history). */
  rowDetails?: RowDetails<Row>
}

/**
 * A row's detail section. Which rows are open is a repeated URL parameter (`param`,
 * prefixed like the grid's others), toggled by a link in the row's first cell, so
 * it works without JavaScript and a view with open rows can be bookmarked.
 */
export interface RowDetails<Row> {
  param: string
  /** The row's value of the parameter. */
  id: (row: Row) => string
  /** Names the row in the toggle's text, e.g. its PO. */
  label: (row: Row) => string
  render: (row: Row) => ReactNode
}

/** The address with the row `id` added to or removed from the open rows of `name` (and without the page's steps). */
export function toggledDetailsHref(
  pathname: string,
  search: URLSearchParams,
  name: string,
  id: string,
  pageSteps: readonly string[] = [],
): string {
  const next = new URLSearchParams(search)
  for (const step of pageSteps) next.delete(step)
  const open = next.getAll(name)
  next.delete(name)
  for (const value of open.includes(id) ? open.filter((v) => v !== id) : [...open, id]) next.append(name, value)
  const query = next.toString()
  return query ? `${pathname}?${query}` : pathname
}

type SortInfo = { index: number; dir: 'asc' | 'desc' } | null

function sortInfo(state: GridState, colId: string): SortInfo {
  const index = state.sort.findIndex((k) => k.col === colId)
  return index < 0 ? null : { index, dir: state.sort[index].dir }
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const

export function DataGrid<Row>({
  spec,
  data,
  label,
  noun,
  loadingText = 'Loading...',
  emptyText,
  customerNumber,
  rowKey,
  cells = {},
  exportLabel = 'Export CSV',
  toolbarStart,
  rowDetails,
}: DataGridProps<Row>) {
  const hydrated = useHydrated()
  const location = useLocation()
  const navigate = useNavigate()
  const navigation = useNavigation()
  // While the next view loads, show its columns, sort and filters already (the rows follow).
  const [optimistic, setOptimistic] = useState<GridState | null>(null)
  useEffect(() => {
    if (navigation.state === 'idle') setOptimistic(null)
  }, [navigation.state, data])
  const pending =
    navigation.location?.pathname === location.pathname ? new URLSearchParams(navigation.location.search) : null
  const state = optimistic ?? (pending && hasViewParams(pending, spec) ? parseGridState(spec, pending) : data.state)
  const gridId = `${spec.tableName}-grid`
  const dialogId = `${spec.tableName}-filter-dialog`
  const current = new URLSearchParams(location.search)
  const own = ownParams(spec, current)
  // Without JavaScript every grid link lands on the grid, so keyboard focus continues there.
  const anchor = hydrated ? '' : `#${gridId}`
  const hrefFor = (next: GridState) => `${gridHref(location.pathname, spec, next, current)}${anchor}`
  const here = hrefFor(state)
  const go = (next: GridState, replace = false) => {
    setOptimistic(next)
    navigate(gridHref(location.pathname, spec, next, current), { replace, preventScrollReset: true })
  }
  // Another grid of the page loading its next view leaves this one as it is.
  const busy =
    optimistic !== null ||
    (navigation.state === 'loading' && pending !== null && ownParams(spec, pending).toString() !== own.toString())

  useViewAutosave({ spec, state, customerNumber, storedViewKey: data.storedViewKey, enabled: hydrated })

  // Live column widths while a resize is under way.
  const [liveWidths, setLiveWidths] = useState<Record<string, number>>({})
  const key = viewKey(spec, state)
  useEffect(() => setLiveWidths({}), [key])

  const [dialogCol, setDialogCol] = useState<string | null>(data.dialog?.colId ?? null)
  const closeDialog = () => {
    setDialogCol(null)
    if (own.has('filterDialog')) go(state, true)
  }

  const detailsParam = rowDetails ? paramName(spec, rowDetails.param) : ''
  const openRows = new Set(detailsParam ? current.getAll(detailsParam) : [])
  const detailsOf = (details: RowDetails<Row>, row: Row) => {
    const id = details.id(row)
    return {
      open: openRows.has(id),
      label: details.label(row),
      sectionId: `${spec.tableName}-details-${id.replace(/[^A-Za-z0-9_-]/g, '_')}`,
      href: `${toggledDetailsHref(location.pathname, current, detailsParam, id, spec.pageSteps)}${hydrated ? '' : `#${gridId}`}`,
    }
  }

  const columns = visibleColumns(spec, state)
  const widthOf = (id: string) =>
    liveWidths[id] ?? state.columns.find((c) => c.id === id)?.width ?? columnById(spec, id)?.width
  const filterFormId = `${spec.tableName}-filters`
  const head = useRef<HTMLTableSectionElement>(null)
  const applyFilters = (params: URLSearchParams) => {
    const next = applyFilterForm(spec, state, params)
    if (viewKey(spec, next) !== viewKey(spec, state)) go(next, true)
  }
  useFilterRow(head, filterFormId, spec, hydrated ? applyFilters : undefined)
  const filtered = hasFilter(state)
  const stacked = spec.phoneLayout === 'stacked'
  const stickyActions = columns.some((c) => columnKind(c) === 'actions')
  // With JavaScript, a filter being typed or chosen in stays while its result is empty, so it can be corrected.
  const [inHead, setInHead] = useState(false)
  // An empty list is one sentence (and a way out of the filters): no frame, no filter row, no pages.
  const noRows = !busy && !data.error && data.rows.length === 0
  const empty = noRows && !(hydrated && inHead && filtered)
  const clearHref = hrefFor(withoutFilters(state))
  const statusId = `${spec.tableName}-status`
  const exportHref = `/resources/grid/${encodeURIComponent(spec.tableName)}?${gridParams(spec, state, current).toString()}`

  const loadValues = useCallback(
    async (search: string, signal: AbortSignal) => {
      const params = gridParams(spec, state, current)
      params.set('distinct', dialogCol ?? '')
      params.set('search', search)
      const res = await fetch(`/resources/grid/${encodeURIComponent(spec.tableName)}?${params}`, { signal })
      if (!res.ok) throw new Error((await res.text()) || `Request failed (${res.status}).`)
      return (await res.json()) as { values: string[]; error: string | null }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [dialogCol, key, location.search],
  )

  const dialogColumn = dialogCol ? columnById(spec, dialogCol) : undefined

  return (
    <div className="space-y-3">
      <GridToolbar
        spec={spec}
        state={state}
        here={here}
        hrefFor={hrefFor}
        filtered={filtered}
        exportHref={exportHref}
        exportLabel={exportLabel}
        start={toolbarStart}
        open={own.get('panel') === 'columns'}
        onNavigate={hydrated ? (href) => navigate(href.replace(/#.*$/, ''), { preventScrollReset: true }) : undefined}
        onColumns={hydrated ? (next) => go(next, true) : undefined}
      />

      {!hydrated && data.dialog && dialogColumn ? (
        <FilterDialogSection
          id={dialogId}
          scope={spec}
          name={dialogColumn.header}
          colId={dialogColumn.id}
          search={data.dialog.search}
          values={data.dialog.values}
          selected={data.dialog.selected}
          error={data.dialog.error}
          action={`${location.pathname}${location.search}#${dialogId}`}
          cancelHref={here}
          valueText={(v) => setValueText(dialogColumn, v)}
        />
      ) : null}
      {hydrated && dialogColumn ? (
        <Suspense fallback={null}>
          <FilterDialogModal
            key={dialogColumn.id}
            name={dialogColumn.header}
            initialSelection={currentSelection(state, dialogColumn.id)}
            load={loadValues}
            onCancel={closeDialog}
            valueText={(v) => setValueText(dialogColumn, v)}
            onApply={(selection) => {
              setDialogCol(null)
              go(withSelection(state, dialogColumn.id, selection))
            }}
          />
        </Suspense>
      ) : null}

      <div className="grid-frame space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <div className="flex flex-wrap items-baseline gap-x-3">
            {/* The one place that tells how many rows there are, or that there are none. */}
            <p
              id={statusId}
              role="status"
              aria-live="polite"
              className="text-sm text-gray-700"
              // Names the table this sentence stands in for, when there is none.
              data-empty-grid={empty ? `${label} table` : undefined}
            >
              {busy ? (
                loadingText
              ) : data.error ? (
                ''
              ) : data.rows.length === 0 ? (
                data.timedOut ? (
                  `The ${noun} took too long to load. Try again, or narrow the filters.`
                ) : filtered ? (
                  `No ${noun} match these filters.`
                ) : (
                  (emptyText ?? `No ${noun} yet.`)
                )
              ) : (
                <WithGridCount data={data}>
                  {(count) =>
                    count === null
                      ? `Counting ${noun}…`
                      : count.ok
                        ? rowCountText(count.total, noun, filtered)
                        : count.message
                  }
                </WithGridCount>
              )}
            </p>
            {noRows && filtered ? (
              <Link
                to={clearHref}
                preventScrollReset
                className="text-sm"
                onClick={
                  hydrated
                    ? (e) => {
                        e.preventDefault()
                        go(withoutFilters(state))
                      }
                    : undefined
                }
              >
                Clear the filters
              </Link>
            ) : null}
          </div>
          {empty ? null : <span aria-hidden="true" className="grid-scroll-hint text-xs text-gray-700" />}
        </div>
        {empty && filtered ? (
          <FilterList
            label={`Filters of the ${label} table`}
            filters={filterWords(spec, state)}
            hrefWithout={(colId) => hrefFor(withFilter(state, colId, null))}
            onRemove={hydrated ? (colId) => go(withFilter(state, colId, null)) : undefined}
          />
        ) : null}

        {stacked && !empty ? <PhoneHeadToggle filterCount={Object.keys(state.filters).length} /> : null}
        {empty ? null : (
          <div className="grid-edge" data-sticky-actions={stickyActions ? '' : undefined}>
            <TableScroll id={gridId} label={`${label} table`}>
              <table
                className="w-full border-separate border-spacing-0 text-sm"
                aria-busy={busy}
                aria-describedby={statusId}
                data-phone-layout={stacked ? 'stacked' : undefined}
              >
                <caption className="sr-only">{label}</caption>
                <thead
                  ref={head}
                  className="sticky top-0 z-20 bg-gray-100 text-left"
                  onFocus={() => setInHead(true)}
                  onBlur={(e) => {
                    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setInHead(false)
                  }}
                >
                  <tr>
                    {columns.map((c, i) => (
                      <HeaderCell
                        key={c.id}
                        first={i === 0}
                        menuAlignStart={i < 2}
                        filterFormId={filterFormId}
                        spec={spec}
                        state={state}
                        column={c}
                        hrefFor={hrefFor}
                        dialogHref={(colId) =>
                          `${hrefFor(state).replace(/#.*$/, '')}&${paramName(spec, 'filterDialog')}=${encodeURIComponent(colId)}#${dialogId}`
                        }
                        hydrated={hydrated}
                        onSort={(additive) => go(withSort(state, nextSort(spec, state.sort, c.id, additive)))}
                        onOpenDialog={() => setDialogCol(c.id)}
                        onMove={(dragged) =>
                          go(
                            withColumnMoved(
                              state,
                              dragged,
                              state.columns.findIndex((s) => s.id === c.id),
                            ),
                            true,
                          )
                        }
                        width={widthOf(c.id)}
                        onLiveWidth={(w) => setLiveWidths((all) => ({ ...all, [c.id]: w }))}
                        onWidth={(w) => go(withColumnWidth(state, c.id, w), true)}
                      />
                    ))}
                  </tr>
                  {columns.some((c) => c.textFilter && c.field) ? (
                    <tr>
                      {columns.map((c, i) => (
                        <FilterCell
                          key={c.id}
                          scope={spec}
                          column={c}
                          filter={state.filters[c.id]}
                          formId={filterFormId}
                          label={label}
                          action={here}
                          hydrated={hydrated}
                          width={widthOf(c.id)}
                          first={i === 0}
                        />
                      ))}
                    </tr>
                  ) : null}
                </thead>
                <tbody>
                  {data.error ? (
                    <tr>
                      <td colSpan={columns.length} className="px-3 py-6">
                        {/* Sticky, so a table wider than its box still shows the message where the box starts. */}
                        <p role="alert" className="sticky left-3 w-fit max-w-prose font-medium text-red-800">
                          {data.error.message}
                        </p>
                      </td>
                    </tr>
                  ) : (
                    data.rows.map((row) => {
                      const details = rowDetails ? detailsOf(rowDetails, row) : null
                      const content = (c: GridColumnSpec<Row>) => {
                        const value = cells[c.id] ? cells[c.id]!(row) : cellText(c, row)
                        return isEmptyCellContent(value) ? <EmptyCell /> : value
                      }
                      return (
                        <Fragment key={rowKey(row)}>
                          <tr className="group">
                            {columns.map((c, i) => (
                              <td
                                key={c.id}
                                data-label={stacked ? c.header : undefined}
                                style={columnWidthStyle(columnKind(c), widthOf(c.id))}
                                className={`border-t border-gray-200 bg-white px-2 py-1.5 align-top group-hover:bg-gray-50 ${i === 0 ? STICKY_FIRST : ''} ${columnKind(c) === 'actions' ? 'grid-actions-cell' : ''}`}
                              >
                                {i === 0 && details ? (
                                  <span className="flex items-start gap-1">
                                    {/* The space keeps the toggle's words apart from the cell's in a text browser. */}
                                    <DetailsToggle {...details} /> <span className="min-w-0">{content(c)}</span>
                                  </span>
                                ) : stacked ? (
                                  // One element beside the label in the stacked layout.
                                  <div className="min-w-0">{content(c)}</div>
                                ) : (
                                  content(c)
                                )}
                              </td>
                            ))}
                          </tr>
                          {details?.open ? (
                            <tr id={details.sectionId}>
                              <td colSpan={columns.length} className="border-t border-gray-100 bg-gray-50 px-3 py-3">
                                {/* Sticky, so the section stays in view of a table wider than its box. */}
                                <div className="sticky left-3 w-fit max-w-[calc(100vw-3rem)]">
                                  {rowDetails!.render(row)}
                                </div>
                              </td>
                            </tr>
                          ) : null}
                        </Fragment>
                      )
                    })
                  )}
                </tbody>
              </table>
            </TableScroll>
          </div>
        )}
      </div>

      {data.error || noRows ? null : (
        <WithGridCount data={data}>
          {(count) => (
            <Pagination
              spec={spec}
              state={state}
              total={count?.ok ? count.total : null}
              pageCount={count?.ok ? count.pageCount : null}
              rowsOnPage={data.rows.length}
              noun={noun}
              hrefFor={hrefFor}
              action={here}
              onPageSize={hydrated ? (next) => go(next) : undefined}
            />
          )}
        </WithGridCount>
      )}
    </div>
  )
}

function GridToolbar<Row>({
  spec,
  state,
  here,
  hrefFor,
  filtered,
  exportHref,
  exportLabel,
  start,
  open,
  onNavigate,
  onColumns,
}: {
  spec: GridSpec<Row>
  state: GridState
  here: string
  hrefFor: (next: GridState) => string
  filtered: boolean
  exportHref: string
  exportLabel: string | null
  start: ReactNode
  open: boolean
  onNavigate?: (href: string) => void
  onColumns?: (next: GridState) => void
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      {start}
      <GetButton href={hrefFor(withoutFilters(state))} disabled={!filtered} onNavigate={onNavigate}>
        Clear Filters
      </GetButton>
      <GetButton href={hrefFor(defaultState(spec))} disabled={!canResetView(spec, state)} onNavigate={onNavigate}>
        Reset View
      </GetButton>
      <ColumnPanel spec={spec} state={state} action={here} open={open} onChange={onColumns} />
      {/* No `download` attribute: a refused export answers with the page and its message instead of a file. */}
      {exportLabel === null ? null : (
        <a href={exportHref} className="btn-secondary">
          {exportLabel}
        </a>
      )}
    </div>
  )
}

function DetailsToggle({
  open,
  label,
  sectionId,
  href,
}: {
  open: boolean
  label: string
  sectionId: string
  href: string
}) {
  return (
    <Link
      to={href}
      preventScrollReset
      replace
      aria-expanded={open}
      aria-controls={open ? sectionId : undefined}
      className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded text-gray-700 hover:bg-gray-200"
    >
      <span aria-hidden="true" className={`inline-block transition-transform ${open ? 'rotate-90' : ''}`}>
        ▶
      </span>
      <span className="sr-only">
        {' '}
        {open ? 'Hide' : 'Show'} details of {label}
      </span>
    </Link>
  )
}

/**
 * The first column stays in view while the table scrolls sideways; every cell has
 * a background of its own, so nothing shows through the sticky ones.
 */
const STICKY_FIRST = 'sticky left-0 z-10 border-r border-gray-300'

/**
 * With JavaScript the filter row applies itself: typing after a pause, choosing an
 * operator (in a column's menu) or pressing Enter at once. Every filter's text goes
 * with it, so what was typed in another filter is not lost. The listeners are
 * attached once, to the table's head; they call the latest apply.
 */
function useFilterRow(
  head: RefObject<HTMLTableSectionElement>,
  formId: string,
  scope: GridScope,
  apply: ((params: URLSearchParams) => void) | undefined,
) {
  const latest = useRef(apply)
  latest.current = apply
  const enabled = Boolean(apply)
  const { paramPrefix } = scope
  useEffect(() => {
    const el = head.current
    if (!el || !enabled) return
    let timer: number | undefined
    const applyRow = () => {
      window.clearTimeout(timer)
      const form = el.ownerDocument.getElementById(formId)
      if (!(form instanceof HTMLFormElement)) return
      const params = new URLSearchParams()
      for (const [key, value] of new FormData(form)) {
        if (typeof value === 'string' && isTransientParam(key, { paramPrefix })) params.append(key, value)
      }
      latest.current?.(params)
    }
    const onInput = (event: Event) => {
      const target = event.target as HTMLInputElement | HTMLSelectElement
      if (target.form?.id !== formId) return
      window.clearTimeout(timer)
      if (target.tagName === 'SELECT') applyRow()
      else timer = window.setTimeout(applyRow, TEXT_FILTER_DEBOUNCE_MS)
    }
    const onSubmit = (event: Event) => {
      event.preventDefault()
      applyRow()
    }
    const form = el.ownerDocument.getElementById(formId)
    el.addEventListener('input', onInput)
    form?.addEventListener('submit', onSubmit)
    return () => {
      window.clearTimeout(timer)
      el.removeEventListener('input', onInput)
      form?.removeEventListener('submit', onSubmit)
    }
  }, [head, formId, enabled, paramPrefix])
}

/**
 * A text filter under its column header. The filter row is one GET form (the first
 * cell holds it, with the rest of the view in hidden inputs and, without
 * JavaScript, the row's one Apply button); the other cells' fields join it by
 * their `form` attribute. A browser that ignores that attribute still has a form
 * per cell around each field, carrying the view, so Enter applies that filter.
 */
function FilterCell<Row>({
  scope,
  column,
  filter,
  formId,
  label,
  action,
  hydrated,
  width,
  first,
}: {
  scope: GridScope
  column: GridColumnSpec<Row>
  filter: ColumnFilter | undefined
  formId: string
  /** The grid's name, for the Apply button's. */
  label: string
  action: string
  hydrated: boolean
  width: number | undefined
  first: boolean
}) {
  const text = filter?.type === 'text' ? filter.text : ''
  const inputRef = useSyncedValue<HTMLInputElement>(text)
  const className = `bg-gray-100 px-2 pb-2 align-top ${first ? STICKY_FIRST : ''}`
  const style = headerWidthStyle(columnKind(column), width)
  const filterable = Boolean(column.textFilter && column.field)
  const textName = paramName(scope, `ft.${column.id}`)
  // The form's own fields (every filter's text and operator) and the page are not carried.
  const omit = (key: string) => key === paramName(scope, 'page') || isTransientParam(key, scope)
  const inputId = `${formId}-${column.id}`
  const hintId = column.filterHint ? `${inputId}-hint` : undefined
  const field = filterable ? (
    <>
      <label htmlFor={inputId} className="sr-only">
        Filter {column.header}
        {column.textFilter === 'equals' ? ' (equals)' : ''}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="search"
        form={first ? undefined : formId}
        name={textName}
        defaultValue={text}
        placeholder={
          filter?.type === 'set' ? 'Values chosen' : column.textFilter === 'equals' ? 'Equals…' : 'Contains…'
        }
        aria-describedby={hintId}
        className="input w-full min-w-24 py-0.5"
      />
      {hintId ? (
        <span id={hintId} className="sr-only">
          {column.filterHint}
        </span>
      ) : null}
    </>
  ) : null
  if (first) {
    return (
      <td className={className} style={style} data-label={filterable ? column.header : undefined}>
        <GetForm
          id={formId}
          href={action}
          omitKey={omit}
          className="flex flex-col gap-1"
          aria-label={`${label} filters`}
        >
          <input type="hidden" name={paramName(scope, 'filtersForm')} value="1" />
          {field}
          {hydrated ? null : (
            <button type="submit" className="btn-secondary w-fit px-2 py-0.5 text-xs">
              Apply filters<span className="sr-only"> of {label}</span>
            </button>
          )}
        </GetForm>
      </td>
    )
  }
  if (!filterable) return <td className={className} style={style} />
  return (
    <td className={className} style={style} data-label={column.header}>
      <GetForm href={action} omitKey={omit}>
        <input type="hidden" name={paramName(scope, 'filtersForm')} value="1" />
        {field}
      </GetForm>
    </td>
  )
}

function HeaderCell<Row>({
  spec,
  state,
  first,
  menuAlignStart,
  filterFormId,
  column,
  hrefFor,
  dialogHref,
  hydrated,
  onSort,
  onOpenDialog,
  onMove,
  width,
  onLiveWidth,
  onWidth,
}: {
  spec: GridSpec<Row>
  state: GridState
  first: boolean
  menuAlignStart: boolean
  filterFormId: string
  column: GridColumnSpec<Row>
  hrefFor: (next: GridState) => string
  /** The no-JavaScript address of a column's filter dialog. */
  dialogHref: (colId: string) => string
  hydrated: boolean
  onSort: (additive: boolean) => void
  onOpenDialog: () => void
  onMove: (draggedId: string) => void
  width: number | undefined
  onLiveWidth: (w: number) => void
  onWidth: (w: number | undefined) => void
}) {
  const thRef = useRef<HTMLTableCellElement>(null)
  const measure = useCallback(() => thRef.current?.getBoundingClientRect().width ?? width ?? 150, [width])
  const [dropTarget, setDropTarget] = useState(false)
  const info = sortInfo(state, column.id)
  const sortable = Boolean(column.sortable && column.field)
  const sortHref = hrefFor(withSort(state, nextSort(spec, state.sort, column.id)))
  const nextDir = nextSort(spec, state.sort, column.id).find((k) => k.col === column.id)?.dir ?? null
  const sortedAsId = `${spec.tableName}-${column.id}-sorted-as`
  const primary = info?.index === 0
  const kind = columnKind(column)

  const dragOver = (e: DragEvent) => {
    if (!e.dataTransfer.types.includes('application/x-grid-column')) return
    e.preventDefault()
    setDropTarget(true)
  }
  const drop = (e: DragEvent) => {
    const dragged = e.dataTransfer.getData('application/x-grid-column')
    setDropTarget(false)
    if (dragged && dragged !== column.id) {
      e.preventDefault()
      onMove(dragged)
    }
  }

  return (
    <th
      ref={thRef}
      scope="col"
      aria-sort={primary && info ? ARIA_SORT[info.dir] : undefined}
      style={headerWidthStyle(kind, width)}
      className={`px-2 pt-2 pb-1 align-bottom font-semibold ${dropTarget ? 'bg-brand-100' : 'bg-gray-100'} ${first ? STICKY_FIRST : 'relative'} ${kind === 'actions' ? 'grid-actions-cell' : ''}`}
      // With JavaScript a heading can be dragged onto another; the Columns panel moves them by keyboard.
      draggable={hydrated ? true : undefined}
      onDragStart={
        hydrated
          ? (e) => {
              e.dataTransfer.setData('application/x-grid-column', column.id)
              e.dataTransfer.effectAllowed = 'move'
            }
          : undefined
      }
      onDragOver={hydrated ? dragOver : undefined}
      onDragLeave={hydrated ? () => setDropTarget(false) : undefined}
      onDrop={hydrated ? drop : undefined}
    >
      <div className={`flex items-end gap-1 ${kind === 'number' ? 'justify-end' : ''}`}>
        {sortable ? (
          <Link
            to={sortHref}
            preventScrollReset
            draggable={false}
            aria-label={sortLinkLabel(column.header, nextDir)}
            aria-describedby={info && !primary ? sortedAsId : undefined}
            className="text-gray-900 underline-offset-2 hover:underline"
            onClick={
              hydrated
                ? (e) => {
                    e.preventDefault()
                    onSort(e.shiftKey)
                  }
                : undefined
            }
          >
            <span data-header>{column.header}</span>
            {info ? (
              <span aria-hidden="true" className="ml-1 text-gray-700">
                {info.dir === 'asc' ? '▲' : '▼'}
                {state.sort.length > 1 ? <sup>{info.index + 1}</sup> : null}
              </span>
            ) : null}
          </Link>
        ) : (
          <span data-header>{column.header}</span>
        )}
        {info && !primary ? (
          <span id={sortedAsId} className="sr-only">
            {' '}
            Sort key {info.index + 1}, {info.dir === 'asc' ? 'ascending' : 'descending'}
          </span>
        ) : null}{' '}
        <ColumnMenu
          spec={spec}
          state={state}
          column={column}
          filterFormId={filterFormId}
          hrefFor={hrefFor}
          dialogHref={dialogHref(column.id)}
          onOpenDialog={hydrated ? onOpenDialog : undefined}
          alignStart={menuAlignStart}
        />
      </div>
      {hydrated ? (
        <ResizeHandle
          label={`Resize ${column.header}`}
          width={width}
          measure={measure}
          onLive={onLiveWidth}
          onCommit={onWidth}
        />
      ) : null}
    </th>
  )
}

/** A column edge that resizes with the pointer, or with the arrow keys (Home restores the default). */
function ResizeHandle({
  label,
  width,
  measure,
  onLive,
  onCommit,
}: {
  label: string
  width: number | undefined
  measure: () => number
  onLive: (w: number) => void
  onCommit: (w: number | undefined) => void
}) {
  const keyTimer = useRef<number | undefined>(undefined)
  const [live, setLive] = useState<number | null>(null)
  const [measured, setMeasured] = useState<number | null>(null)
  useEffect(() => () => window.clearTimeout(keyTimer.current), [])
  useEffect(() => setMeasured(Math.round(measure())), [width, measure])
  const current = live ?? width ?? measured
  const change = (w: number) => {
    const clamped = Math.round(Math.max(60, Math.min(1200, w)))
    setLive(clamped)
    onLive(clamped)
    return clamped
  }
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a focusable separator is a splitter widget
    <span
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={current ?? 0}
      aria-valuemin={60}
      aria-valuemax={1200}
      tabIndex={0}
      className="absolute top-0 right-0 h-full w-2 cursor-col-resize touch-none border-r-2 border-transparent hover:border-brand-600 focus-visible:border-brand-600"
      onPointerDown={(e) => {
        e.preventDefault()
        const startX = e.clientX
        const startW = measure()
        const target = e.currentTarget
        target.setPointerCapture(e.pointerId)
        let last = startW
        const move = (ev: PointerEvent) => {
          last = change(startW + ev.clientX - startX)
        }
        const up = () => {
          target.removeEventListener('pointermove', move)
          target.removeEventListener('pointerup', up)
          target.removeEventListener('pointercancel', up)
          setLive(null)
          if (Math.abs(last - startW) >= 1) onCommit(last)
        }
        target.addEventListener('pointermove', move)
        target.addEventListener('pointerup', up)
        target.addEventListener('pointercancel', up)
      }}
      onKeyDown={(e) => {
        if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight' && e.key !== 'Home') return
        e.preventDefault()
        window.clearTimeout(keyTimer.current)
        if (e.key === 'Home') {
          setLive(null)
          onCommit(undefined)
          return
        }
        const w = change((current ?? measure()) + (e.key === 'ArrowRight' ? 16 : -16))
        keyTimer.current = window.setTimeout(() => {
          setLive(null)
          onCommit(w)
        }, TEXT_FILTER_DEBOUNCE_MS)
      }}
    />
  )
}
