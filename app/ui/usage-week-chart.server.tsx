/** The usage chart as markup, drawn once on the server: its drawing code never reaches the page's script. */
import { renderToStaticMarkup } from 'react-dom/server'
import { UsageWeekChart, type UsageWeekChartProps } from './usage-week-chart'

/**
 * The markup is a pure function of the chart's figures, which change only when a
 * customer's usage does; so each drawing is kept for the next view of the same
 * figures (most recently used first, at most MEMO_SIZE drawings).
 */
const MEMO_SIZE = 256
const drawn = new Map<string, string>()

export function usageWeekChartMarkup(props: UsageWeekChartProps): string {
  const key = JSON.stringify(props)
  let markup = drawn.get(key)
  if (markup === undefined) {
    markup = renderToStaticMarkup(<UsageWeekChart {...props} />)
    if (drawn.size >= MEMO_SIZE) drawn.delete(drawn.keys().next().value!)
  } else drawn.delete(key)
  drawn.set(key, markup)
  return markup
}
