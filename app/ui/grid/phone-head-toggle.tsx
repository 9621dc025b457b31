import { useState } from 'react'

/**
 * On a phone, a stacked grid's headings and filter fields take a screen before its first row: this
 * control folds them away (app/tailwind.css, Grids). It is a plain `<details>`, so it works without
 * JavaScript, and on wider windows it is not shown. It starts open when the page opens with a filter
 * set; after that it stays as the user left it.
 */
export function PhoneHeadToggle({ filterCount }: { filterCount: number }) {
  const [openAtFirst] = useState(filterCount > 0)
  return (
    <details className="grid-phone-head" open={openAtFirst || undefined}>
      <summary className="btn-secondary cursor-pointer">
        Sort and filter
        {filterCount > 0 ? ` (${filterCount} ${filterCount === 1 ? 'filter' : 'filters'} set)` : null}
      </summary>
    </details>
  )
}
