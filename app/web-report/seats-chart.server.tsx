/** The seats chart as markup, drawn on the server: its drawing code never reaches the page's script. */
import { renderToStaticMarkup } from 'react-dom/server'
import { SeatsChart, type SeatsChartProps } from './seats-chart'

export function seatsChartMarkup(props: SeatsChartProps): string {
  return renderToStaticMarkup(<SeatsChart {...props} />)
}
