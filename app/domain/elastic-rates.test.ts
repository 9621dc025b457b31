import { describe, expect, it } from 'vitest'
import {
  DEFAULT_RATE_KEY,
  LATEST_RATE_TABLE_VERSION,
  RATED_PRODUCTS,
  RATE_TABLES,
  displayHours,
  hourlyRate,
  sessionCharge,
  sessionHours,
} from './elastic-rates'

const HOUR = 3_600_000

describe('rate tables', () => {
  it('has a version per year, each with a default rate and the same products', () => {
    expect(Object.keys(RATE_TABLES)).toEqual(['2024.1', '2025.1'])
    expect(RATE_TABLES[LATEST_RATE_TABLE_VERSION]).toBeDefined()
    for (const table of Object.values(RATE_TABLES)) {
      expect(table[DEFAULT_RATE_KEY]).toBeGreaterThan(0)
      expect(Object.keys(table).filter((k) => k !== DEFAULT_RATE_KEY)).toEqual(RATED_PRODUCTS)
      for (const rate of Object.values(table)) expect(rate).toBeGreaterThan(0)
    }
    expect(RATED_PRODUCTS).toContain('Ansys Fluent')
    expect(RATED_PRODUCTS.length).toBeGreaterThanOrEqual(6)
    expect(RATED_PRODUCTS.length).toBeLessThanOrEqual(10)
  })
})

describe('hourlyRate', () => {
  it('reads the product in its version', () => {
    expect(hourlyRate('2024.1', 'Ansys Fluent')).toBe(RATE_TABLES['2024.1']['Ansys Fluent'])
    expect(hourlyRate('2025.1', 'Ansys Fluent')).toBe(RATE_TABLES['2025.1']['Ansys Fluent'])
    expect(hourlyRate('2024.1', 'Ansys Fluent')).not.toBe(hourlyRate('2025.1', 'Ansys Fluent'))
  })

  it("uses the table's default for a product it does not list", () => {
    expect(hourlyRate('2024.1', 'Ansys Something Else')).toBe(RATE_TABLES['2024.1'][DEFAULT_RATE_KEY])
  })

  it('uses the latest table for an unknown or missing version', () => {
    const latest = RATE_TABLES[LATEST_RATE_TABLE_VERSION]
    expect(hourlyRate('1999.9', 'Ansys HFSS')).toBe(latest['Ansys HFSS'])
    expect(hourlyRate(null, 'Ansys HFSS')).toBe(latest['Ansys HFSS'])
    expect(hourlyRate('', 'Unknown')).toBe(latest[DEFAULT_RATE_KEY])
  })
})

describe('sessionHours', () => {
  it('is the time between start and end in hours, to 4 decimals', () => {
    expect(sessionHours(0, 2 * HOUR)).toBe(2)
    expect(sessionHours(1_000, 1_000 + 90 * 60_000)).toBe(1.5)
    expect(sessionHours(0, 1_000)).toBe(0.0003)
    expect(sessionHours(0, 20_000)).toBe(0.0056)
  })

  it('is never negative', () => {
    expect(sessionHours(HOUR, 0)).toBe(0)
    expect(sessionHours(HOUR, HOUR)).toBe(0)
  })
})

describe('displayHours', () => {
  it('shows at least 0.01 hours', () => {
    expect(displayHours(0)).toBe(0.01)
    expect(displayHours(0.0003)).toBe(0.01)
    expect(displayHours(0.01)).toBe(0.01)
    expect(displayHours(0.0101)).toBe(0.0101)
    expect(displayHours(2.5)).toBe(2.5)
  })
})

describe('sessionCharge', () => {
  it('is hours × product count × rate, to 2 decimals', () => {
    expect(sessionCharge({ hours: 2, productCount: 3, rate: 8.5 })).toBe(51)
    expect(sessionCharge({ hours: 1.2345, productCount: 1, rate: 8 })).toBe(9.88)
    expect(sessionCharge({ hours: 0.0003, productCount: 1, rate: 5 })).toBe(0)
    expect(sessionCharge({ hours: 0.335, productCount: 1, rate: 3 })).toBe(1.01)
  })

  it('charges nothing for a session without hours or products', () => {
    expect(sessionCharge({ hours: 0, productCount: 4, rate: 9 })).toBe(0)
    expect(sessionCharge({ hours: 3, productCount: 0, rate: 9 })).toBe(0)
  })

  it('charges a session by its rate table', () => {
    const hours = sessionHours(0, 4 * HOUR)
    const charge = sessionCharge({ hours, productCount: 2, rate: hourlyRate('2024.1', 'Ansys Mechanical Enterprise') })
    expect(charge).toBe(64)
  })
})
