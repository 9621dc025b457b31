import { describe, expect, it } from 'vitest'
import { allConnectionsServedAt, connectionShares, percentile, windowFigures, type Sample } from './bench-stats'

describe('percentile', () => {
  it('takes the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1)
    expect(percentile(values, 0.5)).toBe(50)
    expect(percentile(values, 0.99)).toBe(99)
    expect(percentile(values, 1)).toBe(100)
    expect(percentile([7], 0.99)).toBe(7)
    expect(percentile([], 0.5)).toBe(0)
  })
})

describe('windowFigures', () => {
  it('counts only the responses inside the window', () => {
    const samples: Sample[] = [
      { at: 100, latency: 900, connection: 1 },
      { at: 999, latency: 800, connection: 2 },
      ...Array.from({ length: 100 }, (_, i) => ({ at: 1000 + i * 10, latency: i + 1, connection: i % 2 })),
      { at: 3000, latency: 700, connection: 1 },
    ]
    expect(windowFigures(samples, 1000, 3000)).toEqual({
      requests: 100,
      requestsPerSecond: 50,
      latencyMs: { p50: 50, p90: 90, p99: 99, avg: 50.5, max: 100 },
    })
  })
})

describe('allConnectionsServedAt', () => {
  it('is when the slowest connection got its first answer', () => {
    const samples: Sample[] = [
      { at: 10, latency: 9, connection: 0 },
      { at: 20, latency: 9, connection: 0 },
      { at: 900, latency: 880, connection: 1 },
      { at: 950, latency: 9, connection: 0 },
    ]
    expect(allConnectionsServedAt(samples, 2)).toBe(900)
    expect(allConnectionsServedAt(samples, 3)).toBeNull()
  })
})

describe('connectionShares', () => {
  it('spreads the connections over the instances, all of them and as evenly as they go', () => {
    expect(connectionShares(50, 1)).toEqual([50])
    expect(connectionShares(50, 2)).toEqual([25, 25])
    expect(connectionShares(50, 3)).toEqual([17, 17, 16])
    expect(connectionShares(3, 3)).toEqual([1, 1, 1])
  })
})
