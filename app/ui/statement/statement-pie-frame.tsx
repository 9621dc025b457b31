/**
 * A statement pie chart as the server drew it (statementPieMarkup in
 * statement-pie.server.tsx), shown as it came: the page's script carries no
 * drawing code.
 */
export function StatementPieFrame({ markup }: { markup: string }) {
  return <div className="statement-pie-frame" dangerouslySetInnerHTML={{ __html: markup }} />
}
