/** The answer of a CSV import of web users: the totals, then each row that was not simply added. */
import type { WebImportRow } from '../api-client/web.server'

export interface ImportReportData {
  rows: WebImportRow[]
  added: number
  alreadyThere: number
  refused: number
  groupsCreated: string[]
}

const OUTCOME: Record<WebImportRow['outcome'], string> = {
  added: 'Added',
  'already-there': 'Already there',
  refused: 'Refused',
}

export function ImportReport({ report }: { report: ImportReportData }) {
  return (
    <section
      aria-labelledby="import-report-title"
      role="status"
      className="space-y-2 rounded border border-gray-300 bg-white p-4"
    >
      <h2 id="import-report-title" className="text-lg font-semibold">
        Import Report
      </h2>
      <p>
        {report.added} added, {report.alreadyThere} already there, {report.refused} refused.
        {report.groupsCreated.length > 0 ? ` Groups created: ${report.groupsCreated.join(', ')}.` : ''}
      </p>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Each row of the file</caption>
        <thead>
          <tr>
            <th scope="col" className="pr-2">
              Line
            </th>
            <th scope="col" className="pr-2">
              E-mail
            </th>
            <th scope="col" className="pr-2">
              Outcome
            </th>
            <th scope="col">Reason</th>
          </tr>
        </thead>
        <tbody>
          {report.rows.map((row) => (
            <tr key={row.row} data-outcome={row.outcome}>
              <td className="pr-2">{row.row}</td>
              <td className="pr-2 break-all">{row.email}</td>
              <td className="pr-2">{OUTCOME[row.outcome]}</td>
              <td>{row.reason ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
