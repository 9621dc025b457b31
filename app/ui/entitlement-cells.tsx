/** Cells the entitlement grids draw rather than write: the Remaining Days and Used Percentage bars. */
import {
  elasticRemainingDaysColor,
  leaseRemainingDaysColor,
  remainingDaysText,
  usedPercentage,
  usedPercentageColor,
} from '../domain/entitlements'
import type { EntitlementRow } from '../domain/entitlement-row'
import { ProgressBar } from './progress-bar'

/** The share of the term elapsed: 0 before the start, 100 when over or permanent. */
function termGone(row: EntitlementRow): number {
  if (row.RemainingDays === null) return 100
  return usedPercentage(Math.max(0, row.UsedDays), Math.max(0, row.UsedDays) + Math.max(0, row.RemainingDays))
}

/** Remaining Days: the bar fills as the term passes; the text is the days left, or the status. */
export function RemainingDaysBar({ row, lease = false }: { row: EntitlementRow; lease?: boolean }) {
  const expired = row.UsedDays >= 0 && row.RemainingDays !== null && row.RemainingDays <= 0
  const color = lease
    ? leaseRemainingDaysColor(row.RemainingDays, expired)
    : elasticRemainingDaysColor(expired ? 0 : row.RemainingDays)
  return (
    <ProgressBar
      value={termGone(row)}
      text={remainingDaysText({ usedDays: row.UsedDays, remainingDays: row.RemainingDays })}
      label={`Term elapsed, ${row.ActivationId}`}
      color={color}
    />
  )
}

export function UsedPercentageBar({ row }: { row: EntitlementRow }) {
  const pct = usedPercentage(row.Used, row.LineItemQuantity)
  return (
    <ProgressBar value={pct} text={`${pct}%`} label={`Used, ${row.ActivationId}`} color={usedPercentageColor(pct)} />
  )
}
