/**
 * A grid's filters in words, for the sentence an empty result shows: each one names its column and
 * what it keeps ('Subject contains “renewal”', 'Status is Active or Suspended'), so a reader sees why
 * nothing matched and can take off the one filter that is too narrow.
 */
import { columnById, setValueText, type ColumnFilter, type GridSpec, type GridView } from './grid-state'

export interface FilterWords {
  colId: string
  /** The column's heading. */
  column: string
  /** What the filter keeps, after the heading: 'contains “renewal”'. */
  words: string
}

/** 'A', 'A or B', 'A, B or C'. */
function alternatives(values: string[]) {
  return values.length <= 1 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`
}

function keeps<Row>(spec: GridSpec<Row>, colId: string, filter: ColumnFilter): string {
  if (filter.type === 'text') return `${filter.op === 'equals' ? 'is' : 'contains'} “${filter.text}”`
  if (filter.values.length === 0) return 'has no value chosen'
  const column = columnById(spec, colId)
  return `is ${alternatives(filter.values.map((v) => setValueText(column, v)))}`
}

/** The view's filters in the order of its columns (a filter on a column the grid no longer has, last). */
export function filterWords<Row>(spec: GridSpec<Row>, view: GridView): FilterWords[] {
  const order = new Map(view.columns.map((c, i) => [c.id, i]))
  return Object.entries(view.filters)
    .sort(([a], [b]) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity))
    .map(([colId, filter]) => ({
      colId,
      column: columnById(spec, colId)?.header ?? colId,
      words: keeps(spec, colId, filter),
    }))
}
