/**
 * Web Reporting's address: the period (a preset of the usage date menu, or whole days from
 * and to) and the entitlement (all when none). A GET form writes them, so a report is a link.
 */
import {
  customRange,
  isPresetId,
  presetRange,
  rangeDays,
  USAGE_PRESETS,
  type DatePresetId,
} from '../domain/date-presets'
import { parseDay } from '../domain/utc-day'

/** The usage presets but Max (a report covers at most five years). */
export const REPORT_PRESETS = USAGE_PRESETS.filter((p) => p.id !== 'max')
export const DEFAULT_REPORT_PRESET: DatePresetId = '1m'

export interface ReportParams {
  /** The preset chosen, or null for a custom range. */
  preset: DatePresetId | null
  from: string
  to: string
  /** An activation id, or null for every web entitlement. */
  entitlement: string | null
}

export function readReportParams(search: URLSearchParams, now: number): ReportParams {
  const entitlement = search.get('entitlement')?.trim() || null
  const range = search.get('range')
  const from = parseDay(search.get('from'))
  const to = parseDay(search.get('to'))
  if ((range === null || range === 'custom') && from && to) {
    return { preset: null, ...rangeDays(customRange(from, to)), entitlement }
  }
  const preset = isPresetId(range) && REPORT_PRESETS.some((p) => p.id === range) ? range : DEFAULT_REPORT_PRESET
  return { preset, ...rangeDays(presetRange(preset, now)), entitlement }
}

/** The report's query string (without the customer). */
export function reportQuery(params: ReportParams): URLSearchParams {
  const query = new URLSearchParams()
  if (params.preset) query.set('range', params.preset)
  else {
    query.set('from', params.from)
    query.set('to', params.to)
  }
  if (params.entitlement) query.set('entitlement', params.entitlement)
  return query
}
