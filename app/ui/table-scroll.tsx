import type { ReactNode } from 'react'

/**
 * The box a data table scrolls in, so a wide table never makes the page scroll
 * sideways. It is a named region in the tab order, so keyboard users can focus
 * it and scroll it with the arrow keys. `tall` caps its height at most of the
 * window and scrolls vertically too, which keeps a sticky header row in view.
 */
export function TableScroll({
  label,
  id,
  tall = false,
  children,
}: {
  /** Names the region, e.g. 'Emails table'. */
  label: string
  id?: string
  tall?: boolean
  children: ReactNode
}) {
  return (
    <div
      id={id}
      role="region"
      aria-label={label}
      tabIndex={0}
      data-scroll-container=""
      // Positioned, so screen-reader-only text in the table stays inside the box instead of widening the page.
      className={`relative max-w-full overflow-auto rounded border border-gray-300 bg-white ${tall ? 'max-h-[80vh]' : ''}`}
    >
      {children}
    </div>
  )
}
