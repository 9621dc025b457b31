/** What the grid's server helper hands to the DataGrid component, and the data source a list supplies. */
import type { Envelope, FilterRule, PageRequest } from '../api-client/envelope'
import type { GridState } from './grid-state'

/** The three calls behind a list: one page, the count and the distinct values of a field. */
export interface GridSource<Row> {
  page(request: PageRequest): Promise<Envelope<Row[]>>
  count(filter: FilterRule | undefined): Promise<Envelope<number>>
  distinct(filter: FilterRule | undefined, key: string, limit: number): Promise<Envelope<unknown[]>>
}

/** The distinct-values filter dialog of one column (spec 1 section 2.14). */
export interface FilterDialogData {
  colId: string
  search: string
  /** The values to choose from (matching the search). */
  values: string[]
  /** The chosen values; null means all (no filter). */
  selected: string[] | null
  /** The service's message, e.g. 'Too many distinct values'; Apply is disabled while it is set. */
  error: string | null
}

export interface GridLoadError {
  /** preferences: the saved view could not be read; data: the list call failed. */
  source: 'preferences' | 'data'
  message: string
  /** The HTTP status the failed call answers with (failureStatus), when there was a call. */
  httpStatus?: number
}

export interface GridData<Row> {
  tableName: string
  state: GridState
  rows: Row[]
  /** Null while the count follows in `countLater`. */
  total: number | null
  pageCount: number | null
  /** The count, when it follows the rows (loadGrid's countLater). */
  countLater?: Promise<GridCount>
  error: GridLoadError | null
  dialog: FilterDialogData | null
  /** The view as stored (viewKey), when this request read or wrote it; null when unknown. */
  storedViewKey: string | null
  /** The list request timed out: the list is shown empty (spec 1 section 4). */
  timedOut?: boolean
}

/** A list's count that arrives after its rows: the total and pages, or the service's message. */
export type GridCount = { ok: true; total: number; pageCount: number } | { ok: false; message: string }

/** Rows of a view from `offset`, with the view's total: what the browser's cache loads. */
export interface GridChunk<Row> {
  rows: Row[]
  total: number
  /** The ids of the list's columns for this customer (GridList.specFor), so the browser shows the same. */
  columns?: string[]
  /** The list request timed out: no rows (spec 1 section 4). */
  timedOut?: boolean
}

/** What a list screen's loader returns: the grid, or null when the screen shows none. */
export interface GridRouteData<Row> {
  grid: GridData<Row> | null
  customerNumber: string | null
}
