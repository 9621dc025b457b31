import { describe, expect, it } from 'vitest'
import type { HomeSummary } from '../domain/home-summary'
import { homeView } from './home-view'

const today = '2026-11-27'
const group = (count: number, dates: string[] = []) => ({
  count,
  soonest: dates.map((date, i) => ({ activationId: `A-${i}`, productName: `Product ${i}`, date })),
})

function summary(more: Partial<HomeSummary> = {}): HomeSummary {
  return {
    customerNumber: '1000001',
    today,
    cards: ['elastic', 'ending', 'hosts', 'usage', 'alerts', 'emails'],
    web: null,
    elastic: [
      {
        activationId: 'E-1',
        product: 'ansys_aeu',
        productName: 'Elastic Units',
        remaining: 400,
        quantity: 1000,
        currency: 'USD',
        forecast: 'runs-out',
        runsOutOn: '2026-12-20',
        threshold: 500,
        thresholdState: 'below',
      },
    ],
    ending: {
      windowDays: 90,
      leases: group(6, ['2026-11-28', '2026-12-27']),
      fsaContracts: group(0),
      perpetuals: group(1, ['2027-01-01']),
    },
    hosts: {
      active: 1,
      lastChange: {
        time: Date.parse('2026-11-24T10:05:00Z'),
        by: 'admin@acme.example',
        hostId: 3,
        hostName: 'lic01',
        hostActive: false,
        action: 'RETURN',
        count: -2,
        activationId: 'L-1',
        productName: 'Ansys CFX',
      },
    },
    usage: {
      days: Array.from({ length: 14 }, (_, i) => ({ day: `2026-11-${String(14 + i).padStart(2, '0')}`, cost: 10 })),
      current: { from: '2026-11-21', to: today, total: 120 },
      previous: { from: '2026-11-14', to: '2026-11-20', total: 100 },
      currency: 'USD',
    },
    alerts: {
      count: 2,
      newest: [
        { id: 4, title: 'Portal upgrade', category: 'INFO', date: '2026-12-07 03:00:00' },
        { id: 1, title: 'Outage', category: 'CRITICAL', date: '2026-11-27 01:19:00' },
      ],
    },
    emails: [],
    severalCustomers: false,
    ...more,
  }
}

describe('homeView', () => {
  const view = homeView(summary(), new Date('2026-11-27T10:05:00Z'))

  it('says how much elastic credit is left, when it runs out and where it stands to its threshold', () => {
    expect(view.elastic?.items[0]).toMatchObject({
      remainingText: '400.0 of 1,000.0 USD left',
      forecastText: "Runs out around 2026-12-20 at the last 30 days' rate",
      thresholdText: 'At or below its low-balance threshold of 500.00 USD.',
      href: '/elastic?customer=1000001#credit-E-1',
    })
  })

  it('lists only the groups with something ending, with how many more there are and when each ends', () => {
    expect(view.ending?.total).toBe(7)
    expect(view.ending?.groups.map((g) => [g.key, g.count, g.more])).toEqual([
      ['leases', 6, 4],
      ['perpetuals', 1, 0],
    ])
    expect(view.ending?.groups[0].items.map((i) => i.daysText)).toEqual(['tomorrow', 'in 30 days'])
  })

  it('tells the last host change, who made it and when, and opens that host under Inactive Servers', () => {
    expect(view.hosts?.activeText).toBe('1 active host')
    expect(view.hosts?.lastChange).toMatchObject({
      text: '2 × Ansys CFX returned from lic01',
      by: 'admin@acme.example',
      at: '2026-11-24 10:05:00 UTC',
      age: '3 days ago',
    })
    expect(view.hosts?.lastChange?.href).toContain('i.open=3')
  })

  it("puts the week's cost against the week before in words, also as the chart's text alternative", () => {
    expect(view.usage?.current.text).toBe('120.00 USD')
    expect(view.usage?.changeText).toBe('up 20.00 USD (20%) on the 7 days before')
    expect(view.usage?.summary).toContain('2026-11-21 to 2026-11-27: 120.00 USD, up 20.00 USD (20%)')
    expect(view.usage?.summary).toContain('2026-11-14 to 2026-11-20: 100.00 USD')
    expect(view.usage?.days.filter((d) => d.current)).toHaveLength(7)
  })

  it('dates an alert from its start, to come or begun', () => {
    expect(view.alerts?.items.map((a) => [a.when, a.href])).toEqual([
      ['from 2026-12-07', '/notification-details/4?customer=1000001'],
      ['since 2026-11-27', '/notification-details/1?customer=1000001'],
    ])
  })

  it('keeps a card the user may not see out', () => {
    const without = homeView(
      summary({ cards: ['alerts'], elastic: null, ending: null, hosts: null, usage: null, emails: null }),
    )
    expect([without.elastic, without.ending, without.hosts, without.usage, without.emails]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ])
    expect(without.alerts?.countText).toBe('2 active alerts')
  })
})
