/**
 * The screens' views an answer links to, filtered to show what it says: built with the grids' own
 * URL state (app/grid/grid-state.ts), so the link opens exactly the view a user would set up, shown
 * as a linked view (not saved over the user's own).
 */
import {
  defaultState,
  gridHref,
  withExtras,
  withFilter,
  withSort,
  type GridSpec,
  type GridState,
  type TextOperator,
} from '../../grid/grid-state'
import { usageGrid, usageRange } from '../../grid/usage'
import { linked } from '../../home/home-links'
import { screenPath, type ScreenId } from '../../screens/registry'

export interface GridLinkView {
  /** Set filters (the filter dialog's values), by column id. */
  sets?: Record<string, string | undefined>
  /** Text filters, by column id: the text and 'contains' or 'equals'. */
  texts?: Record<string, [string, TextOperator] | undefined>
  extras?: Record<string, string>
  sort?: { col: string; dir: 'asc' | 'desc' }
}

/** The grid's state showing the view (first page). */
export function gridView<Row>(spec: GridSpec<Row>, view: GridLinkView): GridState {
  let state = defaultState(spec)
  if (view.extras) state = withExtras(spec, state, view.extras)
  for (const [col, value] of Object.entries(view.sets ?? {})) {
    if (value) state = withFilter(state, col, { type: 'set', values: [value] })
  }
  for (const [col, filter] of Object.entries(view.texts ?? {})) {
    if (filter) state = withFilter(state, col, { type: 'text', op: filter[1], text: filter[0] })
  }
  if (view.sort) state = withSort(state, [view.sort])
  return state
}

/** The screen's address showing the grid's view, for the customer. */
export function gridViewHref<Row>(screen: ScreenId, spec: GridSpec<Row>, customer: string, view: GridLinkView): string {
  return linked(gridHref(screenPath(screen), spec, gridView(spec, view), new URLSearchParams({ customer })), spec)
}

/** Usage Transactions of the days (both included), narrowed to a product, user or project. */
export function usageTransactionsHref(
  customer: string,
  days: { from: string; to: string },
  narrow: { product?: string; user?: string; project?: string } = {},
  sort?: GridLinkView['sort'],
): string {
  return gridViewHref('usage', usageGrid, customer, {
    extras: usageRange.valuesOf({ from: days.from, to: days.to }),
    sets: narrow,
    sort,
  })
}

/** Emails whose subject contains the words, sent on the days of the period when one is named; the latest first. */
export function emailsAboutView(topic: string, period?: { from: string; to: string }): GridLinkView {
  return {
    texts: { subject: [topic, 'contains'], date: period ? [`${period.from}..${period.to}`, 'equals'] : undefined },
    sort: { col: 'date', dir: 'desc' },
  }
}
