/**
 * A date range as a grid's view extras (GridSpec.viewExtras): a preset
 * (`range=<id>`) or a custom range of whole days (`from=YYYY-MM-DD&to=YYYY-MM-DD`),
 * stored in the saved view as `dateRange` or `startDate`/`endDate` (spec 2 section
 * 3, Saved table preference). The default preset is left out of the URL. The
 * calendar's picker parameters are step parameters, never part of the view.
 */
import type { ViewExtras } from './grid-state'
import { customRange, presetRange, type DatePreset, type DatePresetId, type DateRange } from '../domain/date-presets'
import { parseDay } from '../view/range-calendar'

export const DATE_RANGE_NAMES = ['range', 'from', 'to'] as const
/** The Custom calendar's parameters (open, month, picks). */
export const DATE_PICKER_PARAMS = ['picker', 'cal', 'ps', 'pe'] as const

export type RangeChoice = { preset: DatePresetId } | { from: string; to: string }

export interface DateRangeExtras {
  /** The range's part of a view extras spec. */
  parse(own: URLSearchParams): ViewExtras
  toSaved(extras: ViewExtras): Record<string, unknown>
  fromSaved(saved: Record<string, unknown>): ViewExtras
  /** The range a view's extras choose (the default preset when they name none). */
  choice(extras: ViewExtras | undefined): RangeChoice
  /** The instants of a choice at `now`. */
  range(choice: RangeChoice, now: number): DateRange
  /** The extras' values that choose `choice` (for withExtras). */
  valuesOf(choice: RangeChoice): ViewExtras
}

export function dateRangeExtras(presets: readonly DatePreset[], defaultPreset: DatePresetId): DateRangeExtras {
  const isOffered = (id: string | null | undefined): id is DatePresetId =>
    typeof id === 'string' && presets.some((p) => p.id === id)
  const choice = (extras: ViewExtras | undefined): RangeChoice => {
    if (extras?.from && extras.to) return { from: extras.from, to: extras.to }
    const range = extras?.range
    return { preset: isOffered(range) ? range : defaultPreset }
  }
  return {
    parse(own): ViewExtras {
      const range = own.get('range')
      if (isOffered(range)) return range === defaultPreset ? {} : { range }
      const from = parseDay(own.get('from'))
      const to = parseDay(own.get('to'))
      if (!from || !to) return {}
      return from <= to ? { from, to } : { from: to, to: from }
    },
    toSaved(extras) {
      const chosen = choice(extras)
      return 'preset' in chosen ? { dateRange: chosen.preset } : { startDate: chosen.from, endDate: chosen.to }
    },
    fromSaved(saved): ViewExtras {
      const text = (v: unknown) => (typeof v === 'string' ? v : '')
      if (typeof saved.dateRange === 'string') return { range: saved.dateRange }
      return { from: text(saved.startDate), to: text(saved.endDate) }
    },
    choice,
    range: (chosen, now) =>
      'preset' in chosen ? presetRange(chosen.preset, now) : customRange(chosen.from, chosen.to),
    valuesOf: (chosen) =>
      'preset' in chosen ? { range: chosen.preset, from: '', to: '' } : { range: '', from: chosen.from, to: chosen.to },
  }
}
