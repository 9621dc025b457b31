import { useEffect, useRef, type ReactNode } from 'react'

/**
 * Whether columns are hidden to the right of a box scrolled sideways (a pixel or two of rounding
 * is not a column).
 */
function columnsToTheRight(box: HTMLElement) {
  return box.scrollLeft + box.clientWidth < box.scrollWidth - 2
}

/**
 * With JavaScript, keeps the grid's "Scroll for more columns" cue in step with the box in every
 * browser, by `data-more-columns` on the grid around it (app/tailwind.css, Grids). Without it, CSS
 * scroll timelines drive the cue where the browser has them.
 */
function useMoreColumnsCue(ref: React.RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const box = ref.current
    const frame = box?.closest<HTMLElement>('.grid-frame')
    if (!box || !frame) return
    const update = () => frame.setAttribute('data-more-columns', String(columnsToTheRight(box)))
    update()
    box.addEventListener('scroll', update, { passive: true })
    const resized = new ResizeObserver(update)
    resized.observe(box)
    if (box.firstElementChild) resized.observe(box.firstElementChild)
    return () => {
      box.removeEventListener('scroll', update)
      resized.disconnect()
      frame.removeAttribute('data-more-columns')
    }
  }, [ref])
}

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
  const ref = useRef<HTMLDivElement>(null)
  useMoreColumnsCue(ref)
  return (
    <div
      ref={ref}
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
