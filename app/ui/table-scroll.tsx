/**
 * A wide table's own box: on a narrow window the table scrolls sideways in it
 * while the page keeps to the window's width. The box takes keyboard focus so
 * it can be scrolled without a pointer, and is named after the table. It is
 * positioned so that screen-reader-only text in the table stays inside it.
 */
export function TableScroll({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="relative max-w-full overflow-x-auto"
      data-scroll-container=""
    >
      {children}
    </div>
  )
}
