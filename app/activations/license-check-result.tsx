import type { CheckedGrant, LicenseCheck } from '../domain/license-check'
import { TableScroll } from '../ui/table-scroll'

/** Whether the lines shown are genuine, in one sentence, and whether that is good news. */
function genuineText(check: LicenseCheck): { text: string; good: boolean } {
  const bad = check.lines.filter((l) => !l.genuine).length
  const total = check.lines.length
  if (total === 0) return { text: 'The file has no licence line you may check.', good: false }
  if (bad > 0) return { text: `${bad} of ${total} licence lines ${bad === 1 ? 'is' : 'are'} not genuine.`, good: false }
  const text = total === 1 ? 'The licence line is genuine.' : `All ${total} licence lines are genuine.`
  return { text, good: check.strayLines.length === 0 }
}

const STATE_TEXTS: Record<LicenseCheck['state'], string> = {
  current: 'Current: the file is what the host’s activations give today.',
  differs: 'Not current: the file differs from what the host’s activations give today.',
  unknownHost: 'The host this file names is not a host of the customers you may check, so it cannot be compared.',
}

const Cell = ({ children }: { children: React.ReactNode }) => <td className="px-2 py-2 align-top">{children}</td>

function GrantRow({ line }: { line: CheckedGrant }) {
  return (
    <tr className="border-b border-gray-200" data-testid="license-line">
      <Cell>{line.lineNumber}</Cell>
      <Cell>
        {line.genuine ? (
          <span className="font-medium text-green-800">Genuine</span>
        ) : (
          <>
            <span className="font-medium text-red-800">Not genuine</span>
            <ul className="list-disc pl-4">
              {line.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </>
        )}
      </Cell>
      <Cell>
        <span className="block font-medium">{line.productName ?? line.feature}</span>
        <span className="block break-all text-gray-700">
          {line.keyword} {line.feature}
          {line.activationId ? ` (${line.activationId})` : ''}
        </span>
      </Cell>
      <Cell>{line.count || '–'}</Cell>
      <Cell>{line.expiry || '–'}</Cell>
      <Cell>{line.borrowing}</Cell>
      <Cell>{line.lockedTo ? `Locked to ${line.lockedTo}` : 'The file’s servers'}</Cell>
      <Cell>{line.customerNumber ?? 'None named'}</Cell>
    </tr>
  )
}

/** The answer of a licence check: genuine or not, whose and where, current or what differs, then line by line. */
export function LicenseCheckResult({ check, fileName }: { check: LicenseCheck; fileName: string | null }) {
  const headers = ['Line', 'Genuine', 'Product', 'Count', 'Expiry', 'Borrowing', 'Hosts', 'Customer']
  const genuine = genuineText(check)
  return (
    <section aria-labelledby="check-result" className="min-w-0 space-y-3">
      <h2 id="check-result" className="text-lg font-semibold">
        Result{fileName ? ` for ${fileName}` : ''}
      </h2>
      <ul className="space-y-1" data-testid="check-summary">
        <li className={genuine.good ? 'text-green-800' : 'font-medium text-red-800'}>{genuine.text}</li>
        <li className={check.state === 'current' ? 'text-green-800' : 'font-medium text-red-800'}>
          {STATE_TEXTS[check.state]}
        </li>
      </ul>
      {check.differences.length > 0 ? (
        <>
          <h3 className="font-semibold">What differs</h3>
          <ul className="list-disc space-y-1 pl-5" data-testid="check-differences">
            {check.differences.map((difference) => (
              <li key={difference}>{difference}</li>
            ))}
          </ul>
        </>
      ) : null}
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium">Customer</dt>
        <dd>
          {check.customers.length === 0
            ? 'None you may check'
            : check.customers.map((c) => `${c.number} ${c.name}`).join('; ')}
        </dd>
        <dt className="font-medium">Host</dt>
        <dd className="break-all">
          {check.host.name ? `${check.host.name}: ` : ''}
          {check.host.ids.length > 0 ? check.host.ids.join(', ') : 'No SERVER line'}
        </dd>
      </dl>
      {check.hiddenLines > 0 ? (
        <p>
          {check.hiddenLines === 1
            ? 'One line belongs to a customer whose files you may not check; it is not shown.'
            : `${check.hiddenLines} lines belong to customers whose files you may not check; they are not shown.`}
        </p>
      ) : null}
      {check.strayLines.length > 0 ? (
        <>
          <h3 className="font-semibold">Lines that are not lines of a licence file</h3>
          <ul className="list-disc pl-5">
            {check.strayLines.map((line) => (
              <li key={line.lineNumber} className="break-all">
                Line {line.lineNumber}: <code>{line.text}</code>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {check.lines.length > 0 ? (
        <TableScroll label="Licence lines table">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">The file’s licence lines and what each grants</caption>
            <thead>
              <tr className="border-b border-gray-300">
                {headers.map((header) => (
                  <th key={header} scope="col" className="px-2 py-2">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {check.lines.map((line) => (
                <GrantRow key={line.lineNumber} line={line} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </section>
  )
}
