/**
 * The data grid every list uses. A list declares its columns (GridSpec), its
 * loader calls loadGrid (app/grid/load-grid.server.ts) and the screen renders
 * <DataGrid spec data ... />. The URL is the state: sort headers and page links
 * are links, filters and the column form are GET forms, the filter dialog is a
 * section of the page; with JavaScript the same actions navigate in place,
 * text filters apply after a 500 ms pause, columns drag and resize, and the
 * view is saved after a 2000 ms pause.
 */
import { useCallback, useEffect, useRef, useState, type DragEvent, type FormEvent, type ReactNode } from 'react'
import { Link, useLocation, useNavigate, useNavigation } from '@remix-run/react'
import {
  applyFilterForm,
  canResetView,
  cellText,
  columnById,
  currentSelection,
  defaultState,
  gridHref,
  gridParams,
  hasFilter,
  hasViewParams,
  nextSort,
  parseGridState,
  viewKey,
  visibleColumns,
  withColumnMoved,
  withColumnWidth,
  withoutFilters,
  withSelection,
  withSort,
  type GridColumnSpec,
  type GridSpec,
  type GridState,
} from '../../domain/grid-state'
import type { GridData } from '../../grid/types'
import { useHydrated } from '../use-hydrated'
import { ColumnPanel } from './column-panel'
import { FilterDialogModal, FilterDialogSection } from './filter-dialog'
import { GetButton } from './get-button'
import { GetForm } from './get-form'
import { Pagination } from './pagination'
import { useViewAutosave } from './use-view-autosave'

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
  const state = optimistic ?? (pending && hasViewParams(pending) ? parseGridState(spec, pending) : data.state)
  const gridId = `${spec.tableName}-grid`
  const current = new URLSearchParams(location.search)
  // Without JavaScript every grid link lands on the grid, so keyboard focus continues there.
  const anchor = hydrated ? '' : `#${gridId}`
  const hrefFor = (next: GridState) => `${gridHref(location.pathname, spec, next, current)}${anchor}`
  const here = hrefFor(state)
  const go = (next: GridState, replace = false) => {
    setOptimistic(next)
    navigate(gridHref(location.pathname, spec, next, current), { replace, preventScrollReset: true })
  }
  const busy =
    optimistic !== null || (navigation.state === 'loading' && navigation.location?.pathname === location.pathname)

  useViewAutosave({ spec, state, customerNumber, storedViewKey: data.storedViewKey, enabled: hydrated })

  // Live column widths while a resize is under way.
  const [liveWidths, setLiveWidths] = useState<Record<string, number>>({})
  const key = viewKey(spec, state)
  useEffect(() => setLiveWidths({}), [key])

  const [dialogCol, setDialogCol] = useState<string | null>(data.dialog?.colId ?? null)
  const closeDialog = () => {
    setDialogCol(null)
    if (current.has('filterDialog')) go(state, true)
  }

  const columns = visibleColumns(spec, state)
  const widthOf = (id: string) =>
    liveWidths[id] ?? state.columns.find((c) => c.id === id)?.width ?? columnById(spec, id)?.width
  const filterFormId = `${spec.tableName}-filters`
  const statusId = `${spec.tableName}-status`
  const filtered = hasFilter(state)
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
        open={current.get('panel') === 'columns'}
        onNavigate={hydrated ? (href) => navigate(href.replace(/#.*$/, ''), { preventScrollReset: true }) : undefined}
        onColumns={hydrated ? (next) => go(next, true) : undefined}
        filterFormId={filterFormId}
      />

      {!hydrated && data.dialog && dialogColumn ? (
        <FilterDialogSection
          name={dialogColumn.header}
          colId={dialogColumn.id}
          search={data.dialog.search}
          values={data.dialog.values}
          selected={data.dialog.selected}
          error={data.dialog.error}
          action={`${location.pathname}${location.search}#filter-dialog`}
          cancelHref={here}
        />
      ) : null}
      {hydrated && dialogColumn ? (
        <FilterDialogModal
          key={dialogColumn.id}
          name={dialogColumn.header}
          initialSelection={currentSelection(state, dialogColumn.id)}
          load={loadValues}
          onCancel={closeDialog}
          onApply={(selection) => {
            setDialogCol(null)
            go(withSelection(state, dialogColumn.id, selection))
          }}
        />
      ) : null}

      <FilterForm
        spec={spec}
        state={state}
        id={filterFormId}
        action={here}
        onApply={hydrated ? (next) => go(next, true) : undefined}
      />

      <p id={statusId} role="status" aria-live="polite" className="text-sm text-gray-700">
        {busy ? loadingText : data.error ? '' : `${data.total} ${noun}${filtered ? ' match the filters' : ''}`}
      </p>

      <div
        id={gridId}
        role="region"
        aria-label={`${label} table`}
        tabIndex={0}
        className="overflow-x-auto rounded border border-gray-300 bg-white"
      >
        <table className="w-full table-fixed border-collapse text-sm" aria-busy={busy} aria-describedby={statusId}>
          <caption className="sr-only">{label}</caption>
          <colgroup>
            {columns.map((c) => {
              const w = widthOf(c.id)
              return <col key={c.id} style={w ? { width: `${w}px` } : undefined} />
            })}
          </colgroup>
          <thead className="bg-gray-100 text-left">
            <tr>
              {columns.map((c) => (
                <HeaderCell
                  key={c.id}
                  spec={spec}
                  state={state}
                  column={c}
                  hrefFor={hrefFor}
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
            <tr>
              {columns.map((c) => (
                <FilterCell key={c.id} column={c} state={state} formId={filterFormId} />
              ))}
            </tr>
          </thead>
          <tbody>
            {data.error ? (
              <tr>
                <td colSpan={columns.length} className="px-3 py-6 text-center">
                  <p role="alert" className="font-medium text-red-800">
                    {data.error.message}
                  </p>
                </td>
              </tr>
            ) : data.rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-3 py-6 text-center text-gray-700">
                  {data.timedOut
                    ? `The ${noun} took too long to load. Try again, or narrow the filters.`
                    : filtered
                      ? `No ${noun} match the filters.`
                      : (emptyText ?? `No ${noun} to show.`)}
                </td>
              </tr>
            ) : (
              data.rows.map((row) => (
                <tr key={rowKey(row)} className="border-t border-gray-200 hover:bg-gray-50">
                  {columns.map((c) => (
                    <td key={c.id} className="break-words px-3 py-2 align-top">
                      {cells[c.id] ? cells[c.id]!(row) : cellText(c, row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      {data.error ? null : (
        <Pagination
          spec={spec}
          state={state}
          total={data.total}
          pageCount={data.pageCount}
          noun={noun}
          hrefFor={hrefFor}
          action={here}
          onPageSize={hydrated ? (next) => go(next) : undefined}
        />
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
  open,
  onNavigate,
  onColumns,
  filterFormId,
}: {
  spec: GridSpec<Row>
  state: GridState
  here: string
  hrefFor: (next: GridState) => string
  filtered: boolean
  exportHref: string
  open: boolean
  onNavigate?: (href: string) => void
  onColumns?: (next: GridState) => void
  filterFormId: string
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="submit" form={filterFormId} className="btn-primary">
        Apply filters
      </button>
      <GetButton href={hrefFor(withoutFilters(state))} disabled={!filtered} onNavigate={onNavigate}>
        Clear Filters
      </GetButton>
      <GetButton href={hrefFor(defaultState(spec))} disabled={!canResetView(spec, state)} onNavigate={onNavigate}>
        Reset View
      </GetButton>
      <ColumnPanel spec={spec} state={state} action={here} open={open} onChange={onColumns} />
      <a href={exportHref} className="btn-secondary" download>
        Export CSV
      </a>
    </div>
  )
}

/** The filter row's form; its inputs sit in the table header and join it with the form attribute. */
function FilterForm<Row>({
  spec,
  state,
  id,
  action,
  onApply,
}: {
  spec: GridSpec<Row>
  state: GridState
  id: string
  action: string
  onApply?: (next: GridState) => void
}) {
  const formRef = useRef<HTMLFormElement>(null)
  const timer = useRef<number | undefined>(undefined)
  const apply = () => {
    if (!formRef.current || !onApply) return
    const params = new URLSearchParams(new FormData(formRef.current) as unknown as Record<string, string>)
    const next = applyFilterForm(spec, state, params)
    if (viewKey(spec, next) !== viewKey(spec, state)) onApply(next)
  }
  // The listeners are attached once; they call the latest apply.
  const latest = useRef(apply)
  latest.current = apply
  const enabled = Boolean(onApply)

  useEffect(() => {
    const form = formRef.current
    if (!form || !enabled) return
    // Typing applies after a pause; choosing an operator applies at once.
    const onInput = (event: Event) => {
      window.clearTimeout(timer.current)
      if ((event.target as HTMLElement).tagName === 'SELECT') latest.current()
      else timer.current = window.setTimeout(() => latest.current(), TEXT_FILTER_DEBOUNCE_MS)
    }
    const inputs = [...form.ownerDocument.querySelectorAll<HTMLElement>(`[form="${id}"]`)]
    const eventOf = (el: HTMLElement) => (el.tagName === 'SELECT' ? 'change' : 'input')
    for (const input of inputs) input.addEventListener(eventOf(input), onInput)
    return () => {
      window.clearTimeout(timer.current)
      for (const input of inputs) input.removeEventListener(eventOf(input), onInput)
    }
  }, [id, enabled])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!onApply) return
    event.preventDefault()
    window.clearTimeout(timer.current)
    apply()
  }
  return (
    <GetForm id={id} ref={formRef} href={action} omit={['page']} onSubmit={submit} className="hidden">
      <input type="hidden" name="filtersForm" value="1" />
    </GetForm>
  )
}

/** Keeps an uncontrolled field in step with the URL, except while the user is in it. */
function useSyncedValue<E extends HTMLInputElement | HTMLSelectElement>(value: string) {
  const ref = useRef<E>(null)
  useEffect(() => {
    const el = ref.current
    if (el && el.ownerDocument.activeElement !== el && el.value !== value) el.value = value
  }, [value])
  return ref
}

function FilterCell<Row>({ column, state, formId }: { column: GridColumnSpec<Row>; state: GridState; formId: string }) {
  const filter = state.filters[column.id]
  const text = filter?.type === 'text' ? filter.text : ''
  const op = filter?.type === 'text' ? filter.op : 'contains'
  const inputRef = useSyncedValue<HTMLInputElement>(text)
  const selectRef = useSyncedValue<HTMLSelectElement>(op)
  if (!column.textFilter || !column.field) return <td className="px-2 pb-2" />
  const inputId = `${formId}-${column.id}`
  const hintId = column.filterHint ? `${inputId}-hint` : undefined
  const valueFiltered = filter?.type === 'set'
  return (
    <td className="px-2 pb-2 align-top">
      <div className="flex flex-col gap-1">
        {column.textFilter === 'contains-equals' ? (
          <>
            <label htmlFor={`${inputId}-op`} className="sr-only">
              {column.header} filter type
            </label>
            <select
              ref={selectRef}
              id={`${inputId}-op`}
              name={`fo.${column.id}`}
              form={formId}
              defaultValue={op}
              className="input py-0.5 text-xs"
            >
              <option value="contains">Contains</option>
              <option value="equals">Equals</option>
            </select>
          </>
        ) : null}
        <label htmlFor={inputId} className="sr-only">
          Filter {column.header}
          {column.textFilter === 'equals' ? ' (equals)' : ''}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          name={`ft.${column.id}`}
          form={formId}
          defaultValue={text}
          placeholder={valueFiltered ? 'Values chosen' : column.textFilter === 'equals' ? 'Equals…' : 'Filter…'}
          aria-describedby={hintId}
          className="input w-full min-w-0 py-0.5"
        />
        {hintId ? (
          <span id={hintId} className="sr-only">
            {column.filterHint}
          </span>
        ) : null}
      </div>
    </td>
  )
}

function HeaderCell<Row>({
  spec,
  state,
  column,
  hrefFor,
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
  column: GridColumnSpec<Row>
  hrefFor: (next: GridState) => string
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
  const nextDir = !info ? 'ascending' : info.dir === 'asc' ? 'descending' : 'unsorted'
  const filtered = Boolean(state.filters[column.id])
  const primary = info?.index === 0

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
      className={`relative px-3 pt-2 pb-1 align-bottom font-semibold ${dropTarget ? 'bg-brand-100' : ''}`}
      onDragOver={hydrated ? dragOver : undefined}
      onDragLeave={hydrated ? () => setDropTarget(false) : undefined}
      onDrop={hydrated ? drop : undefined}
    >
      <div className="flex items-center gap-1">
        {hydrated ? (
          <span
            draggable
            onDragStart={(e) => {
              e.dataTransfer.setData('application/x-grid-column', column.id)
              e.dataTransfer.effectAllowed = 'move'
            }}
            className="cursor-grab select-none text-gray-500"
            title={`Drag to move the ${column.header} column`}
            aria-hidden="true"
          >
            ⋮⋮
          </span>
        ) : null}
        {sortable ? (
          <Link
            to={hrefFor(withSort(state, nextSort(spec, state.sort, column.id)))}
            preventScrollReset
            draggable={false}
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
            <span aria-hidden="true" className="ml-1 text-gray-600">
              {info ? (info.dir === 'asc' ? '▲' : '▼') : '↕'}
              {info && state.sort.length > 1 ? <sup>{info.index + 1}</sup> : null}
            </span>
            <span className="sr-only">
              {info && !primary
                ? `, sort key ${info.index + 1} ${info.dir === 'asc' ? 'ascending' : 'descending'}`
                : ''}
              {` (sort ${nextDir})`}
            </span>
          </Link>
        ) : (
          <span data-header>{column.header}</span>
        )}
        {sortable && spec.multiSort && !info && state.sort.length > 0 ? (
          <Link
            to={hrefFor(withSort(state, nextSort(spec, state.sort, column.id, true)))}
            preventScrollReset
            className="inline-flex h-6 min-w-6 items-center justify-center rounded text-xs text-brand-700"
            aria-label={`Then sort by ${column.header}`}
            title={`Then sort by ${column.header}`}
          >
            +
          </Link>
        ) : null}
        {column.setFilter && column.field ? (
          hydrated ? (
            <button
              type="button"
              className={`ml-auto inline-flex h-6 min-w-6 items-center justify-center rounded border text-xs ${filtered ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-400 bg-white'}`}
              onClick={onOpenDialog}
              aria-label={`${column.header} Filter: choose values${filtered ? ' (filtered)' : ''}`}
            >
              ▾
            </button>
          ) : (
            <a
              href={`${hrefFor(state).replace(/#.*$/, '')}&filterDialog=${encodeURIComponent(column.id)}#filter-dialog`}
              className={`ml-auto inline-flex h-6 min-w-6 items-center justify-center rounded border text-xs no-underline ${filtered ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-400 bg-white text-gray-900'}`}
              aria-label={`${column.header} Filter: choose values${filtered ? ' (filtered)' : ''}`}
            >
              ▾
            </a>
          )
        ) : null}
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
