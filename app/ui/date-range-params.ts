/**
 * How a date range and its picker are written in the address, so a date menu
 * and its Custom calendar work without JavaScript (every control a link) and
 * any state of them can be bookmarked:
 *   range=1m                          a preset
 *   from=2026-10-05&to=2026-10-20     a custom range, both days included
 *   picker=custom                     the Custom calendar is open ...
 *   cal=2026-10                       ... showing this month and the next,
 *   ps=2026-10-05&pe=2026-10-20       ... with these days picked
 * The page's other parameters are kept.
 */
import { isPresetId, type DatePresetId } from '../domain/date-presets'
import { parseDay, parseMonth, readPicks, type Picks } from '../view/range-calendar'

export const RANGE_PARAM = 'range'
export const FROM_PARAM = 'from'
export const TO_PARAM = 'to'
export const PICKER_PARAM = 'picker'
export const PICKER_OPEN = 'custom'
export const MONTH_PARAM = 'cal'
export const START_PARAM = 'ps'
export const END_PARAM = 'pe'

/** The range a view shows: a preset, or a custom range of whole days ('YYYY-MM-DD', both included). */
export type ChosenRange = { preset: DatePresetId } | { from: string; to: string }

/** The open Custom calendar: its first month (null: the picker chooses) and the days picked. */
export interface PickerState {
  month: string | null
  picks: Picks
}

/** What a control of the picker does, for the page to turn into an address. */
export type DateRangeChange =
  | { kind: 'preset'; preset: DatePresetId }
  | { kind: 'range'; from: string; to: string }
  /** Opens, moves or picks in the calendar; null closes it. */
  | { kind: 'picker'; picker: PickerState | null }

/** The range the address names, or null when it names none (or a broken one). */
export function readChosenRange(params: URLSearchParams): ChosenRange | null {
  const preset = params.get(RANGE_PARAM)
  if (isPresetId(preset)) return { preset }
  const from = parseDay(params.get(FROM_PARAM))
  const to = parseDay(params.get(TO_PARAM))
  if (!from || !to) return null
  return from <= to ? { from, to } : { from: to, to: from }
}

/** The calendar's state the address carries, or null when it is closed. */
export function readPickerState(params: URLSearchParams): PickerState | null {
  if (params.get(PICKER_PARAM) !== PICKER_OPEN) return null
  return {
    month: parseMonth(params.get(MONTH_PARAM)),
    picks: readPicks(params.get(START_PARAM), params.get(END_PARAM)),
  }
}

function setOrDelete(params: URLSearchParams, name: string, value: string | null) {
  if (value) params.set(name, value)
  else params.delete(name)
}

/**
 * The query string (with '?', or '' when empty) after a change: a preset or a
 * custom range replaces the range and closes the calendar; a picker change
 * writes the calendar's state. Nothing else is touched.
 */
export function dateRangeSearch(search: string, change: DateRangeChange): string {
  const params = new URLSearchParams(search)
  const picker = change.kind === 'picker' ? change.picker : null
  setOrDelete(params, PICKER_PARAM, picker ? PICKER_OPEN : null)
  setOrDelete(params, MONTH_PARAM, picker?.month ?? null)
  setOrDelete(params, START_PARAM, picker?.picks.start ?? null)
  setOrDelete(params, END_PARAM, picker?.picks.end ?? null)
  if (change.kind === 'preset') {
    params.set(RANGE_PARAM, change.preset)
    params.delete(FROM_PARAM)
    params.delete(TO_PARAM)
  } else if (change.kind === 'range') {
    params.delete(RANGE_PARAM)
    params.set(FROM_PARAM, change.from)
    params.set(TO_PARAM, change.to)
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}
