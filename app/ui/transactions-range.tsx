/**
 * The date range of a transactions list (Usage Transactions, Web Transactions): the presets and
 * custom range of spec 2 section 4, and the days the range covers. Moving the calendar keeps the
 * address as it is; a new range leads where the screen says (`rangeHref`), as each screen treats
 * its filters differently.
 */
import { useLocation } from '@remix-run/react'
import { USAGE_PRESETS } from '../domain/date-presets'
import type { RangeChoice } from '../grid/date-range-extras'
import { DateRangePicker } from './date-range-picker'
import { dateRangeSearch, readPickerState, type DateRangeChange } from './date-range-params'

export function TransactionsRange({
  id,
  chosen,
  today,
  days,
  rangeHref,
}: {
  /** The prefix of the element ids. */
  id: string
  chosen: RangeChoice
  /** 'YYYY-MM-DD' (UTC). */
  today: string
  /** The first and last day the range covers, as shown. */
  days: { from: string; to: string }
  rangeHref: (choice: RangeChoice) => string
}) {
  const location = useLocation()
  const hrefFor = (change: DateRangeChange) => {
    if (change.kind === 'picker') return `${location.pathname}${dateRangeSearch(location.search, change)}`
    return rangeHref(change.kind === 'preset' ? { preset: change.preset } : { from: change.from, to: change.to })
  }
  return (
    <div className="flex flex-wrap items-start gap-x-6 gap-y-2">
      <DateRangePicker
        presets={USAGE_PRESETS}
        current={chosen}
        picker={readPickerState(new URLSearchParams(location.search))}
        today={today}
        hrefFor={hrefFor}
        label="Date range"
        id={id}
      />
      <p className="text-sm" data-testid="range-days">
        From: <span className="font-medium">{days.from}</span> To: <span className="font-medium">{days.to}</span>
      </p>
    </div>
  )
}
