/**
 * How a grid column is laid out and named: widths come from the column's kind,
 * declared once here for every list, and a saved width (from resizing) wins over
 * them. The table is laid out automatically: narrow kinds shrink to their content
 * (a width of 1% asks for the least), text columns take the rest of the row and
 * never get narrower than a readable minimum, so a wide table scrolls in its
 * container instead of squeezing a column to a letter a line.
 */
import type { GridColumnSpec, SortDirection } from './grid-state'

export type GridColumnKind = NonNullable<GridColumnSpec['kind']>

/** The inline style of a column's cells; the names are CSS properties. */
export interface ColumnStyle {
  width?: string
  minWidth?: string
  maxWidth?: string
  whiteSpace?: 'nowrap' | 'normal'
  overflowWrap?: 'anywhere'
  textAlign?: 'right'
  fontVariantNumeric?: 'tabular-nums'
}

interface KindRule {
  /** Smallest width in rem (room for the header and its filter). */
  minRem: number
  /** Shrinks to its content instead of sharing the row's spare width. */
  narrow: boolean
  /** The cell text stays on one line. */
  nowrap: boolean
  alignRight?: boolean
}

export const COLUMN_KIND_RULES: Record<GridColumnKind, KindRule> = {
  text: { minRem: 12, narrow: false, nowrap: false },
  /** A code or a word or two (currency, licence model group): as wide as its longest value. */
  short: { minRem: 7, narrow: true, nowrap: true },
  date: { minRem: 9, narrow: true, nowrap: true },
  number: { minRem: 6, narrow: true, nowrap: true, alignRight: true },
  link: { minRem: 4, narrow: true, nowrap: true },
  checkbox: { minRem: 3, narrow: true, nowrap: true },
  actions: { minRem: 4, narrow: true, nowrap: true },
}

/** The declared kind; a column without an API field is a link or action column, anything else text. */
export function columnKind<Row>(column: Pick<GridColumnSpec<Row>, 'kind' | 'field'>): GridColumnKind {
  return column.kind ?? (column.field ? 'text' : 'link')
}

/**
 * The style of a column's cells. A saved width (in pixels) sets the column to
 * exactly that width, and its text may then wrap to fit; otherwise the kind decides.
 */
export function columnWidthStyle(kind: GridColumnKind, savedWidth?: number): ColumnStyle {
  const rule = COLUMN_KIND_RULES[kind]
  const align: ColumnStyle = rule.alignRight ? { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } : {}
  if (savedWidth !== undefined) {
    const px = `${savedWidth}px`
    return { width: px, minWidth: px, maxWidth: px, whiteSpace: 'normal', overflowWrap: 'anywhere', ...align }
  }
  return {
    ...(rule.narrow ? { width: '1%' } : {}),
    minWidth: `${rule.minRem}rem`,
    ...(rule.nowrap ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }),
    ...align,
  }
}

/**
 * The header cell's part of the style: the size and the alignment, so a header
 * may wrap between its words and a number's heading sits over its figures.
 */
export function headerWidthStyle(kind: GridColumnKind, savedWidth?: number): ColumnStyle {
  const { width, minWidth, maxWidth, textAlign } = columnWidthStyle(kind, savedWidth)
  return { width, minWidth, maxWidth, ...(textAlign ? { textAlign } : {}) }
}

/** The least width, in rem, a row of these columns needs without saved widths; beyond the container it scrolls. */
export function minimumRowWidthRem(kinds: readonly GridColumnKind[]): number {
  return kinds.reduce((sum, kind) => sum + COLUMN_KIND_RULES[kind].minRem, 0)
}

/** The accessible name of a sort header link: what a click does. */
export function sortLinkLabel(header: string, next: SortDirection | null): string {
  if (!next) return `Remove sort by ${header}`
  return `Sort by ${header}, ${next === 'asc' ? 'ascending' : 'descending'}`
}
