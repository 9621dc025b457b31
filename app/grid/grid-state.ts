/**
 * The state of a data grid: what a list shows (filters, sort, page, page size,
 * column order, visibility and width), how it is written in the URL, how it
 * becomes a page request for the licensing API and how it is stored as a saved
 * view (spec 1 sections 3 and 4). Pure functions: the server loader, the
 * component and the CSV export all use them, so the URL means the same thing
 * everywhere.
 *
 * URL form (the other parameters of the page, e.g. `customer`, are kept):
 *   sort=date.desc,subject.asc      sort keys in order; `sort=` (empty) means unsorted
 *   f.subject=c:renewal             text filter, contains (c:) or equals (e:)
 *   f.to=in:a@x.example,b@y.example value filter from the filter dialog (`\,` and `\\` escape)
 *   page=2&size=20                  1-based page and page size
 *   cols=details,date,-to,subject   column order; a leading '-' hides the column
 *   w=subject:320                   column widths in pixels
 * Every link the grid makes carries `size`, so "the URL carries a view" is
 * simply "one of these parameters is present".
 *
 * A grid may own page-level view state besides its columns (GridSpec.viewExtras),
 * e.g. a screen's date range: its parameters are view parameters like the ones
 * above, and the saved view stores them in fields of their own.
 *
 * A page with several grids gives each a `paramPrefix` (GridSpec): every
 * parameter of that grid, those of its forms included, is then written
 * `${prefix}.${name}` (`a.sort=...&a.f.subject=...&i.page=2`), and each grid
 * reads, writes and drops only its own, keeping the other grids' parameters
 * and the page's.
 */
import * as z from 'zod/mini'

export type SortDirection = 'asc' | 'desc'
export interface SortKey {
  col: string
  dir: SortDirection
}

export type TextOperator = 'contains' | 'equals'
export type ColumnFilter = { type: 'text'; op: TextOperator; text: string } | { type: 'set'; values: string[] }

export interface ColumnState {
  id: string
  hidden: boolean
  width?: number
}

/** The values of a grid's view extras by their bare URL names, as the URL writes them; defaults are left out. */
export type ViewExtras = Record<string, string>

export interface GridView {
  sort: SortKey[]
  filters: Record<string, ColumnFilter>
  /** Every column of the grid, in display order. */
  columns: ColumnState[]
  pageSize: number
  /** Set when the grid has view extras (GridSpec.viewExtras). */
  extras?: ViewExtras
}

export interface GridState extends GridView {
  /** 1-based. */
  page: number
}

/** A filter criterion of the licensing API's page request (spec 1 section 3, Filter rule). */
export interface GridCriterion {
  name: string
  method: string
  value?: unknown
  not?: boolean
  casefold?: boolean
  tostring?: boolean
}

export interface GridFilterRule {
  condition: 'ALL' | 'ANY'
  criteria: GridCriterion[]
}

export interface GridPageRequest {
  filter?: GridFilterRule
  sorting?: { name: string; direction: SortDirection }[]
  offset: number
  limit: number
}

/**
 * One column as a list declares it. `Row` is the shape of the API's rows.
 * A column without `field` is display-only (no sort, no filter, e.g. a link column).
 */
export interface GridColumnSpec<Row = Record<string, unknown>> {
  id: string
  header: string
  /** API field for filters and sorting. */
  field?: string
  /** Text filter: contains or equals ('contains-equals'), or equals only. */
  textFilter?: 'contains-equals' | 'equals'
  /** Offers the distinct-values filter dialog (spec 1 section 2.14). */
  setFilter?: boolean
  /**
   * The words a value of the field is shown in, where the field holds codes the cells show in
   * words (e.g. 'denied' as 'Denied'): the filter dialog lists and searches the words, and still
   * sends the codes.
   */
  setValueLabel?: (value: string) => string
  sortable?: boolean
  /** False keeps the column always visible. Default true. */
  hideable?: boolean
  /** Hidden in the default view. */
  hidden?: boolean
  /**
   * What the column holds, which sets its width (app/grid/grid-columns.ts): text
   * by default, a link or action column when it has no field. 'actions' (a row's
   * buttons) stays at the right edge of a grid that scrolls sideways.
   */
  kind?: 'text' | 'short' | 'date' | 'number' | 'link' | 'checkbox' | 'actions'
  /** Cell text, also used by the CSV export. Defaults to the field's value as text. */
  value?: (row: Row) => string
  /** Left out of the CSV export (link and action columns). */
  noExport?: boolean
  /**
   * Turns a text filter into API criteria when the plain CONTAINS/EQUALS does not fit: one
   * criterion, a list (all must hold), or null for the plain text criterion.
   */
  criterion?: (
    filter: { op: TextOperator; text: string },
    field: string,
  ) => GridCriterion | readonly GridCriterion[] | null
  /** Short hint shown with the filter input, e.g. the date format it takes. */
  filterHint?: string
  /** Width in pixels until the user resizes the column (otherwise its kind decides). */
  width?: number
}

/**
 * Page-level state that belongs to a grid's view (e.g. a date range and an
 * active-only switch): read from the URL with the grid's parameters, part of the
 * view's key (so it counts for Reset View, which returns it to its defaults), and
 * stored in the saved view in fields of its own.
 */
export interface ViewExtrasSpec {
  /** Its URL parameters (bare names, prefixed like the grid's others). */
  names: readonly string[]
  /**
   * The values the grid's parameters (bare names) hold, checked and in one
   * canonical form each; a value equal to its default is left out.
   */
  parse(own: URLSearchParams): ViewExtras
  /** The saved view's fields for the values. */
  toSaved(extras: ViewExtras): Record<string, unknown>
  /** The URL values of a saved view's fields (parse checks them again). */
  fromSaved(saved: Record<string, unknown>): ViewExtras
  /** The page's own step parameters (e.g. a calendar's picks): left out of every view and every grid link. */
  transient?: readonly string[]
}

/** Which grid of a page a URL parameter belongs to. */
export interface GridScope {
  /**
   * Set on each grid of a page that shows several (e.g. 'a' and 'i'): its URL
   * parameters are `${prefix}.${name}`. Without it the names are bare, as on a
   * page with one grid. A prefix is a short word other than the bare names'
   * own leading parts ('f', 'ft', 'fo', 'fd').
   */
  paramPrefix?: string
  viewExtras?: ViewExtrasSpec
  /** The page's own one-off parameters (bare names, e.g. an open dialog's): every link of the grid drops them. */
  pageSteps?: readonly string[]
}

export interface GridSpec<Row = Record<string, unknown>> extends GridScope {
  /** Saved-view table name (spec 1 section 3), e.g. emailList. */
  tableName: string
  columns: GridColumnSpec<Row>[]
  defaultSort: SortKey[]
  pageSizes: readonly number[]
  defaultPageSize: number
  /** Allows several sort keys (shift-click, or the "then by" link). */
  multiSort?: boolean
  /** Most rows a CSV export writes. */
  exportLimit: number
  /** Most values the filter dialog lists before answering 'Too many distinct values'. */
  distinctLimit?: number
  /**
   * API fields that identify a row; the list call appends them, ascending, to
   * every sort. Lets the browser re-sort a completely loaded list itself.
   */
  uniqueKey?: string[]
  /**
   * How the grid shows on a phone: as the table (the default, scrolling sideways
   * when it must), or 'stacked', each row a list of 'heading: value' lines, for a
   * grid whose columns cannot fit.
   */
  phoneLayout?: 'table' | 'stacked'
}

export const GRID_PARAM = {
  sort: 'sort',
  page: 'page',
  size: 'size',
  cols: 'cols',
  widths: 'w',
  filterPrefix: 'f.',
} as const

/**
 * Marks a view opened from a link on another page (Home's cards): it is shown
 * but not saved as the user's view. Transient, so the grid's own links drop it
 * and the user's next change of the view is saved as usual.
 */
export const LINKED_VIEW_PARAM = 'linked'

/** Parameters of the no-JavaScript forms and the dialog (bare names); never part of a view or of a link. */
export const TRANSIENT_PARAMS = [
  LINKED_VIEW_PARAM,
  'csvRefused',
  'filterDialog',
  'fd',
  'fda',
  'fd.q',
  'fd.search',
  'fd.all',
  'fd.v',
  'colsForm',
  'show',
  'move',
  'panel',
  'filtersForm',
] as const
const TRANSIENT_PREFIXES = ['ft.', 'fo.', 'move.'] as const

export const MAX_FILTER_TEXT = 200
export const MAX_SET_VALUES = 200
export const MIN_COLUMN_WIDTH = 60
export const MAX_COLUMN_WIDTH = 1200
const MAX_PAGE = 1_000_000

/* ------------------------------------------------------------------ parameter names */

/** The URL name of one of a grid's parameters (a bare name such as 'sort', 'f.to' or 'panel'). */
export function paramName(scope: GridScope, name: string): string {
  return scope.paramPrefix ? `${scope.paramPrefix}.${name}` : name
}

/** The bare name of a URL key of the grid, or null when the key is not the grid's. */
function bareName(scope: GridScope, key: string): string | null {
  if (!scope.paramPrefix) return key
  const prefix = `${scope.paramPrefix}.`
  return key.startsWith(prefix) ? key.slice(prefix.length) : null
}

/**
 * The grid's own parameters under their bare names; the other grids' and the
 * page's are left out (a grid without a prefix sees every parameter).
 */
export function ownParams(scope: GridScope, params: URLSearchParams): URLSearchParams {
  if (!scope.paramPrefix) return params
  const out = new URLSearchParams()
  for (const [key, value] of params) {
    const name = bareName(scope, key)
    if (name !== null) out.append(name, value)
  }
  return out
}

const isViewName = (name: string) =>
  name === GRID_PARAM.sort ||
  name === GRID_PARAM.page ||
  name === GRID_PARAM.size ||
  name === GRID_PARAM.cols ||
  name === GRID_PARAM.widths ||
  name.startsWith(GRID_PARAM.filterPrefix)

const isTransientName = (name: string) =>
  (TRANSIENT_PARAMS as readonly string[]).includes(name) || TRANSIENT_PREFIXES.some((p) => name.startsWith(p))

/** Whether a URL key is one of the grid's view parameters (sort, page, size, cols, w, f.*, its view extras). */
export function isGridParam(key: string, scope: GridScope = {}) {
  const name = bareName(scope, key)
  return name !== null && (isViewName(name) || Boolean(scope.viewExtras?.names.includes(name)))
}

/** Whether a URL key is one of the grid's form or dialog parameters (its extras' step parameters included). */
export function isTransientParam(key: string, scope: GridScope = {}) {
  const name = bareName(scope, key)
  return name !== null && (isTransientName(name) || Boolean(scope.viewExtras?.transient?.includes(name)))
}

/** Whether the URL names a view of the grid (any of its view parameters); otherwise the saved view applies. */
export function hasViewParams(params: URLSearchParams, scope: GridScope = {}): boolean {
  for (const key of params.keys()) if (isGridParam(key, scope)) return true
  return false
}

/**
 * The parameters that are not the grid's: the page's own (customer ...) and the
 * other grids' of the page, without any of this grid's view or form parameters.
 */
export function baseParams(params: URLSearchParams, scope: GridScope = {}): URLSearchParams {
  const out = new URLSearchParams()
  for (const [k, v] of params) {
    if (!isGridParam(k, scope) && !isTransientParam(k, scope) && !scope.pageSteps?.includes(k)) out.append(k, v)
  }
  return out
}

/* ------------------------------------------------------------------ helpers */

export function columnById<Row>(spec: GridSpec<Row>, id: string): GridColumnSpec<Row> | undefined {
  return spec.columns.find((c) => c.id === id)
}

const sortableColumn = <Row>(spec: GridSpec<Row>, id: string) => {
  const c = columnById(spec, id)
  return c && c.field && c.sortable ? c : undefined
}

export function clampWidth(width: number) {
  return Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width)))
}

export function defaultColumns<Row>(spec: GridSpec<Row>): ColumnState[] {
  return spec.columns.map((c) => ({ id: c.id, hidden: Boolean(c.hidden) && c.hideable !== false }))
}

export function defaultView<Row>(spec: GridSpec<Row>): GridView {
  return {
    sort: spec.defaultSort.map((s) => ({ ...s })),
    filters: {},
    columns: defaultColumns(spec),
    pageSize: spec.defaultPageSize,
    ...(spec.viewExtras ? { extras: {} } : {}),
  }
}

export function defaultState<Row>(spec: GridSpec<Row>): GridState {
  return { ...defaultView(spec), page: 1 }
}

/* ------------------------------------------------------------------ filter values */

function escapeSetValue(v: string) {
  return v.replace(/\\/g, '\\\\').replace(/,/g, '\\,')
}

export function encodeSetValues(values: string[]) {
  return values.map(escapeSetValue).join(',')
}

export function decodeSetValues(text: string): string[] {
  const out: string[] = []
  let current = ''
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (ch === '\\' && i + 1 < text.length) {
      current += text[++i]
    } else if (ch === ',') {
      out.push(current)
      current = ''
    } else {
      current += ch
    }
  }
  out.push(current)
  return out
}

export function encodeFilter(filter: ColumnFilter): string {
  if (filter.type === 'set') return `in:${encodeSetValues(filter.values)}`
  return `${filter.op === 'equals' ? 'e' : 'c'}:${filter.text}`
}

/** A filter as written in the URL, checked against what the column allows; null when unusable. */
export function decodeFilter<Row>(column: GridColumnSpec<Row>, raw: string): ColumnFilter | null {
  if (!column.field) return null
  const colon = raw.indexOf(':')
  if (colon < 0) return null
  const kind = raw.slice(0, colon)
  const rest = raw.slice(colon + 1)
  if (kind === 'in') {
    if (!column.setFilter || rest === '') return null
    const values = [...new Set(decodeSetValues(rest))].filter((v) => v.length <= MAX_FILTER_TEXT * 5)
    if (values.length === 0 || values.length > MAX_SET_VALUES) return null
    return { type: 'set', values }
  }
  if (kind !== 'c' && kind !== 'e') return null
  if (!column.textFilter) return null
  const text = rest.trim()
  if (text === '' || text.length > MAX_FILTER_TEXT) return null
  // An equals-only column takes a contains filter as equals.
  const op: TextOperator = kind === 'e' || column.textFilter === 'equals' ? 'equals' : 'contains'
  return { type: 'text', op, text }
}

/* ------------------------------------------------------------------ parsing */

const pageSchema = z.catch(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_PAGE)), 1)

function parseSort<Row>(spec: GridSpec<Row>, raw: string | null): SortKey[] {
  if (raw === null) return spec.defaultSort.map((s) => ({ ...s }))
  const keys: SortKey[] = []
  for (const part of raw.slice(0, 500).split(',')) {
    const [col, dir] = part.trim().split('.')
    if (!col || !sortableColumn(spec, col) || keys.some((k) => k.col === col)) continue
    keys.push({ col, dir: dir === 'desc' ? 'desc' : 'asc' })
  }
  return spec.multiSort ? keys : keys.slice(0, 1)
}

function parseColumns<Row>(spec: GridSpec<Row>, raw: string | null, widthsRaw: string | null): ColumnState[] {
  const byId = new Map(spec.columns.map((c) => [c.id, c]))
  const result: ColumnState[] = []
  if (raw !== null) {
    for (const part of raw.slice(0, 2000).split(',')) {
      const token = part.trim()
      const hidden = token.startsWith('-')
      const id = hidden ? token.slice(1) : token
      const column = byId.get(id)
      if (!column || result.some((c) => c.id === id)) continue
      result.push({ id, hidden: hidden && column.hideable !== false })
    }
  }
  // Columns the URL does not name keep their default visibility, after the named ones.
  for (const c of defaultColumns(spec)) if (!result.some((r) => r.id === c.id)) result.push(c)
  if (widthsRaw) {
    for (const part of widthsRaw.slice(0, 2000).split(',')) {
      const [id, px] = part.split(':')
      const n = Number(px)
      const col = result.find((c) => c.id === id)
      if (col && Number.isFinite(n) && n > 0) col.width = clampWidth(n)
    }
  }
  return result
}

export function parsePageSize<Row>(spec: GridSpec<Row>, raw: string | null): number {
  const n = Number(raw)
  return raw !== null && spec.pageSizes.includes(n) ? n : spec.defaultPageSize
}

function filtersOf<Row>(spec: GridSpec<Row>, own: URLSearchParams): Record<string, ColumnFilter> {
  const filters: Record<string, ColumnFilter> = {}
  for (const [key, raw] of own) {
    if (!key.startsWith(GRID_PARAM.filterPrefix)) continue
    const column = columnById(spec, key.slice(GRID_PARAM.filterPrefix.length))
    if (!column || filters[column.id]) continue
    const filter = decodeFilter(column, raw)
    if (filter) filters[column.id] = filter
  }
  return filters
}

/** The grid state a URL describes; anything unknown or invalid falls back to the default. */
export function parseGridState<Row>(spec: GridSpec<Row>, params: URLSearchParams): GridState {
  return stateOf(spec, ownParams(spec, params))
}

/** The state of the grid's parameters under their bare names. */
function stateOf<Row>(spec: GridSpec<Row>, own: URLSearchParams): GridState {
  return {
    sort: parseSort(spec, own.get(GRID_PARAM.sort)),
    filters: filtersOf(spec, own),
    columns: parseColumns(spec, own.get(GRID_PARAM.cols), own.get(GRID_PARAM.widths)),
    pageSize: parsePageSize(spec, own.get(GRID_PARAM.size)),
    page: pageSchema.parse(own.get(GRID_PARAM.page) ?? 1),
    ...(spec.viewExtras ? { extras: spec.viewExtras.parse(own) } : {}),
  }
}

/* ------------------------------------------------------------------ serialising */

function sameSort(a: SortKey[], b: SortKey[]) {
  return a.length === b.length && a.every((k, i) => k.col === b[i].col && k.dir === b[i].dir)
}

function sameColumnLayout(a: ColumnState[], b: ColumnState[]) {
  return a.length === b.length && a.every((c, i) => c.id === b[i].id && c.hidden === b[i].hidden)
}

/**
 * Writes `state` into a copy of `base`: its other parameters (the page's and the
 * other grids') are kept; this grid's view and form parameters are replaced.
 */
export function gridParams<Row>(
  spec: GridSpec<Row>,
  state: GridState,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const out = baseParams(base, spec)
  const set = (name: string, value: string) => out.set(paramName(spec, name), value)
  if (!sameSort(state.sort, spec.defaultSort)) {
    set(GRID_PARAM.sort, state.sort.map((k) => `${k.col}.${k.dir}`).join(','))
  }
  for (const column of spec.columns) {
    const filter = state.filters[column.id]
    if (filter) set(`${GRID_PARAM.filterPrefix}${column.id}`, encodeFilter(filter))
  }
  if (state.page > 1) set(GRID_PARAM.page, String(state.page))
  set(GRID_PARAM.size, String(state.pageSize))
  if (!sameColumnLayout(state.columns, defaultColumns(spec))) {
    set(GRID_PARAM.cols, state.columns.map((c) => `${c.hidden ? '-' : ''}${c.id}`).join(','))
  }
  const widths = state.columns.filter((c) => c.width !== undefined).map((c) => `${c.id}:${c.width}`)
  if (widths.length) set(GRID_PARAM.widths, widths.join(','))
  for (const name of spec.viewExtras?.names ?? []) {
    const value = state.extras?.[name]
    if (value !== undefined) set(name, value)
  }
  return out
}

export function gridHref<Row>(pathname: string, spec: GridSpec<Row>, state: GridState, base?: URLSearchParams) {
  const search = gridParams(spec, state, base).toString()
  return search ? `${pathname}?${search}` : pathname
}

/* ------------------------------------------------------------------ view rules (spec 1 section 4) */

/** A comparable text of the view (page excluded). */
export function viewKey<Row>(spec: GridSpec<Row>, view: GridView): string {
  const state = { ...view, page: 1 }
  return gridParams(spec, state).toString()
}

export function isDefaultView<Row>(spec: GridSpec<Row>, view: GridView): boolean {
  return viewKey(spec, view) === viewKey(spec, defaultView(spec))
}

/** Clear Filters is enabled only when a filter is present. */
export function hasFilter(view: GridView): boolean {
  return Object.keys(view.filters).length > 0
}

/** Reset View is enabled when the view differs from the default (columns, sort, filter, size, view extras). */
export function canResetView<Row>(spec: GridSpec<Row>, view: GridView): boolean {
  return !isDefaultView(spec, view)
}

export function visibleColumns<Row>(spec: GridSpec<Row>, view: GridView): GridColumnSpec<Row>[] {
  return view.columns
    .filter((c) => !c.hidden)
    .map((c) => columnById(spec, c.id))
    .filter((c): c is GridColumnSpec<Row> => Boolean(c))
}

/* ------------------------------------------------------------------ changes */

/**
 * The sort after clicking a header: unsorted -> ascending -> descending -> unsorted.
 * Without `additive` the clicked column becomes the only key; with it (shift-click
 * or "then by") the column is added or cycled in place, where multi-sort is allowed.
 */
export function nextSort<Row>(spec: GridSpec<Row>, sort: SortKey[], colId: string, additive = false): SortKey[] {
  if (!sortableColumn(spec, colId)) return sort
  const current = sort.find((k) => k.col === colId)
  const next: SortDirection | null = !current ? 'asc' : current.dir === 'asc' ? 'desc' : null
  if (additive && spec.multiSort) {
    if (!current) return [...sort, { col: colId, dir: 'asc' }]
    return next
      ? sort.map((k) => (k.col === colId ? { col: colId, dir: next } : k))
      : sort.filter((k) => k.col !== colId)
  }
  return next ? [{ col: colId, dir: next }] : []
}

export function withSort(state: GridState, sort: SortKey[]): GridState {
  return { ...state, sort, page: 1 }
}

export function withFilter(state: GridState, colId: string, filter: ColumnFilter | null): GridState {
  const filters = { ...state.filters }
  if (filter) filters[colId] = filter
  else delete filters[colId]
  return { ...state, filters, page: 1 }
}

export function withoutFilters(state: GridState): GridState {
  return { ...state, filters: {}, page: 1 }
}

/** The state with the view extras changed by `values` (an empty text removes one); back on page 1. */
export function withExtras<Row>(spec: GridSpec<Row>, state: GridState, values: ViewExtras): GridState {
  if (!spec.viewExtras) return state
  const params = new URLSearchParams(state.extras)
  for (const [name, value] of Object.entries(values)) {
    if (value === '') params.delete(name)
    else params.set(name, value)
  }
  return { ...state, extras: spec.viewExtras.parse(params), page: 1 }
}

export function withPage(state: GridState, page: number): GridState {
  return { ...state, page: Math.max(1, Math.min(MAX_PAGE, Math.floor(page))) }
}

export function withPageSize<Row>(spec: GridSpec<Row>, state: GridState, size: number): GridState {
  return { ...state, pageSize: spec.pageSizes.includes(size) ? size : spec.defaultPageSize, page: 1 }
}

/** Moves a column to `toIndex` in the full column order. */
export function withColumnMoved(state: GridState, colId: string, toIndex: number): GridState {
  const from = state.columns.findIndex((c) => c.id === colId)
  if (from < 0) return state
  const columns = [...state.columns]
  const [moved] = columns.splice(from, 1)
  const to = Math.max(0, Math.min(columns.length, toIndex))
  columns.splice(to, 0, moved)
  return { ...state, columns }
}

/** Moves a column one place up (earlier) or down (later) among all columns. */
export function withColumnStep(state: GridState, colId: string, step: -1 | 1): GridState {
  const from = state.columns.findIndex((c) => c.id === colId)
  if (from < 0) return state
  return withColumnMoved(state, colId, from + step)
}

export function withColumnHidden<Row>(
  spec: GridSpec<Row>,
  state: GridState,
  colId: string,
  hidden: boolean,
): GridState {
  const column = columnById(spec, colId)
  if (!column || (hidden && column.hideable === false)) return state
  const columns = state.columns.map((c) => (c.id === colId ? { ...c, hidden } : c))
  // At least one column stays visible.
  if (columns.every((c) => c.hidden)) return state
  return { ...state, columns }
}

export function withColumnWidth(state: GridState, colId: string, width: number | undefined): GridState {
  return {
    ...state,
    columns: state.columns.map((c) => {
      if (c.id !== colId) return c
      const { width: _old, ...rest } = c
      return width === undefined ? rest : { ...rest, width: clampWidth(width) }
    }),
  }
}

/* ------------------------------------------------------------------ no-JavaScript forms */

/**
 * The column form without JavaScript: `show` lists the ticked columns and `move`
 * (a submit button's value, `id.up` or `id.down`) moves one column a step.
 */
export function applyColumnForm<Row>(spec: GridSpec<Row>, state: GridState, params: URLSearchParams): GridState {
  const own = ownParams(spec, params)
  const shown = new Set(own.getAll('show'))
  let next = state
  for (const c of state.columns) next = withColumnHidden(spec, next, c.id, !shown.has(c.id))
  // The move buttons are named `move.<id>.<up|down>` (a value would show as raw text in a text browser).
  const move = own.get('move') ?? [...own.keys()].find((key) => key.startsWith('move.'))?.slice('move.'.length)
  if (move) {
    const [id, dir] = move.split('.')
    if (dir === 'up' || dir === 'down') next = withColumnStep(next, id, dir === 'up' ? -1 : 1)
  }
  return next
}

/**
 * The filter row without JavaScript: `ft.<id>` carries the text and `fo.<id>` the
 * operator (contains or equals). An empty text removes a text filter but leaves a
 * value filter from the dialog alone.
 */
export function applyFilterForm<Row>(spec: GridSpec<Row>, state: GridState, params: URLSearchParams): GridState {
  const own = ownParams(spec, params)
  let next = state
  for (const column of spec.columns) {
    if (!column.textFilter || !column.field) continue
    const text = own.get(`ft.${column.id}`)
    if (text === null) continue
    const trimmed = text.trim().slice(0, MAX_FILTER_TEXT)
    const existing = state.filters[column.id]
    if (trimmed === '') {
      if (existing?.type === 'text') next = withFilter(next, column.id, null)
      continue
    }
    const op: TextOperator =
      column.textFilter === 'equals' || own.get(`fo.${column.id}`) === 'equals' ? 'equals' : 'contains'
    if (existing?.type === 'text' && existing.op === op && existing.text === trimmed) continue
    next = withFilter(next, column.id, { type: 'text', op, text: trimmed })
  }
  return next
}

/* ------------------------------------------------------------------ page request */

/** The criteria of a column's filter (all must hold); none for a column without a field. */
export function columnCriteria<Row>(column: GridColumnSpec<Row>, filter: ColumnFilter): GridCriterion[] {
  if (!column.field) return []
  if (filter.type === 'set') return [{ name: column.field, method: 'IN', value: filter.values }]
  const own = column.criterion?.({ op: filter.op, text: filter.text }, column.field)
  if (own) return Array.isArray(own) ? [...own] : [own as GridCriterion]
  return [
    {
      name: column.field,
      method: filter.op === 'equals' ? 'EQUALS' : 'CONTAINS',
      value: filter.text,
      casefold: true,
    },
  ]
}

/** The filter rule of the view's filters (all must match), leaving out `exceptColumn`. */
export function filterRule<Row>(
  spec: GridSpec<Row>,
  filters: Record<string, ColumnFilter>,
  exceptColumn?: string,
): GridFilterRule | undefined {
  const criteria: GridCriterion[] = []
  for (const column of spec.columns) {
    const filter = filters[column.id]
    if (!filter || column.id === exceptColumn) continue
    criteria.push(...columnCriteria(column, filter))
  }
  return criteria.length ? { condition: 'ALL', criteria } : undefined
}

export function sortingRule<Row>(spec: GridSpec<Row>, sort: SortKey[]) {
  const rules = sort
    .map((k) => ({ column: sortableColumn(spec, k.col), dir: k.dir }))
    .filter((k): k is { column: GridColumnSpec<Row> & { field: string }; dir: SortDirection } =>
      Boolean(k.column?.field),
    )
    .map((k) => ({ name: k.column.field, direction: k.dir }))
  return rules.length ? rules : undefined
}

/** The API page request for the state: filter criteria, sorting, offset and limit. */
export function toPageRequest<Row>(spec: GridSpec<Row>, state: GridState): GridPageRequest {
  return {
    filter: filterRule(spec, state.filters),
    sorting: sortingRule(spec, state.sort),
    offset: (state.page - 1) * state.pageSize,
    limit: state.pageSize,
  }
}

export function pageCount(total: number, pageSize: number) {
  return Math.max(1, Math.ceil(total / pageSize))
}

/* ------------------------------------------------------------------ saved views (spec 1 section 3) */

export interface SavedGridView {
  filterModel: Record<string, unknown> | null
  sortModel: { colId: string; sort: SortDirection; sortIndex: number }[] | null
  columnOrder: { colId: string; hide: boolean; width?: number }[] | null
  /** Screen extra: the page size, when not the default. */
  pageSize?: number
  /** The fields of the grid's view extras (GridSpec.viewExtras), e.g. dateRange and activeOnly. */
  [extra: string]: unknown
}

/** The preference to save for a view; null means the default view (save an empty preference). */
export function toSavedView<Row>(spec: GridSpec<Row>, view: GridView): SavedGridView | null {
  if (isDefaultView(spec, view)) return null
  const filterModel: Record<string, unknown> = {}
  for (const [id, f] of Object.entries(view.filters)) {
    filterModel[id] =
      f.type === 'set' ? { filterType: 'set', values: f.values } : { filterType: 'text', type: f.op, filter: f.text }
  }
  return {
    filterModel: Object.keys(filterModel).length ? filterModel : null,
    sortModel: view.sort.map((k, i) => ({ colId: k.col, sort: k.dir, sortIndex: i })),
    columnOrder: view.columns.map((c) => ({
      colId: c.id,
      hide: c.hidden,
      ...(c.width !== undefined ? { width: c.width } : {}),
    })),
    ...(view.pageSize !== spec.defaultPageSize ? { pageSize: view.pageSize } : {}),
    ...spec.viewExtras?.toSaved(view.extras ?? {}),
  }
}

const text = z.pipe(z.union([z.string(), z.number()]), z.transform(String))

const savedFilterSchema = z.union([
  z.object({
    filterType: z.literal('set'),
    values: z.array(text).check(z.minLength(1)),
  }),
  z.object({
    filterType: z.optional(z.literal('text')),
    type: z.catch(z.enum(['contains', 'equals']), 'contains'),
    filter: text,
  }),
])

const savedSortSchema = z.array(
  z.object({ colId: z.string(), sort: z.enum(['asc', 'desc']), sortIndex: z.nullish(z.number()) }),
)
const savedColumnsSchema = z.array(
  z.object({ colId: z.string(), hide: z.nullish(z.boolean()), width: z.nullish(z.number()) }),
)

/**
 * The view a saved preference describes. Parts that are missing keep their
 * default; parts that no longer fit the grid (a removed column, a bad value)
 * are dropped. Null when there is no preference.
 */
export function fromSavedView<Row>(spec: GridSpec<Row>, saved: unknown): GridView | null {
  if (!saved || typeof saved !== 'object') return null
  const s = saved as Record<string, unknown>
  const params = new URLSearchParams()

  if (s.filterModel && typeof s.filterModel === 'object') {
    for (const [id, raw] of Object.entries(s.filterModel as Record<string, unknown>)) {
      const parsed = savedFilterSchema.safeParse(raw)
      if (!parsed.success) continue
      const f = parsed.data
      const filter: ColumnFilter =
        'values' in f ? { type: 'set', values: f.values } : { type: 'text', op: f.type, text: f.filter }
      params.set(`${GRID_PARAM.filterPrefix}${id}`, encodeFilter(filter))
    }
  }
  const sort = savedSortSchema.safeParse(s.sortModel)
  if (sort.success) {
    const keys = [...sort.data].sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0))
    params.set(GRID_PARAM.sort, keys.map((k) => `${k.colId}.${k.sort}`).join(','))
  }
  const cols = savedColumnsSchema.safeParse(s.columnOrder)
  if (cols.success && cols.data.length) {
    params.set(GRID_PARAM.cols, cols.data.map((c) => `${c.hide ? '-' : ''}${c.colId}`).join(','))
    const widths = cols.data.filter((c) => typeof c.width === 'number').map((c) => `${c.colId}:${c.width}`)
    if (widths.length) params.set(GRID_PARAM.widths, widths.join(','))
  }
  if (typeof s.pageSize === 'number') params.set(GRID_PARAM.size, String(s.pageSize))
  for (const [name, value] of Object.entries(spec.viewExtras?.fromSaved(s) ?? {})) params.set(name, value)
  const { page: _page, ...view } = stateOf(spec, params)
  return view
}

/* ------------------------------------------------------------------ filter dialog (spec 1 sections 2.14 and 4) */

export interface DialogChoice {
  /** The values the dialog lists (those matching the search). */
  listed: string[]
  /** The ticked values among them. */
  ticked: string[]
  /** Earlier choices that the search hides; they stay chosen. */
  carried?: string[]
  search: string
}

/**
 * The selection Apply sets: null means all values (no filter). An empty
 * selection means all; so does ticking every value while not searching.
 * While searching, the ticked matches plus the earlier hidden choices apply.
 */
export function dialogSelection({ listed, ticked, carried = [], search }: DialogChoice): string[] | null {
  const isListed = new Set(listed)
  const tickedSet = new Set(ticked.filter((v) => isListed.has(v)))
  if (search.trim() === '') {
    if (tickedSet.size === 0 || listed.every((v) => tickedSet.has(v))) return null
    return listed.filter((v) => tickedSet.has(v))
  }
  const chosen = [...new Set([...carried.filter((v) => !isListed.has(v)), ...listed.filter((v) => tickedSet.has(v))])]
  return chosen.length ? chosen : null
}

/** Why a selection cannot be applied, or null. */
export function selectionError(selection: string[] | null): string | null {
  return selection && selection.length > MAX_SET_VALUES ? `Choose at most ${MAX_SET_VALUES} values.` : null
}

export function withSelection(state: GridState, colId: string, selection: string[] | null): GridState {
  return withFilter(state, colId, selection ? { type: 'set', values: selection } : null)
}

/** The dialog's current choice for a column: the values of its value filter, or null for all. */
export function currentSelection(state: GridView, colId: string): string[] | null {
  const filter = state.filters[colId]
  return filter?.type === 'set' ? filter.values : null
}

/** A value as the column's filter dialog lists it: in the column's words, '(empty)' for none. */
export function setValueText<Row>(column: GridColumnSpec<Row> | undefined, value: string): string {
  const words = value === '' ? '' : (column?.setValueLabel?.(value) ?? value)
  return words === '' ? '(empty)' : words
}

/** Whether a value is one a filter dialog's search finds: its code or its words hold the text, in any case. */
export function setValueMatches<Row>(column: GridColumnSpec<Row> | undefined, value: string, search: string): boolean {
  const text = search.trim().toLowerCase()
  return value.toLowerCase().includes(text) || setValueText(column, value).toLowerCase().includes(text)
}

/** The text of a cell: the column's formatter, or the field's value. */
export function cellText<Row>(column: GridColumnSpec<Row>, row: Row): string {
  if (column.value) return column.value(row)
  const raw = column.field ? (row as Record<string, unknown>)[column.field] : undefined
  return raw === null || raw === undefined ? '' : String(raw)
}
