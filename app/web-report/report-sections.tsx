/** The parts of the Web Reporting page: the period form, one entitlement's report, the top users and groups. */
import { Form, Link } from '@remix-run/react'
import type { WebEntitlementReport, WebReport } from '../../api/contract/web-report'
import { WEB_LICENSE_MODEL } from '../domain/web-licenses'
import { REPORT_PRESETS, type ReportParams } from './report-params'
import { hoursText, percent } from './report-text'
import { DayInput } from '../ui/day-input'
import { DAY_INPUT_FORMAT } from '../domain/date-format'

const input = 'max-w-full rounded border border-gray-500 bg-white px-2 py-1'

export function PeriodForm({
  params,
  choices,
  customerNumber,
}: {
  params: ReportParams
  choices: WebReport['choices']
  customerNumber: string
}) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3 rounded border border-gray-300 bg-white p-4">
      <input type="hidden" name="customer" value={customerNumber} />
      <label className="flex max-w-full min-w-0 flex-col gap-1">
        <span className="font-medium">Period</span>
        <select name="range" defaultValue={params.preset ?? 'custom'} className={input} aria-describedby="period-hint">
          {REPORT_PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
          <option value="custom">Custom (from and to)</option>
        </select>
      </label>
      {(
        [
          ['from', 'From', params.from],
          ['to', 'To', params.to],
        ] as const
      ).map(([name, label, value]) => (
        <div key={name} className="flex max-w-full min-w-0 flex-col gap-1">
          <label htmlFor={`report-${name}`} className="font-medium">
            {label}
          </label>
          <span id={`report-${name}-hint`} className="text-xs text-gray-700">
            {DAY_INPUT_FORMAT}
          </span>
          <DayInput
            id={`report-${name}`}
            name={name}
            defaultValue={value}
            aria-describedby={`report-${name}-hint period-hint`}
            className={`${input} w-32`}
          />
        </div>
      ))}
      <label className="flex max-w-full min-w-0 flex-col gap-1">
        <span className="font-medium">Entitlement</span>
        <select name="entitlement" defaultValue={params.entitlement ?? ''} className={input}>
          <option value="">All web entitlements</option>
          {choices.map((c) => (
            <option key={c.activationId} value={c.activationId}>
              {c.productName} ({c.activationId})
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn-primary">
        Show report
      </button>
      <p id="period-hint" className="w-full text-sm text-gray-700">
        From and To apply with the period Custom; days are UTC.
      </p>
    </Form>
  )
}

export interface EntitlementLinks {
  verdict: string
  period: string
  denials: string
}

function Figure({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-gray-700">{term}</dt>
      <dd className="text-lg font-semibold">{children}</dd>
    </div>
  )
}

export function EntitlementSection({
  e,
  chart,
  links,
}: {
  e: WebEntitlementReport
  chart: string
  links: EntitlementLinks
}) {
  const id = `ent-${e.activationId.replace(/[^A-Za-z0-9_-]/g, '_')}`
  return (
    <section
      aria-labelledby={`${id}-h`}
      className="space-y-3 rounded border border-gray-300 bg-white p-4"
      data-entitlement={e.activationId}
    >
      <h2 id={`${id}-h`} className="text-lg font-semibold break-words">
        {e.productName}{' '}
        <span className="font-normal text-gray-700">
          ({e.activationId}, {WEB_LICENSE_MODEL[e.type]})
        </span>
      </h2>
      <p className="font-medium" data-verdict={e.verdict.kind}>
        <Link to={links.verdict} className="underline">
          {e.verdict.text}
        </Link>
      </p>
      <p className="text-sm text-gray-700">
        In the chosen period: <span data-period-verdict={e.periodVerdict.kind}>{e.periodVerdict.text}</span>.{' '}
        <Link to={links.period} className="underline">
          Transactions of the period
        </Link>
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure term="Seats">{e.seats}</Figure>
        <Figure term="In use now">{e.inUseNow}</Figure>
        <Figure term="Utilisation">{percent(e.utilisation)}</Figure>
        <Figure term="Peak in use">{e.peak}</Figure>
        <Figure term="Seat hours">{hoursText(e.seatHours)}</Figure>
        <Figure term="Days at full use">{e.fullUseDays}</Figure>
        <Figure term="Hours with denials">
          {e.denialHours > 0 ? (
            <Link to={links.denials} className="underline">
              {e.denialHours}
            </Link>
          ) : (
            0
          )}
        </Figure>
        <Figure term="Denied checkouts">
          {e.deniedNoSeat} no free seat, {e.deniedOther} other
        </Figure>
      </dl>
      {/* Drawn on the server (seats-chart.server.tsx); React escaped every text in it. */}
      <div dangerouslySetInnerHTML={{ __html: chart }} />
      <p className="text-sm text-gray-700">
        Bars: the most seats in use at once each day (red: a day with denials); dashed line: the seats.
      </p>
      <details>
        <summary className="cursor-pointer underline">Daily figures (table)</summary>
        <div className="overflow-x-auto">
          <table className="mt-2 text-sm" data-daily-table>
            <caption className="sr-only">Daily figures of {e.productName}</caption>
            <thead>
              <tr>
                <th scope="col" className="px-2 text-left">
                  Date
                </th>
                <th scope="col" className="px-2 text-right">
                  Seats
                </th>
                <th scope="col" className="px-2 text-right">
                  Peak in use
                </th>
                <th scope="col" className="px-2 text-right">
                  Seat hours
                </th>
                <th scope="col" className="px-2 text-right">
                  Denied (no free seat)
                </th>
                <th scope="col" className="px-2 text-right">
                  Hours with denials
                </th>
              </tr>
            </thead>
            <tbody>
              {e.days.map((d) => (
                <tr key={d.date}>
                  <th scope="row" className="px-2 text-left font-normal">
                    {d.date}
                  </th>
                  <td className="px-2 text-right">{d.seats}</td>
                  <td className="px-2 text-right">{d.peak}</td>
                  <td className="px-2 text-right">{hoursText(d.seatHours)}</td>
                  <td className="px-2 text-right">{d.deniedNoSeat}</td>
                  <td className="px-2 text-right">{d.denialHours}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      {e.named ? <IdleSeats named={e.named} /> : null}
    </section>
  )
}

function IdleSeats({ named }: { named: NonNullable<WebEntitlementReport['named']> }) {
  return (
    <div className="space-y-2">
      <h3 className="font-semibold">Named seats not in use</h3>
      <p>
        {named.holders} assigned; not used in 30 days: {named.idle30}, in 60 days: {named.idle60}, in 90 days:{' '}
        {named.idle90} (never used included). Candidates to reassign:
      </p>
      {named.idle.length === 0 ? (
        <p>None: every holder used the seat in the last 30 days.</p>
      ) : (
        <ul className="list-inside list-disc">
          {named.idle.map((s) => (
            <li key={s.email}>
              {s.name} ({s.email}):{' '}
              {s.lastUsed === null ? 'never used' : `last used ${s.lastUsed}, ${s.idleDays} days ago`}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

export function TopUsage({
  report,
  userLinks,
  groupLinks,
}: {
  report: WebReport
  userLinks: Record<string, string>
  groupLinks: Record<string, string>
}) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section aria-labelledby="top-users" className="space-y-2">
        <h2 id="top-users" className="text-lg font-semibold">
          Top users by hours
        </h2>
        {report.topUsers.length === 0 ? (
          <p>No use in the period.</p>
        ) : (
          <table className="w-full text-sm [&_td]:py-1 [&_th]:py-1">
            <thead>
              <tr>
                <th scope="col" className="text-left">
                  User
                </th>
                <th scope="col" className="text-right">
                  Hours
                </th>
                <th scope="col" className="text-right">
                  Checkouts
                </th>
              </tr>
            </thead>
            <tbody>
              {report.topUsers.map((u) => (
                <tr key={u.email}>
                  <th scope="row" className="text-left font-normal break-all">
                    <Link to={userLinks[u.email] ?? '#'} className="underline">
                      {u.name ? `${u.name} (${u.email})` : u.email}
                    </Link>
                  </th>
                  <td className="text-right">{hoursText(u.hours)}</td>
                  <td className="text-right">{u.checkouts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="top-groups" className="space-y-2">
        <h2 id="top-groups" className="text-lg font-semibold">
          Top groups by hours
        </h2>
        <p className="text-sm text-gray-700">
          The hours of each group’s current members; a group’s name opens their transactions.
        </p>
        {report.topGroups.length === 0 ? (
          <p>No use by group members in the period.</p>
        ) : (
          <table className="w-full text-sm [&_td]:py-1 [&_th]:py-1">
            <thead>
              <tr>
                <th scope="col" className="text-left">
                  Group
                </th>
                <th scope="col" className="text-right">
                  Members
                </th>
                <th scope="col" className="text-right">
                  Hours
                </th>
              </tr>
            </thead>
            <tbody>
              {report.topGroups.map((g) => (
                <tr key={g.name}>
                  <th scope="row" className="text-left font-normal break-words">
                    <Link to={groupLinks[g.name] ?? '#'} className="underline">
                      {g.name}
                    </Link>
                  </th>
                  <td className="text-right">{g.members}</td>
                  <td className="text-right">{hoursText(g.hours)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  )
}
