/**
 * The head of an Elastic Licensing Summary Statement (spec 2, Elastic Statements
 * screen): report date, customer number with name, period start and end, and
 * when a charge counts. The page and its PDF show the same.
 */
import type { StatementData } from '../../domain/statement-types'
import { dayText } from '../../domain/date-format'

export const STATEMENT_TITLE = 'Elastic Licensing Summary Statement'
export const CHARGE_RULE = 'Sessions are charged in the period in which they end.'

export interface StatementHeaderFallbackProps {
  customerNumber: string
  customerName: string
  /** The period, 'YYYY-MM-DD'. */
  from: string
  to: string
  /** The report date, 'YYYY-MM-DD'. */
  today: string
  /** The heading's level: 2 on the page (under its h1), 1 in the printed document. */
  level?: 1 | 2
}

/** '1000001 - Acme Aerospace' */
export function statementCustomerText(customerNumber: string, customerName: string): string {
  return customerName ? `${customerNumber} - ${customerName}` : customerNumber
}

/** The header of a loaded statement: its figures are the API's. */
export function StatementHeader({ statement, level }: { statement: StatementData; level?: 1 | 2 }) {
  const { ReportDate, CustomerNumber, CustomerName, From, To } = statement.Customer
  return (
    <StatementHeaderFallback
      customerNumber={CustomerNumber}
      customerName={CustomerName}
      from={From}
      to={To}
      today={ReportDate}
      level={level}
    />
  )
}

/** The same header from the request's own figures, for a statement that did not load. */
export function StatementHeaderFallback({
  customerNumber,
  customerName,
  from,
  to,
  today,
  level = 2,
}: StatementHeaderFallbackProps) {
  const Heading = level === 1 ? 'h1' : 'h2'
  const items: [string, string][] = [
    ['Report Date', dayText(today)],
    ['Customer', statementCustomerText(customerNumber, customerName)],
    ['Period Start', dayText(from)],
    ['Period End', dayText(to)],
  ]
  return (
    <header className="statement-header space-y-2">
      <Heading className="text-lg font-semibold text-gray-900">{STATEMENT_TITLE}</Heading>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr_max-content_1fr]">
        {items.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-gray-700">{term}</dt>
            <dd className="break-words text-gray-900" data-field={term}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-gray-700">{CHARGE_RULE}</p>
    </header>
  )
}
