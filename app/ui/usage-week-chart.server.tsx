/** The usage chart as markup, drawn once on the server: its drawing code never reaches the page's script. */
import { renderToStaticMarkup } from 'react-dom/server'
import { UsageWeekChart, type UsageWeekChartProps } from './usage-week-chart'

export function usageWeekChartMarkup(props: UsageWeekChartProps): string {
  return renderToStaticMarkup(<UsageWeekChart {...props} />)
}
