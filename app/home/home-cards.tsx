/**
 * The Home cards of the customer in hand: each answers one question with a
 * figure and leads to the view that explains it. Everything shown is worked out
 * by the loader (home-view.ts); the usage chart comes as markup drawn on the server.
 */
import type { ReactNode } from 'react'
import type { HomeCard } from '../domain/home-cards'
import { PortalLink } from '../ui/portal-link'
import type { HomeView } from './home-view'
import { dayText } from '../domain/date-format'

function Card({
  card,
  title,
  figure,
  children,
  more,
}: {
  card: HomeCard
  title: string
  /** The card's answer in a few words. */
  figure: ReactNode
  children?: ReactNode
  /** The link to the view behind the figure. */
  more: { href: string; label: string }[]
}) {
  const headingId = `home-card-${card}`
  return (
    <section
      aria-labelledby={headingId}
      data-card={card}
      className="flex min-w-0 flex-col gap-3 rounded border border-gray-300 bg-white p-4 [&_a]:underline"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-xl font-semibold" data-figure={card}>
        {figure}
      </p>
      {children}
      {more.length > 0 ? (
        <ul className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {more.map((link) => (
            <li key={link.href}>
              <PortalLink to={link.href}>{link.label}</PortalLink>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}

function ElasticCard({ elastic: { items: elastic, href } }: { elastic: NonNullable<HomeView['elastic']> }) {
  const below = elastic.filter((c) => c.thresholdState === 'below').length
  return (
    <Card
      card="elastic"
      title="Elastic credit"
      figure={
        elastic.length === 0
          ? 'No active elastic entitlement'
          : below > 0
            ? `${below} of ${elastic.length} at or below the low-balance threshold`
            : `${elastic.length} active elastic ${elastic.length === 1 ? 'entitlement' : 'entitlements'}`
      }
      more={[{ href, label: 'Elastic Licensing' }]}
    >
      {elastic.length > 0 ? (
        <ul className="space-y-3">
          {elastic.map((c) => (
            <li key={c.activationId} data-credit={c.activationId} className="min-w-0">
              <PortalLink to={c.href} className="font-medium break-words">
                {c.name}
              </PortalLink>
              <span className="block text-xs break-all text-gray-700">{c.activationId}</span>
              <span className="block">{c.remainingText}</span>
              <span className="block text-sm">{c.forecastText}</span>
              <span
                className={`block text-sm ${c.thresholdState === 'below' ? 'font-semibold text-red-800' : 'text-gray-700'}`}
                data-threshold={c.thresholdState}
              >
                {c.thresholdText}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  )
}

function EndingCard({ ending }: { ending: NonNullable<HomeView['ending']> }) {
  return (
    <Card
      card="ending"
      title={`Ending within ${ending.windowDays} days`}
      figure={ending.total === 0 ? 'Nothing ends within the next 90 days' : `${ending.total} to renew`}
      more={[{ href: ending.href, label: 'Leases/Perpetuals' }]}
    >
      {ending.groups.map((group) => (
        <div key={group.key} data-ending={group.key} className="min-w-0">
          <h3 className="font-semibold">
            <PortalLink to={group.href}>
              {group.label}: {group.count}
            </PortalLink>
          </h3>
          <ul className="text-sm">
            {group.items.map((item) => (
              <li key={item.activationId} className="break-words">
                {item.name} <span className="text-gray-700">({item.activationId})</span>, {item.date}, {item.daysText}
              </li>
            ))}
          </ul>
          {group.more > 0 ? <p className="text-sm text-gray-700">and {group.more} more</p> : null}
        </div>
      ))}
    </Card>
  )
}

function WebCard({ web }: { web: NonNullable<HomeView['web']> }) {
  return (
    <Card
      card="web"
      title="Web licences"
      figure={web.inUseText}
      more={[{ href: web.reportHref, label: 'Web Reporting' }]}
    >
      <p className="text-sm">
        <PortalLink to={web.deniedHref}>{web.deniedText}</PortalLink>
      </p>
      <ul className="space-y-1 text-sm">
        {web.entitlements.map((e) => (
          <li key={e.activationId} data-verdict={e.kind}>
            <span className="font-semibold">{e.name}</span>: <PortalLink to={e.href}>{e.verdict}</PortalLink>
          </li>
        ))}
      </ul>
    </Card>
  )
}

function HostsCard({ hosts }: { hosts: NonNullable<HomeView['hosts']> }) {
  const change = hosts.lastChange
  return (
    <Card
      card="hosts"
      title="Licence hosts"
      figure={hosts.activeText}
      more={[{ href: hosts.href, label: 'Manage activations' }]}
    >
      {change ? (
        <div className="text-sm">
          <h3 className="font-semibold">Last activation change</h3>
          <p data-last-change="">
            <PortalLink to={change.href}>{change.text}</PortalLink>
            <span className="block text-gray-700">
              by {change.by}, {change.at} ({change.age})
            </span>
          </p>
        </div>
      ) : (
        <p className="text-sm text-gray-700">No activation yet.</p>
      )}
    </Card>
  )
}

function UsageCard({ usage, chart }: { usage: NonNullable<HomeView['usage']>; chart: string }) {
  return (
    <Card
      card="usage"
      title="Usage cost"
      figure={
        <>
          <span data-figure="usage-current" data-value={String(usage.current.total)}>
            {usage.current.text}
          </span>{' '}
          <span className="block text-base font-normal">
            in the last 7 days ({usage.current.from} to {usage.current.to}), {usage.changeText}
          </span>
        </>
      }
      more={[
        { href: usage.statementHref, label: 'Statement of the last 7 days' },
        { href: usage.transactionsHref, label: 'Usage transactions' },
      ]}
    >
      {/* Drawn on the server (app/ui/usage-week-chart.server.tsx); React escaped every text in it. */}
      <div dangerouslySetInnerHTML={{ __html: chart }} />
      <details className="text-sm">
        <summary>Cost per day</summary>
        <table className="mt-2 w-full">
          <thead>
            <tr>
              <th scope="col" className="text-left">
                Day
              </th>
              <th scope="col" className="text-right">
                Cost
              </th>
            </tr>
          </thead>
          <tbody>
            {usage.days.map((d) => (
              <tr key={d.day}>
                <td>{d.day}</td>
                <td className="text-right tabular-nums">{d.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </Card>
  )
}

function AlertsCard({ alerts }: { alerts: NonNullable<HomeView['alerts']> }) {
  return (
    <Card card="alerts" title="Alerts" figure={alerts.countText} more={[{ href: alerts.href, label: 'All alerts' }]}>
      {alerts.items.length > 0 ? (
        <ul className="space-y-1 text-sm">
          {alerts.items.map((a) => (
            <li key={a.href} className="break-words">
              <span className="font-semibold">{a.category}</span> <PortalLink to={a.href}>{a.title}</PortalLink>{' '}
              <span className="text-gray-700">{a.when}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  )
}

function EmailsCard({ emails }: { emails: NonNullable<HomeView['emails']> }) {
  return (
    <Card
      card="emails"
      title="Latest e-mails"
      figure={emails.items.length === 0 ? 'No e-mail sent yet' : `${emails.items.length} latest`}
      more={[{ href: emails.href, label: 'All e-mails' }]}
    >
      {emails.items.length > 0 ? (
        <ul className="space-y-1 text-sm">
          {emails.items.map((e) => (
            <li key={e.href} className="break-words">
              <PortalLink to={e.href}>{e.subject}</PortalLink> <span className="text-gray-700">{dayText(e.date)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  )
}

export function HomeCards({ view, chart }: { view: HomeView; chart: string | null }) {
  const cards: Record<HomeCard, () => ReactNode> = {
    elastic: () => (view.elastic ? <ElasticCard elastic={view.elastic} /> : null),
    ending: () => (view.ending ? <EndingCard ending={view.ending} /> : null),
    hosts: () => (view.hosts ? <HostsCard hosts={view.hosts} /> : null),
    usage: () => (view.usage && chart !== null ? <UsageCard usage={view.usage} chart={chart} /> : null),
    alerts: () => (view.alerts ? <AlertsCard alerts={view.alerts} /> : null),
    emails: () => (view.emails ? <EmailsCard emails={view.emails} /> : null),
    web: () => (view.web ? <WebCard web={view.web} /> : null),
  }
  return (
    <div data-testid="home-cards" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {view.cards.map((card) => (
        <div key={card} className="contents">
          {cards[card]()}
        </div>
      ))}
    </div>
  )
}
