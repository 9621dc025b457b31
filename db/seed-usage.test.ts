import { describe, expect, it } from 'vitest'
import { demoEntitlements } from './seed-entitlements'
import { demoUsage } from './seed-usage'

describe('demo usage sessions', () => {
  it('start and end on whole seconds, as stored and shown, whatever the millisecond of the seed', () => {
    // Half an hour into the day: sessions of the day are cut at a minute before the seed moment.
    const now = Date.parse('2026-11-28T00:58:09.586Z')
    const sessions = demoUsage(demoEntitlements('2026-11-28'), now)
    const cut = sessions.filter((s) => s.endTs === Math.floor((now - 60_000) / 1000) * 1000)
    expect(cut.length).toBeGreaterThan(0)
    for (const s of sessions) {
      expect(s.startTs % 1000).toBe(0)
      if (s.endTs !== null && s.endTs !== undefined) {
        expect(s.endTs % 1000).toBe(0)
        expect(s.endTs).toBeLessThan(now)
      }
    }
  })
})
