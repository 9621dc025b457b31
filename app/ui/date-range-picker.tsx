/**
 * A date menu (the presets and Custom) with Custom's two-month calendar
 * (spec 2, Usage Transactions and Elastic Statements screens).
 *
 * Without JavaScript every control is a link to the page with the picker's
 * state in the address (date-range-params.ts): the menu is a <details>
 * disclosure, Custom opens the calendar, each day link carries the picks a
 * click makes (range-calendar.ts), and the month links move the calendar. With
 * JavaScript the calendar's controls are buttons that change local state with
 * the same rules and never load anything; presets and Okay still navigate.
 *
 * The page decides where each change leads through `hrefFor` (e.g. a preset
 * chosen while filters exist can lead to a confirmation step), so the picker
 * knows nothing of the screen it is on.
 */
import { useRef, useState, type ReactNode } from 'react'
import { presetLabel, type DatePreset } from '../domain/date-presets'
import {
  addMonths,
  canApply,
  clickDay,
  dayLabel,
  monthGrid,
  monthOf,
  monthTitle,
  NO_PICKS,
  pickOf,
  WEEKDAYS,
  type Picks,
} from '../view/range-calendar'
import type { ChosenRange, DateRangeChange, PickerState } from './date-range-params'
import { useDismiss } from './shell/use-dismiss'
import { useHydrated } from './use-hydrated'

export interface DateRangePickerProps {
  /** The menu's presets, in order (USAGE_PRESETS or STATEMENT_PRESETS). */
  presets: readonly DatePreset[]
  /** The range the view shows. */
  current: ChosenRange
  /** The calendar's state from the address (readPickerState), or null when it is closed. */
  picker: PickerState | null
  /** Today, 'YYYY-MM-DD' (UTC): the calendar opens on the month before the range's end, or today's. */
  today: string
  /** The address a change leads to. */
  hrefFor: (change: DateRangeChange) => string
  /** The menu's name, and the prefix of the element ids. */
  label?: string
  id?: string
}

/**
 * Renders the menu, and the calendar below it while it is open. A new range
 * or picker state from the address starts the picker afresh from it.
 */
export function DateRangePicker(props: DateRangePickerProps) {
  return <Picker key={JSON.stringify([props.current, props.picker])} {...props} />
}

function Picker({
  presets,
  current,
  picker,
  today,
  hrefFor,
  label = 'Date range',
  id = 'date-range',
}: DateRangePickerProps) {
  const hydrated = useHydrated()
  const [state, setState] = useState(picker)
  const details = useRef<HTMLDetailsElement>(null)
  const popup = useRef<HTMLUListElement>(null)
  useDismiss(
    () => details.current?.open ?? false,
    [details],
    popup,
    (reason) => {
      if (!details.current) return
      details.current.open = false
      if (reason === 'escape') details.current.querySelector('summary')?.focus()
    },
  )

  const calendarId = `${id}-calendar`
  const opening: PickerState = { month: null, picks: NO_PICKS }
  const currentPreset = 'preset' in current ? current.preset : null
  const pickerHref = (next: PickerState | null) =>
    `${hrefFor({ kind: 'picker', picker: next })}${next ? `#${calendarId}` : ''}`

  return (
    <div className="space-y-2" data-date-range-picker={id}>
      <details ref={details} className="relative w-fit">
        <summary className="btn-secondary">
          <span>
            {label}: <strong>{currentPreset ? presetLabel(currentPreset) : 'Custom'}</strong>
          </span>
          <span aria-hidden="true">▾</span>
        </summary>
        <ul
          ref={popup}
          aria-label={label}
          className="absolute left-0 z-30 mt-1 max-w-[calc(100vw-2rem)] min-w-44 rounded border border-gray-300 bg-white py-1 text-sm text-gray-900 shadow-lg"
        >
          {presets.map((preset) => (
            <li key={preset.id}>
              <a
                href={hrefFor({ kind: 'preset', preset: preset.id })}
                data-portal-link=""
                aria-current={preset.id === currentPreset ? 'true' : undefined}
                className={menuItemClass(preset.id === currentPreset)}
              >
                {preset.label}
              </a>
            </li>
          ))}
          <li>
            <Control
              hydrated={hydrated}
              href={pickerHref(opening)}
              onClick={() => {
                if (details.current) details.current.open = false
                setState(state ?? opening)
              }}
              className={menuItemClass(!currentPreset)}
              current={!currentPreset}
              expanded={state !== null}
              controls={calendarId}
            >
              Custom
            </Control>
          </li>
        </ul>
      </details>
      {state ? (
        <Calendar
          id={calendarId}
          month={firstMonth(state, current, today)}
          picks={state.picks}
          today={today}
          hydrated={hydrated}
          pickerHref={pickerHref}
          applyHref={canApply(state.picks) ? hrefFor({ kind: 'range', ...rangeOf(state.picks) }) : null}
          onChange={setState}
        />
      ) : null}
    </div>
  )
}

/** The calendar's first month: the address's, the start's, or the one before the range's end (or today's). */
function firstMonth(state: PickerState, current: ChosenRange, today: string): string {
  if (state.month) return state.month
  if (state.picks.start) return monthOf(state.picks.start)
  return addMonths(monthOf('to' in current ? current.to : today), -1)
}

const rangeOf = (picks: { start: string; end: string }) => ({ from: picks.start, to: picks.end })

function menuItemClass(current: boolean) {
  return `menu-item ${current ? 'bg-brand-50 font-semibold text-brand-800' : ''}`
}

/**
 * A control that changes the picker's state: a link carrying the new state
 * without JavaScript, a button that sets it with JavaScript.
 */
function Control({
  hydrated,
  href,
  onClick,
  className,
  label,
  pressed,
  current,
  expanded,
  controls,
  children,
}: {
  hydrated: boolean
  href: string
  onClick: () => void
  className: string
  label?: string
  pressed?: boolean
  current?: boolean | 'date'
  expanded?: boolean
  controls?: string
  children: ReactNode
}) {
  const ariaCurrent = current === 'date' ? 'date' : current ? 'true' : undefined
  if (!hydrated) {
    return (
      <a href={href} className={className} aria-label={label} aria-current={ariaCurrent}>
        {children}
      </a>
    )
  }
  return (
    <button
      type="button"
      onClick={onClick}
      className={className}
      aria-label={label}
      aria-pressed={pressed}
      aria-current={ariaCurrent}
      aria-expanded={expanded}
      aria-controls={controls}
    >
      {children}
    </button>
  )
}

function Calendar({
  id,
  month,
  picks,
  today,
  hydrated,
  pickerHref,
  applyHref,
  onChange,
}: {
  id: string
  month: string
  picks: Picks
  today: string
  hydrated: boolean
  pickerHref: (next: PickerState | null) => string
  applyHref: string | null
  onChange: (next: PickerState | null) => void
}) {
  const move = (n: number): PickerState => ({ month: addMonths(month, n), picks })
  const pick = (day: string): PickerState => ({ month, picks: clickDay(picks, day) })
  const statusText = `Start: ${picks.start ? dayLabel(picks.start) : 'not chosen'}. End: ${
    picks.end ? dayLabel(picks.end) : 'not chosen'
  }.`
  const navClass = 'btn-secondary px-2'
  return (
    <section
      id={id}
      aria-label="Custom date range"
      className="w-fit max-w-full rounded border border-gray-300 bg-white p-2 text-sm shadow-sm"
    >
      <div className="flex items-center justify-between gap-2">
        <Control
          hydrated={hydrated}
          href={pickerHref(move(-1))}
          onClick={() => onChange(move(-1))}
          className={navClass}
          label="Previous month"
        >
          <span aria-hidden="true">‹</span> Previous
        </Control>
        <Control
          hydrated={hydrated}
          href={pickerHref(move(1))}
          onClick={() => onChange(move(1))}
          className={navClass}
          label="Next month"
        >
          Next <span aria-hidden="true">›</span>
        </Control>
      </div>
      <div className="mt-2 flex flex-wrap items-start gap-4">
        {[month, addMonths(month, 1)].map((shown) => (
          <table key={shown} className="border-collapse text-center" data-month={shown}>
            <caption className="pb-1 font-semibold">{monthTitle(shown)}</caption>
            <thead>
              <tr>
                {WEEKDAYS.map((weekday) => (
                  <th key={weekday.short} scope="col" className="h-7 w-9 text-xs font-medium text-gray-700">
                    <abbr title={weekday.name} className="no-underline">
                      {weekday.short}
                    </abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthGrid(shown).map((week) => (
                <tr key={week.find(Boolean)}>
                  {week.map((day, i) => (
                    <td
                      key={day ?? `pad-${i}`}
                      className="p-0"
                      data-pick={day ? (pickOf(picks, day) ?? undefined) : undefined}
                    >
                      {day ? (
                        <Control
                          hydrated={hydrated}
                          href={pickerHref(pick(day))}
                          onClick={() => onChange(pick(day))}
                          className={dayClass(pickOf(picks, day))}
                          label={dayLabel(day)}
                          pressed={picks.start === day || picks.end === day}
                          current={day === today ? 'date' : undefined}
                        >
                          {Number(day.slice(8))}
                        </Control>
                      ) : null}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
      <p role="status" className="mt-2 text-gray-700">
        {statusText}
      </p>
      <div className="mt-2 flex justify-end gap-2">
        <Control hydrated={hydrated} href={pickerHref(null)} onClick={() => onChange(null)} className="btn-secondary">
          Cancel
        </Control>
        {applyHref ? (
          <a href={applyHref} data-portal-link="" className="btn-primary">
            Okay
          </a>
        ) : (
          <button type="button" disabled className="btn-primary">
            Okay
          </button>
        )}
      </div>
    </section>
  )
}

function dayClass(pick: ReturnType<typeof pickOf>) {
  const base =
    'flex h-9 w-9 items-center justify-center rounded no-underline aria-[current=date]:font-bold aria-[current=date]:underline'
  if (pick === 'start' || pick === 'end') return `${base} bg-brand-700 text-white hover:bg-brand-800`
  if (pick === 'between') return `${base} bg-brand-100 text-gray-900 hover:bg-brand-50`
  return `${base} text-gray-900 hover:bg-gray-100`
}
