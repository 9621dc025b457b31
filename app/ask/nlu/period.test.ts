import { describe, expect, it } from 'vitest'
import { alreadyBegun, parsePeriod } from './period'

/** Monday 15 June 2026, 23:30 UTC: late in the day, so a local-time slip would show. */
const NOW = Date.UTC(2026, 5, 15, 23, 30)

const days = (text: string) => {
  const p = parsePeriod(text, NOW)
  return p && [p.from, p.to, p.text]
}

describe('parsePeriod', () => {
  it('reads calendar periods relative to now, in whole UTC days', () => {
    expect(days('usage last month')).toEqual(['2026-05-01', '2026-05-31', 'last month'])
    expect(days('this year')).toEqual(['2026-01-01', '2026-12-31', 'this year'])
    expect(days('last week')).toEqual(['2026-06-08', '2026-06-14', 'last week'])
    expect(days('this quarter')).toEqual(['2026-04-01', '2026-06-30', 'this quarter'])
    expect(days('yesterday')).toEqual(['2026-06-14', '2026-06-14', 'yesterday'])
  })

  it('reads rolling periods: the next 90 days up to the 90th day, the last 30 days ending today', () => {
    expect(days('ending in the next 90 days')).toEqual(['2026-06-15', '2026-09-13', 'the next 90 days'])
    expect(days('the last 30 days')).toEqual(['2026-05-17', '2026-06-15', 'the last 30 days'])
    expect(days('next 6 months')).toEqual(['2026-06-15', '2026-12-15', 'the next 6 months'])
  })

  it('reads quarters and years', () => {
    expect(days('in Q3')).toEqual(['2026-07-01', '2026-09-30', 'Q3 2026'])
    expect(days('Q1 2025')).toEqual(['2025-01-01', '2025-03-31', 'Q1 2025'])
    expect(days('cost in 2025')).toEqual(['2025-01-01', '2025-12-31', '2025'])
  })

  it('reads months, days, ranges and since through chrono-node', () => {
    expect(days('cost in March')).toEqual(['2026-03-01', '2026-03-31', 'March 2026'])
    expect(days('December 2025 statement')).toEqual(['2025-12-01', '2025-12-31', 'December 2025'])
    expect(days('since 1 May')).toEqual(['2026-05-01', '2026-06-15', 'since 1 May 2026'])
    expect(days('from March to May')).toEqual(['2026-03-01', '2026-05-31', 'March 2026 to May 2026'])
  })

  it('reads a deadline as from today: by the end of July, before July, until August', () => {
    expect(days('what expires before the end of july?')).toEqual(['2026-06-15', '2026-07-31', 'by 31 July 2026'])
    expect(days('leases ending by the end of July')).toEqual(['2026-06-15', '2026-07-31', 'by 31 July 2026'])
    expect(days('anything ending before July')).toEqual(['2026-06-15', '2026-06-30', 'before July 2026'])
    expect(days('until August')).toEqual(['2026-06-15', '2026-08-31', 'by August 2026'])
  })

  it('reads May alone, which chrono-node takes for the verb, but not the verb itself', () => {
    expect(days('what was the total on our May statement')).toEqual(['2026-05-01', '2026-05-31', 'May 2026'])
    expect(days('statement total for May')).toEqual(['2026-05-01', '2026-05-31', 'May 2026'])
    expect(days('usage since May')).toEqual(['2026-05-01', '2026-06-15', 'since May 2026'])
    expect(days('what may I see')).toBeUndefined()
  })

  it('reads a weekday as that day, not as the whole year', () => {
    expect(days('book a room for thursday')).toEqual(['2026-06-18', '2026-06-18', '18 June 2026'])
  })

  it('moves a month or quarter not yet begun back a year when the question is about the past', () => {
    const past = (text: string) => {
      const p = alreadyBegun(parsePeriod(text, NOW)!, text, NOW)
      return [p.from, p.to, p.text]
    }
    expect(past('statement for December')).toEqual(['2025-12-01', '2025-12-31', 'December 2025'])
    expect(past('cost in Q4')).toEqual(['2025-10-01', '2025-12-31', 'Q4 2025'])
    expect(past('statement for March')).toEqual(['2026-03-01', '2026-03-31', 'March 2026'])
    expect(past('this month')).toEqual(['2026-06-01', '2026-06-30', 'this month'])
    expect(past('statement for December 2026')).toEqual(['2026-12-01', '2026-12-31', 'December 2026'])
    expect(past('next month')).toEqual(['2026-07-01', '2026-07-31', 'next month'])
  })

  it('finds no period where there is none', () => {
    expect(days('how many people are on Discovery right now')).toBeUndefined()
    expect(days('top 5 users')).toBeUndefined()
    expect(days('cost of Crash Frontal 2025')).toBeUndefined()
  })
})
