import { describe, expect, it } from 'vitest'
import { benchPeriods, pdfLine, statementDataUrl } from './bench-statement-cases'

describe('the statement bench periods', () => {
  it('measures last calendar month and the year of days up to yesterday', () => {
    expect(benchPeriods(Date.UTC(2026, 10, 23, 15))).toEqual([
      { name: 'month', from: '2026-10-01', to: '2026-10-31' },
      { name: 'year', from: '2025-11-23', to: '2026-11-22' },
    ])
  })

  it('crosses a year and a leap day', () => {
    expect(benchPeriods(Date.UTC(2024, 0, 1, 0, 30))).toEqual([
      { name: 'month', from: '2023-12-01', to: '2023-12-31' },
      { name: 'year', from: '2023-01-01', to: '2023-12-31' },
    ])
    expect(benchPeriods(Date.UTC(2024, 2, 1))[0]).toEqual({ name: 'month', from: '2024-02-01', to: '2024-02-29' })
  })

  it('asks the page for the period as a custom range', () => {
    expect(statementDataUrl('1000001', { name: 'month', from: '2026-10-01', to: '2026-10-31' })).toBe(
      '/statementv2.data?customer=1000001&from=2026-10-01&to=2026-10-31&_routes=routes%2F_portal.statementv2',
    )
  })
})

describe('a PDF case line', () => {
  it('is met only within the time, without errors and with one browser at most', () => {
    expect(pdfLine('pdf-warm', [100, 300, 200], 400, 0)).toMatchObject({ p50Ms: 200, met: true, n: 3, errors: 0 })
    expect(pdfLine('pdf-warm', [500, 450, 600], 400, 0).met).toBe(false)
    expect(pdfLine('pdf-warm', [100], 400, 1).met).toBe(false)
    expect(pdfLine('pdf-concurrent', [100], 2000, 0, 2)).toMatchObject({ met: false, browsers: 2 })
    expect(pdfLine('pdf-cold', [], 1500, 0).met).toBe(false)
  })
})
