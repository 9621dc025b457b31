import { describe, expect, it } from 'vitest'
import {
  cellText,
  canResetView,
  defaultState,
  fromSavedView,
  gridHref,
  parseGridState,
  toPageRequest,
  toSavedView,
  withExtras,
  withFilter,
} from './grid-state'
import { presetRange, customRange } from '../domain/date-presets'
import {
  formatHours,
  isActiveOnly,
  numericCriterion,
  USAGE_ATTRIBUTES,
  usageCriteria,
  usageGrid,
  usageGridFor,
  usageRange,
} from './usage'
import { USAGE_EXPORT_TOO_MANY, usageExportName, usageList, usageSelection } from './usage.server'
import { usageExportTooMany } from '../domain/usage-export'
import { CLOUD_JOB_FIELD, type UsageRow } from '../domain/usage-row'

const parse = (query: string) => parseGridState(usageGrid, new URLSearchParams(query))
const NOW = Date.UTC(2026, 4, 15, 10, 30)

describe('the usage cells', () => {
  it('Hours below 0.01 show as 0.01; others with two decimals and thousands commas', () => {
    expect(formatHours(0)).toBe('0.01')
    expect(formatHours(0.004)).toBe('0.01')
    expect(formatHours(0.016)).toBe('0.02')
    expect(formatHours(1234.5)).toBe('1,234.50')
    expect(formatHours(null)).toBe('')
  })

  it('the Host column is 260 px wide; the cloud job column only for customers with cloud job data', () => {
    expect(usageGrid.columns.find((c) => c.id === 'host')?.width).toBe(260)
    expect(usageGridFor(true).columns.map((c) => c.id)).toContain('cloudJobId')
    expect(usageGridFor(false).columns.map((c) => c.id)).not.toContain('cloudJobId')
  })
})

describe('the attributes a page asks for', () => {
  it('are all the cells, the CSV and the row key read', () => {
    const full: UsageRow = {
      StartTime: '2026-05-14 08:00:00',
      EndTime: '2026-05-14 09:30:00',
      StartTime_ts: Date.UTC(2026, 4, 14, 8),
      EndTime_ts: Date.UTC(2026, 4, 14, 9, 30),
      ProductCount: 2,
      Count: 1,
      Length: 5400,
      User: 'jdoe',
      Product: 'Ansys Fluent',
      Host: 'ws-01',
      DeviceID: 'd-1',
      SessionStatus: 'Closed',
      ServerID: 'ELS-1',
      FeatureFno: '1',
      IP_ADDRESS: '203.0.113.1',
      REFERER_IP_ADDRESS: '10.0.0.1',
      ProductLine: 'Fluids',
      RateFileVersion: '2025.1',
      PID: '42',
      Account: '1000001',
      Acquisition: 'Elastic',
      Active: false,
      ConsumerID: 'c',
      ActivationID: 'a',
      Feature: 'fluent',
      Project: 'Wing',
      productVersion: '2025 R1',
      Hours: 1.5,
      Charge: 12.25,
      Currency: 'USD',
      [CLOUD_JOB_FIELD]: 'acj-1',
    }
    const asked = Object.fromEntries(USAGE_ATTRIBUTES.map((a) => [a, full[a as keyof UsageRow]])) as UsageRow
    for (const column of usageGridFor(true).columns) expect(cellText(column, asked)).toBe(cellText(column, full))
    expect(USAGE_ATTRIBUTES).toEqual(expect.arrayContaining(['DeviceID', 'StartTime_ts']))
    expect(USAGE_ATTRIBUTES.length).toBeLessThan(Object.keys(full).length)
  })
})

describe('the usage filters (spec 2 section 5)', () => {
  it('numeric columns are EQUALS on a parsed number, and take equals only', () => {
    expect(numericCriterion({ text: ' 1,234.5 ' }, 'Charge')).toEqual({
      name: 'Charge',
      method: 'EQUALS',
      value: 1234.5,
    })
    const state = parse('f.hours=c:2')
    expect(state.filters.hours).toEqual({ type: 'text', op: 'equals', text: '2' })
    expect(toPageRequest(usageGrid, state).filter?.criteria).toEqual([{ name: 'Hours', method: 'EQUALS', value: 2 }])
    for (const id of ['productCount', 'hours', 'cost', 'currency'])
      expect(usageGrid.columns.find((c) => c.id === id)?.textFilter).toBe('equals')
  })

  it('partial date text on Start Time is a RANGE on its timestamp; other text goes as typed', () => {
    const dated = toPageRequest(usageGrid, parse('f.startTime=c:2024-05')).filter?.criteria
    expect(dated).toEqual([
      { name: 'StartTime_ts', method: 'RANGE', value: [Date.UTC(2024, 4, 1), Date.UTC(2024, 5, 1) - 1] },
    ])
    const plain = toPageRequest(usageGrid, parse('f.endTime=c:May')).filter?.criteria
    expect(plain).toEqual([{ name: 'EndTime', method: 'CONTAINS', value: 'May', casefold: true }])
  })

  it('the range overlaps: AFTER on the end with its start, BEFORE on the start with its end; active is EQUALS', () => {
    const range = { from: 1000, to: 2000 }
    expect(usageCriteria(range, false)).toEqual([
      { name: 'EndTime_ts', method: 'AFTER', value: 1000 },
      { name: 'StartTime_ts', method: 'BEFORE', value: 2000 },
    ])
    expect(usageCriteria(range, true).at(-1)).toEqual({ name: 'Active', method: 'EQUALS', value: true })
  })
})

describe('the usage view extras: date range and Active Sessions', () => {
  it('default to 1 Day and all sessions; the default is not written in the URL', () => {
    expect(parse('range=1d').extras).toEqual({})
    expect(usageRange.choice(parse('').extras)).toEqual({ preset: '1d' })
    expect(usageSelection(new URLSearchParams(''), NOW)).toEqual({
      range: presetRange('1d', NOW),
      activeOnly: false,
    })
  })

  it('take the usage presets, a custom range of days (in order) and active=1', () => {
    expect(parse('range=max&active=1').extras).toEqual({ range: 'max', active: '1' })
    expect(parse('range=today').extras).toEqual({})
    expect(parse('from=2026-03-10&to=2026-03-01').extras).toEqual({ from: '2026-03-01', to: '2026-03-10' })
    expect(usageSelection(new URLSearchParams('from=2026-03-01&to=2026-03-10&active=1'), NOW)).toEqual({
      range: customRange('2026-03-01', '2026-03-10'),
      activeOnly: true,
    })
  })

  it('a preset replaces a custom range and back', () => {
    const custom = withExtras(
      usageGrid,
      parse('range=5d'),
      usageRange.valuesOf({ from: '2026-01-01', to: '2026-01-31' }),
    )
    expect(custom.extras).toEqual({ from: '2026-01-01', to: '2026-01-31' })
    expect(withExtras(usageGrid, custom, usageRange.valuesOf({ preset: 'lastMonth' })).extras).toEqual({
      range: 'lastMonth',
    })
    expect(withExtras(usageGrid, custom, usageRange.valuesOf({ preset: '1d' })).extras).toEqual({})
  })

  it('enable Reset View, which returns to 1 Day and all sessions', () => {
    expect(canResetView(usageGrid, parse('range=5d'))).toBe(true)
    expect(canResetView(usageGrid, parse('active=1'))).toBe(true)
    expect(canResetView(usageGrid, parse(''))).toBe(false)
    expect(
      gridHref(
        '/transactions',
        usageGrid,
        defaultState(usageGrid),
        new URLSearchParams('customer=1&range=5d&active=1'),
      ),
    ).toBe('/transactions?customer=1&size=20')
  })

  it('are saved as dateRange or startDate/endDate and activeOnly, and restored from them', () => {
    const saved = toSavedView(usageGrid, parse('range=max&active=1'))
    expect(saved).toMatchObject({ dateRange: 'max', activeOnly: true })
    expect(fromSavedView(usageGrid, saved)?.extras).toEqual({ range: 'max', active: '1' })
    const custom = toSavedView(usageGrid, withFilter(parse('from=2026-01-01&to=2026-01-31'), 'user', null))
    expect(custom).toMatchObject({ startDate: '2026-01-01', endDate: '2026-01-31', activeOnly: false })
    expect(custom).not.toHaveProperty('dateRange')
    expect(fromSavedView(usageGrid, custom)?.extras).toEqual({ from: '2026-01-01', to: '2026-01-31' })
    expect(isActiveOnly(fromSavedView(usageGrid, { activeOnly: true })?.extras)).toBe(true)
  })

  it('the calendar and the confirmation are steps, never part of a grid link', () => {
    expect(
      gridHref(
        '/transactions',
        usageGrid,
        parse('range=5d'),
        new URLSearchParams('customer=1&picker=custom&cal=2026-01&ps=2026-01-02&confirm=max&dl=1'),
      ),
    ).toBe('/transactions?customer=1&dl=1&size=20&range=5d')
  })
})

describe('the usage CSV', () => {
  it('a refusal for too many rows brings the export back to the screen with its code; others do not', () => {
    expect(usageList.exportRefusal?.(usageExportTooMany())).toBe(USAGE_EXPORT_TOO_MANY)
    expect(usageList.exportRefusal?.('You do not have access to this customer')).toBeNull()
  })

  it('is the fixed prefix, the customer number and the first and last day of the range', () => {
    expect(usageExportName('1000001', customRange('2026-01-01', '2026-01-31'))).toBe(
      'ANSYSUsageTransactions_1000001_2026-01-01_2026-01-31',
    )
  })
})
