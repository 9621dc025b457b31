/**
 * What an empty table cell shows: a dash, so that the cell stays in view in a text
 * browser (an empty cell vanishes there and the columns after it shift), and the
 * word 'none' for screen readers instead of the dash's name.
 */
export function EmptyCell() {
  return (
    <>
      <span aria-hidden="true">–</span> <span className="sr-only">none</span>
    </>
  )
}

/** Whether a cell's content shows nothing at all. */
export function isEmptyCellContent(content: unknown): boolean {
  return content === null || content === undefined || content === false || content === ''
}
