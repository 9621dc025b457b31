/**
 * The grid's server helper: one call in a list's loader turns the request URL
 * into the grid's data.
 *
 * - The no-JavaScript forms (filter row, column form, filter dialog) submit GET
 *   requests with form fields; they are folded into the canonical view URL and
 *   redirected to, so the address bar always shows a clean, bookmarkable view.
 * - A URL without view parameters shows the saved view: when one is stored the
 *   loader redirects to its URL (so the address is the state), otherwise the
 *   default view renders.
 * - A document request (a page load without JavaScript, a reload, a bookmark)
 *   saves the view it shows, unless it was opened from a link elsewhere
 *   (LINKED_VIEW_PARAM, Home's cards): that one is shown and not saved. This GET writes only the user's own view
 *   preference, never business data, and it is what makes "every change of view
 *   is saved" work without JavaScript. With JavaScript the component saves
 *   instead, debounced (spec 1 section 9: 2000 ms), so its background fetches
 *   and prefetches never write.
 *
 * A page with several grids (each with its own GridSpec.paramPrefix) calls
 * loadGrid once per grid, in parallel (Promise.all). Each reads only its own
 * parameters, and every redirect keeps the other grids' and the page's: when
 * the URL names no view of either, one grid redirects to its saved view, the
 * next request the other, and the page ends with both views in its URL.
 */
import { redirect } from '@remix-run/node'
import {
  applyColumnForm,
  applyFilterForm,
  columnById,
  currentSelection,
  defaultView,
  dialogSelection,
  filterRule,
  fromSavedView,
  gridHref,
  hasViewParams,
  LINKED_VIEW_PARAM,
  isDefaultView,
  ownParams,
  pageCount,
  paramName,
  parseGridState,
  selectionError,
  setValueMatches,
  setValueText,
  toPageRequest,
  toSavedView,
  viewKey,
  withPage,
  withSelection,
  type GridSpec,
  type GridState,
  type GridView,
} from './grid-state'
import { failureStatus, type Envelope, type Failure, type FilterRule } from '../api-client/envelope'
import { localPathname } from '../auth/return-to'
import { timedOut, type ApiClient, type ViewToSave } from '../api-client/client.server'
import type { FilterDialogData, GridChunk, GridCount, GridData, GridLoadError, GridSource } from './types'

export interface PreferenceStore {
  load(): Promise<{ ok: true; view: unknown } | { ok: false; message: string }>
  save(view: GridView): Promise<boolean>
}

/** The saved-view calls (POST /api/preferences/get and /save) for one customer and table. */
export function preferenceStore<Row>(api: ApiClient, customerNumber: string, spec: GridSpec<Row>): PreferenceStore {
  return {
    async load() {
      const reply = await api.getPreference(customerNumber, spec.tableName)
      return reply.status === 'SUCCESS' ? { ok: true, view: reply.data } : { ok: false, message: reply.err }
    },
    async save(view) {
      const saved = toSavedView(spec, view)
      // No saved parts is the empty preference: the API removes the stored view.
      const payload: ViewToSave = { tableName: spec.tableName }
      // Parts left at their default are not sent (null filterModel, the view extras' defaults ...).
      for (const [field, value] of Object.entries(saved ?? {})) {
        if (value !== null && value !== undefined) payload[field] = value
      }
      const reply = await api.savePreference(customerNumber, payload)
      if (reply.status !== 'SUCCESS') {
        // Spec 1 section 8: a failed preference save is logged only.
        console.error(
          JSON.stringify({ level: 'error', msg: 'Error', detail: `saving view ${spec.tableName}: ${reply.err}` }),
        )
        return false
      }
      return true
    },
  }
}

/**
 * Whether the request is the browser loading a page (no script involved), as
 * opposed to a fetch, a prefetch or a speculative load. Browsers without
 * Fetch Metadata headers count as page loads.
 */
export function isPageLoad(request: Request): boolean {
  const mode = request.headers.get('sec-fetch-mode')
  const dest = request.headers.get('sec-fetch-dest')
  const purpose = `${request.headers.get('sec-purpose') ?? ''} ${request.headers.get('purpose') ?? ''}`
  if (/prefetch|prerender/i.test(purpose)) return false
  return (mode === null || mode === 'navigate') && (dest === null || dest === 'document')
}

const DEFAULT_DISTINCT_LIMIT = 500

/** Distinct values of a column under the other columns' filters, narrowed by a search text. */
export async function distinctValues<Row>(
  spec: GridSpec<Row>,
  source: GridSource<Row>,
  view: GridView,
  colId: string,
  search: string,
): Promise<{ values: string[]; error: string | null }> {
  const column = columnById(spec, colId)
  if (!column?.field || !column.setFilter) return { values: [], error: 'This column has no value filter.' }
  const others = filterRule(spec, view.filters, colId)
  const criteria = [...(others?.criteria ?? [])]
  const text = search.trim().slice(0, 200)
  // Coded values are searched in their words too, which the service does not know: the few codes
  // are all read and matched here.
  const inWords = Boolean(column.setValueLabel)
  if (text && !inWords) criteria.push({ name: column.field, method: 'CONTAINS', value: text, casefold: true })
  const filter: FilterRule | undefined = criteria.length ? { condition: 'ALL', criteria } : undefined
  const reply = await source.distinct(filter, column.field, spec.distinctLimit ?? DEFAULT_DISTINCT_LIMIT)
  if (reply.status !== 'SUCCESS') return { values: [], error: reply.err }
  const values = reply.data.filter((v) => v !== null && v !== undefined).map(String)
  if (!inWords) return { values, error: null }
  const words = (v: string) => setValueText(column, v)
  return {
    values: values
      .filter((v) => !text || setValueMatches(column, v, text))
      .sort((a, b) => words(a).localeCompare(words(b))),
    error: null,
  }
}

/** The column whose filter dialog `own` (the grid's parameters, bare names) opens. */
function dialogColumn<Row>(spec: GridSpec<Row>, own: URLSearchParams) {
  const colId = own.get('filterDialog')
  const column = colId ? columnById(spec, colId) : undefined
  return column?.setFilter && column.field ? column : undefined
}

/**
 * The dialog without JavaScript: the form sends the ticked values (`fd.v`, with
 * earlier choices hidden by the search), the search the list was shown for
 * (`fd.q`) and the new search (`fd.search`). Apply and Clear redirect to the
 * view; Search shows the dialog again.
 */
async function dialogFromForm<Row>(
  spec: GridSpec<Row>,
  source: GridSource<Row>,
  state: GridState,
  colId: string,
  params: URLSearchParams,
  pathname: string,
): Promise<FilterDialogData> {
  const own = ownParams(spec, params)
  const action = own.get('fda')
  if (action === 'clear') throw redirect(gridHref(pathname, spec, withSelection(state, colId, null), params))
  const shownFor = own.get('fd.q') ?? ''
  const shown = await distinctValues(spec, source, state, colId, shownFor)
  const ticked = own.getAll('fd.v')
  const selection = dialogSelection({ listed: shown.values, ticked, carried: ticked, search: shownFor })
  if (action === 'apply' && !shown.error) {
    const problem = selectionError(selection)
    if (!problem) throw redirect(gridHref(pathname, spec, withSelection(state, colId, selection), params))
    return { colId, search: shownFor, values: shown.values, selected: selection, error: problem }
  }
  const search = own.get('fd.search') ?? shownFor
  const next = search === shownFor ? shown : await distinctValues(spec, source, state, colId, search)
  return { colId, search, values: next.values, selected: selection, error: next.error }
}

export interface LoadGridArgs<Row> {
  request: Request
  spec: GridSpec<Row>
  source: GridSource<Row>
  preferences: PreferenceStore
  /**
   * For lists whose count costs more than a page of rows: a request made by the
   * page's script gets the rows at once and the count as a promise that follows
   * (GridData.countLater). A page load still waits for the count, because content
   * streamed after the document only shows with a script.
   */
  countLater?: boolean
}

/** Everything the DataGrid needs for this request; throws redirects for form submissions and saved views. */
export async function loadGrid<Row>({
  request,
  spec,
  source,
  preferences,
  countLater = false,
}: LoadGridArgs<Row>): Promise<GridData<Row>> {
  const url = new URL(request.url)
  const pathname = localPathname(url)
  const params = url.searchParams
  const own = ownParams(spec, params)
  const parsed = parseGridState(spec, params)

  // No-JavaScript forms: fold the form fields into the view and show its clean URL.
  if (own.has('colsForm')) {
    const href = gridHref(pathname, spec, applyColumnForm(spec, parsed, params), params)
    throw redirect(`${href}${href.includes('?') ? '&' : '?'}${paramName(spec, 'panel')}=columns`)
  }
  if (own.has('filtersForm')) throw redirect(gridHref(pathname, spec, applyFilterForm(spec, parsed, params), params))

  let state = parsed
  let saving: Promise<boolean> | null = null
  let storedViewKey: string | null = null
  if (!hasViewParams(params, spec)) {
    const stored = await preferences.load()
    if (!stored.ok) {
      // Spec 1 section 8: the message takes the place of the rows.
      return emptyGrid(spec, state, { source: 'preferences', message: stored.message })
    }
    const saved = fromSavedView(spec, stored.view)
    if (saved && !isDefaultView(spec, saved)) {
      throw redirect(gridHref(pathname, spec, { ...saved, page: 1 }, params))
    }
    storedViewKey = viewKey(spec, saved ?? defaultView(spec))
  } else if (own.has(LINKED_VIEW_PARAM)) {
    // Shown as the link asks, and known as "stored", so the page's script does not save it either.
    storedViewKey = viewKey(spec, state)
  } else if (isPageLoad(request) && !own.has('filterDialog')) {
    saving = preferences.save(state)
  }

  // The dialog's form answers first (Apply and Clear redirect); otherwise its values load alongside the rows.
  const dialogCol = dialogColumn(spec, own)
  let dialogPromise: Promise<FilterDialogData | null> = Promise.resolve(null)
  if (dialogCol && own.has('fd')) {
    dialogPromise = Promise.resolve(await dialogFromForm(spec, source, state, dialogCol.id, params, pathname))
  } else if (dialogCol) {
    const search = own.get('fd.search') ?? ''
    dialogPromise = distinctValues(spec, source, state, dialogCol.id, search).then((found) => ({
      colId: dialogCol.id,
      search,
      values: found.values,
      selected: currentSelection(state, dialogCol.id),
      error: found.error,
    }))
  }

  // Both are awaited below; marking them handled keeps a failure elsewhere from leaving them unobserved.
  dialogPromise.catch(() => undefined)
  saving?.catch(() => undefined)

  const first = toPageRequest(spec, state)
  const counting = source.count(first.filter)
  counting.catch(() => undefined)
  let page = await source.page(first)
  const pastTheEnd = page.status === 'SUCCESS' && page.data.length === 0 && state.page > 1
  if (countLater && !isPageLoad(request) && !pastTheEnd) {
    const [dialog, savedOk] = await Promise.all([dialogPromise, saving ?? Promise.resolve(false)])
    if (savedOk) storedViewKey = viewKey(spec, parsed)
    if (timedOut(page)) return { ...emptyGrid(spec, state, null), dialog, storedViewKey, timedOut: true }
    if (page.status !== 'SUCCESS') return { ...emptyGrid(spec, state, dataError(page)), dialog, storedViewKey }
    return {
      tableName: spec.tableName,
      state,
      rows: page.data,
      total: null,
      pageCount: null,
      countLater: counting.then((count) => gridCount(count, state.pageSize)),
      error: null,
      dialog,
      storedViewKey,
    }
  }
  const count = await counting
  let pages = 1
  if (count.status === 'SUCCESS') {
    pages = pageCount(count.data, state.pageSize)
    // A page past the end (a stale bookmark) shows the last page.
    if (state.page > pages) {
      state = withPage(state, pages)
      page = await source.page(toPageRequest(spec, state))
    }
  }
  const [dialog, savedOk] = await Promise.all([dialogPromise, saving ?? Promise.resolve(false)])
  if (savedOk) storedViewKey = viewKey(spec, parsed)

  if (timedOut(count) || timedOut(page))
    return { ...emptyGrid(spec, state, null), dialog, storedViewKey, timedOut: true }
  if (count.status !== 'SUCCESS') return { ...emptyGrid(spec, state, dataError(count)), dialog, storedViewKey }
  if (page.status !== 'SUCCESS') return { ...emptyGrid(spec, state, dataError(page)), dialog, storedViewKey }
  return {
    tableName: spec.tableName,
    state,
    rows: page.data,
    total: count.data,
    pageCount: pages,
    error: null,
    dialog,
    storedViewKey,
  }
}

/** The count that follows the rows (LoadGridArgs.countLater). */
function gridCount(count: Envelope<number>, pageSize: number): GridCount {
  if (timedOut(count)) return { ok: false, message: 'The count took too long.' }
  if (count.status !== 'SUCCESS') return { ok: false, message: count.err }
  return { ok: true, total: count.data, pageCount: pageCount(count.data, pageSize) }
}

/** Rows [offset, offset + limit) of the view's filter and sort, with the total: a chunk for the browser's cache. */
export async function loadChunk<Row>(
  spec: GridSpec<Row>,
  source: GridSource<Row>,
  state: GridState,
  offset: number,
  limit: number,
): Promise<{ ok: true; chunk: GridChunk<Row> } | { ok: false; error: GridLoadError }> {
  const { filter, sorting } = toPageRequest(spec, state)
  const [count, page] = await Promise.all([source.count(filter), source.page({ filter, sorting, offset, limit })])
  if (timedOut(count) || timedOut(page)) return { ok: true, chunk: { rows: [], total: 0, timedOut: true } }
  if (count.status !== 'SUCCESS') return { ok: false, error: dataError(count) }
  if (page.status !== 'SUCCESS') return { ok: false, error: dataError(page) }
  return { ok: true, chunk: { rows: page.data, total: count.data, columns: spec.columns.map((c) => c.id) } }
}

function dataError(reply: Failure): GridLoadError {
  return { source: 'data', message: reply.err, httpStatus: failureStatus(reply) }
}

function emptyGrid<Row>(spec: GridSpec<Row>, state: GridState, error: GridLoadError | null): GridData<Row> {
  return {
    tableName: spec.tableName,
    state,
    rows: [],
    total: 0,
    pageCount: 1,
    error,
    dialog: null,
    storedViewKey: null,
  }
}
