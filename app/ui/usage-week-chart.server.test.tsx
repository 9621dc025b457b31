import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { UsageWeekChart, type UsageWeekChartProps } from './usage-week-chart'
import { usageWeekChartMarkup } from './usage-week-chart.server'

const chart = (cost: number): UsageWeekChartProps => ({
  id: 'usage-week',
  title: 'Usage cost per day',
  summary: `Cost ${cost}`,
  days: [
    { day: '2026-11-26', cost: 10, current: false },
    { day: '2026-11-27', cost, current: true },
  ],
})

describe('usageWeekChartMarkup', () => {
  it('draws the chart of the figures it is given, also when the same figures come again', () => {
    for (const cost of [20, 35, 20, 35]) {
      expect(usageWeekChartMarkup(chart(cost))).toBe(renderToStaticMarkup(<UsageWeekChart {...chart(cost)} />))
    }
    expect(usageWeekChartMarkup(chart(20))).not.toBe(usageWeekChartMarkup(chart(35)))
  })

  it('still draws every chart after more figures than it keeps', () => {
    for (let cost = 0; cost < 600; cost++) usageWeekChartMarkup(chart(cost))
    expect(usageWeekChartMarkup(chart(3))).toBe(renderToStaticMarkup(<UsageWeekChart {...chart(3)} />))
  })
})
