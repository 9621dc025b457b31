/**
 * The browser's cache of a list (spec 1 section 4, Generic data lists), as the
 * `clientLoader` of the list's route. It runs only with JavaScript, on
 * navigations after the first page load; without JavaScript every page still
 * comes from the server.
 *
 * A view's rows are loaded a chunk at a time (3 times the largest page size)
 * from /resources/grid/<table>?chunk=offset,limit and kept per customer, filter
 * and sort; a page inside loaded rows is shown without asking the server, and a
 * filter that only narrows a completely loaded one is worked out here (rows,
 * count and paging) with the list engine's rules (app/grid/grid-cache.ts).
 * Whatever only the server decides (the saved view of a URL without one, the
 * no-JavaScript forms, errors and refusals) still goes to the route's loader.
 *
 * It serves a route with one grid, whose loader data is that grid
 * (GridRouteData). A list whose columns depend on the customer (GridList.specFor)
 * passes each of its specs, the one with every column first: the server's pages
 * and chunks name the columns it chose, and a cached page is shown with those. A route with several grids exports no clientLoader: its
 * data has parts the browser cannot work out, so every navigation asks its
 * loader.
 */
import type { ClientLoaderFunctionArgs } from '@remix-run/react'
import { GridCache, chunkFor, type CacheQuery } from '../../grid/grid-cache'
import {
  gridParams,
  hasViewParams,
  isTransientParam,
  pageCount,
  parseGridState,
  toPageRequest,
  withPage,
  type GridSpec,
  type GridState,
} from '../../grid/grid-state'
import type { GridChunk, GridData, GridRouteData } from '../../grid/types'

/** Loaded rows are used for this long; the list is then loaded again. */
export const CACHE_TTL_MS = 2 * 60_000
const MAX_ENTRIES = 20
/** Chunks loaded for one page at most, before the route's loader answers instead. */
const MAX_LOADS = 2

const isSpecList = <Row>(specs: GridSpec<Row> | readonly GridSpec<Row>[]): specs is readonly GridSpec<Row>[] =>
  Array.isArray(specs)

export function gridClientLoader<Row>(specs: GridSpec<Row> | readonly [GridSpec<Row>, ...GridSpec<Row>[]]) {
  const variants: readonly GridSpec<Row>[] = isSpecList(specs) ? specs : [specs]
  const widest = variants[0]
  // Spec 1 section 9: the cache window is 3 times the largest page size, its maximum size 5 times.
  const largest = Math.max(...widest.pageSizes)
  const cache = new GridCache<Row>({
    window: 3 * largest,
    maxRows: 5 * largest,
    maxEntries: MAX_ENTRIES,
    ttlMs: CACHE_TTL_MS,
    uniqueKey: widest.uniqueKey,
  })
  const columnsKey = (ids: readonly string[]) => [...ids].sort().join(',')
  const byColumns = new Map(variants.map((v) => [columnsKey(v.columns.map((c) => c.id)), v]))
  /** The spec the server chose for each customer, as its answers show. */
  const chosen = new Map<string, GridSpec<Row>>()
  const learn = (customer: string, columnIds: readonly string[] | undefined) => {
    const spec = columnIds && byColumns.get(columnsKey(columnIds))
    if (spec) chosen.set(customer, spec)
  }
  const specOf = (customer: string) => chosen.get(customer) ?? widest

  const offsetOf = (state: GridState) => (state.page - 1) * state.pageSize
  const queryOf = (spec: GridSpec<Row>, customer: string, state: GridState): CacheQuery => {
    const { filter, sorting } = toPageRequest(spec, state)
    return { scope: customer, filter, sorting }
  }

  async function fetchChunk(
    spec: GridSpec<Row>,
    customer: string,
    state: GridState,
    offset: number,
    limit: number,
  ): Promise<GridChunk<Row> | null> {
    const params = gridParams(spec, withPage(state, 1), new URLSearchParams({ customer }))
    params.set('chunk', `${offset},${limit}`)
    try {
      // A redirect (e.g. signed out) or a refusal is left to the route's loader.
      const res = await fetch(`/resources/grid/${encodeURIComponent(spec.tableName)}?${params}`, { redirect: 'manual' })
      if (!res.ok || !res.headers.get('content-type')?.includes('application/json')) return null
      const chunk = (await res.json()) as GridChunk<Row>
      learn(customer, chunk.columns)
      return chunk
    } catch {
      return null
    }
  }

  /** The page of `state` from the cache, loading chunks as needed; null when the server's answer is needed. */
  async function cachedPage(spec: GridSpec<Row>, customer: string, state: GridState) {
    const query = queryOf(spec, customer, state)
    let current = state
    for (let loads = 0; ;) {
      const hit = cache.read(query, offsetOf(current), current.pageSize, Date.now())
      if (hit) {
        const last = pageCount(hit.total, current.pageSize)
        // A page past the end (a stale bookmark) shows the last page, as the server does.
        if (current.page <= last) return { state: current, ...hit, timedOut: false }
        current = withPage(current, last)
        continue
      }
      if (loads++ === MAX_LOADS) return null
      const want = chunkFor(offsetOf(current), current.pageSize, cache.options.window)
      const chunk = await fetchChunk(spec, customer, current, want.offset, want.limit)
      if (!chunk) return null
      if (chunk.timedOut) return { state: current, rows: [] as Row[], total: 0, timedOut: true }
      cache.store(query, { offset: want.offset, rows: chunk.rows, total: chunk.total }, Date.now())
    }
  }

  /** Keeps the rows of a page the server rendered. */
  function remember(customer: string | null, grid: GridData<Row> | null) {
    if (!customer || !grid) return
    learn(
      customer,
      grid.state.columns.map((c) => c.id),
    )
    if (grid.error || grid.timedOut || grid.total === null) return
    cache.store(
      queryOf(specOf(customer), customer, grid.state),
      { offset: offsetOf(grid.state), rows: grid.rows, total: grid.total },
      Date.now(),
    )
  }

  return async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs): Promise<GridRouteData<Row>> {
    const params = new URL(request.url).searchParams
    const customer = params.get('customer')
    const fromServer = async () => {
      const data = (await serverLoader()) as GridRouteData<Row>
      remember(data.customerNumber, data.grid)
      return data
    }
    if (!customer) return fromServer()
    let spec = specOf(customer)
    if (!hasViewParams(params, spec) || [...params.keys()].some((key) => isTransientParam(key, spec)))
      return fromServer()
    let found = await cachedPage(spec, customer, parseGridState(spec, params))
    if (found && specOf(customer) !== spec) {
      // The chunk named other columns than the ones assumed: the view as those read it (its rows are
      // cached already unless the address sorts or filters by a column the customer's list has not).
      spec = specOf(customer)
      found = await cachedPage(spec, customer, parseGridState(spec, params))
    }
    if (!found) return fromServer()
    const grid: GridData<Row> = {
      tableName: spec.tableName,
      state: found.state,
      rows: found.rows,
      total: found.total,
      pageCount: pageCount(found.total, found.state.pageSize),
      error: null,
      dialog: null,
      // Only the server knows what is stored; the component saves the view shown.
      storedViewKey: null,
      ...(found.timedOut ? { timedOut: true } : {}),
    }
    return { grid, customerNumber: customer }
  }
}
