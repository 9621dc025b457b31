import { describe, expect, it } from 'vitest'
import {
  countHours,
  dailySeries,
  dayNumber,
  idleSeats,
  periodText,
  reportFigures,
  verdict,
  type ReportDay,
  type UsageDayRow,
} from './web-report'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const d0 = dayNumber('2026-11-01')
const term = { quantity: 4, startDate: '2026-11-02', endDate: '2026-11-05' }
const row = (day: number, fields: Partial<UsageDayRow> = {}): UsageDayRow => ({
  day,
  peak: 0,
  seatMs: 0,
  deniedNoSeat: 0,
  deniedOther: 0,
  deniedHours: 0,
  ...fields,
})
const day = (fields: Partial<ReportDay>): ReportDay => ({
  day: d0,
  date: '2026-11-01',
  seats: 10,
  peak: 0,
  seatMs: 0,
  deniedNoSeat: 0,
  deniedOther: 0,
  denialHours: 0,
  ...fields,
})

describe('dailySeries', () => {
  it('gives seats only on days within the term, and zero use before the first stored day', () => {
    const days = dailySeries([row(d0 + 2, { peak: 3, seatMs: 5 * HOUR })], term, d0, d0 + 2, [])
    expect(days.map((d) => [d.date, d.seats, d.peak, d.seatMs])).toEqual([
      ['2026-11-01', 0, 0, 0],
      ['2026-11-02', 4, 0, 0],
      ['2026-11-03', 4, 3, 5 * HOUR],
    ])
  })

  it('adds running seats’ time to each day and counts them as the peak after the last stored day', () => {
    const start = (d0 + 1) * DAY + 22 * HOUR
    const running = [{ startedAt: start, endsAt: (d0 + 3) * DAY + 6 * HOUR }]
    const days = dailySeries([row(d0 + 1, { peak: 2, seatMs: HOUR })], term, d0 + 1, d0 + 4, running)
    expect(days.map((d) => [d.peak, d.seatMs / HOUR])).toEqual([
      [2, 3],
      [1, 24],
      [1, 6],
      [0, 0],
    ])
  })

  it('counts the hours with a no-seat denial from the bits', () => {
    const days = dailySeries(
      [row(d0, { deniedNoSeat: 5, deniedHours: (1 << 0) | (1 << 9) | (1 << 23) })],
      term,
      d0,
      d0,
      [],
    )
    expect(days[0].denialHours).toBe(3)
    expect(countHours(0)).toBe(0)
    expect(countHours((1 << 24) - 1)).toBe(24)
  })
})

describe('reportFigures', () => {
  it('is utilisation over the days in term only, with full use at peak = seats', () => {
    const f = reportFigures([
      day({ seats: 0, seatMs: 10 * HOUR, peak: 1 }),
      day({ seats: 2, seatMs: 24 * HOUR, peak: 2 }),
      day({ seats: 2, seatMs: 0, peak: 1 }),
    ])
    expect(f.utilisation).toBe(0.25)
    expect(f.fullUseDays).toBe(1)
    expect(f.seatHours).toBe(34)
    expect(f.peak).toBe(2)
  })

  it('has no utilisation without days in term', () => {
    expect(reportFigures([day({ seats: 0 })]).utilisation).toBeNull()
  })
})

describe('verdict', () => {
  it('names the days with a no-seat denial first', () => {
    const days = [day({ deniedNoSeat: 1, peak: 10 }), day({ deniedOther: 3, peak: 4 }), day({ peak: 2 })]
    expect(verdict(days, 10)).toEqual({ kind: 'denied', text: 'Denied on 1 of the last 30 days: consider more seats' })
  })

  it('ignores denials for another reason', () => {
    expect(verdict([day({ deniedOther: 3, peak: 4, seatMs: HOUR })], 10).kind).toBe('spare-seats')
  })

  it('says how many seats the peak left unused, up to one below the seats', () => {
    expect(verdict([day({ peak: 4, seatMs: HOUR })], 10).text).toBe('Peak 4 of 10 seats: 6 unused')
    expect(verdict([day({ peak: 9, seatMs: HOUR })], 10).text).toBe('Peak 9 of 10 seats: 1 unused')
  })

  it('says all seats were in use at times when the peak reached them without denials', () => {
    expect(verdict([day({ peak: 10, seatMs: HOUR })], 10)).toEqual({
      kind: 'full-use',
      text: 'Peak 10 of 10 seats: all in use at times, no denials',
    })
    expect(verdict([day({ peak: 1, seatMs: HOUR })], 1).text).toBe('Peak 1 of 1 seat: all in use at times, no denials')
  })

  it('says when nothing was used, naming a chosen period', () => {
    expect(verdict([day({})], 10)).toEqual({ kind: 'not-used', text: 'Not used in the last 30 days' })
    expect(verdict([day({})], 10, periodText(12)).text).toBe('Not used in the 12 days')
  })
})

describe('idleSeats', () => {
  const today = d0 + 200
  it('counts a holder idle for N days when the last use is more than N days ago, or never', () => {
    const idle = idleSeats(
      [
        { email: 'a@x.com', name: 'A', lastUsedDay: today - 30 },
        { email: 'b@x.com', name: 'B', lastUsedDay: today - 31 },
        { email: 'c@x.com', name: 'C', lastUsedDay: today - 61 },
        { email: 'd@x.com', name: 'D', lastUsedDay: today - 91 },
        { email: 'e@x.com', name: 'E', lastUsedDay: null },
        { email: 'f@x.com', name: 'F', lastUsedDay: today - 90 },
      ],
      today,
    )
    expect(idle.over).toEqual({ 30: 5, 60: 4, 90: 2 })
    expect(idle.seats.map((s) => [s.email, s.idleDays])).toEqual([
      ['e@x.com', null],
      ['d@x.com', 91],
      ['f@x.com', 90],
      ['c@x.com', 61],
      ['b@x.com', 31],
    ])
  })
})
