/**
 * A statement pie chart as markup, drawn once on the server: the page puts it in
 * its loader data and shows it with StatementPieFrame, so @visx never reaches
 * the page's script.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { StatementPie, type StatementPieProps } from './statement-pie'

export function statementPieMarkup(props: StatementPieProps): string {
  return renderToStaticMarkup(<StatementPie {...props} />)
}
