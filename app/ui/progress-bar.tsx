/** The colour names the entitlement rules give a bar (app/domain/entitlements.ts). */
export type ProgressColor = 'green' | 'orange' | 'red'

const FILL: Record<ProgressColor, string> = {
  green: 'progress-green',
  orange: 'progress-orange',
  red: 'progress-red',
}

/**
 * A bar of a grid cell: a real <progress> with the figure written beside it, so it
 * reads without colour, without JavaScript and to a screen reader (which hears the
 * bar's name, its percentage and the text).
 */
export function ProgressBar({
  value,
  max = 100,
  text,
  label,
  color,
}: {
  /** Clamped to [0, max]. */
  value: number
  max?: number
  /** The figure shown beside the bar, e.g. '45%' or '120'. */
  text: string
  /** The bar's accessible name, e.g. 'Used percentage of ELS-123'. */
  label: string
  color: ProgressColor
}) {
  const clamped = Math.min(max, Math.max(0, Number.isFinite(value) ? value : 0))
  return (
    <span className="flex min-w-0 items-center gap-2">
      <progress
        value={clamped}
        max={max}
        aria-label={label}
        data-color={color}
        className={`progress-bar ${FILL[color]}`}
      />
      {/* A status word (EXPIRED, NOT STARTED ...) is set smaller than a figure, so the column stays narrow. */}
      <span className={`shrink-0 tabular-nums ${/^[\d.,%]+$/.test(text) ? '' : 'text-xs font-medium'}`}>{text}</span>
    </span>
  )
}
