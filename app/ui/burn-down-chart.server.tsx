/**
 * The burn-down chart as markup, drawn once on the server: the page shows it as it
 * came (it has nothing to do in the browser), so its drawing code never reaches the
 * page's script.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { BurnDownChart, type BurnDownChartProps } from './burn-down-chart'

export function burnDownChartMarkup(props: BurnDownChartProps): string {
  return renderToStaticMarkup(<BurnDownChart {...props} />)
}
