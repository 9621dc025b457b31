/**
 * Change history of a customer's access settings (portal access, IP allow-list,
 * PIN, allowed usernames), for vendor staff. Paged and filtered through the URL,
 * so it works without JavaScript and any view can be bookmarked.
 */
import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { AUDIT_AREA_LABELS, auditAreaLabel, summarizeChange } from '../view/audit-summary'
import { withReauth } from '../request/context.server'
import { requirePortalAccessScreen } from '../guards/screen.server'
import { auditQuerySchema } from '../portal-access/audit-query.server'
import type { FilterRule } from '../api-client/envelope'
import { withCustomer } from '../ui/customer-href'
import { FlashPanel } from '../ui/shell/flash-panel'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { screenTitle, screenPath } from '../screens/registry'
import { TableScroll } from '../ui/table-scroll'
import { momentText } from '../domain/date-format'

const PAGE_SIZE = 25
export const STAFF_ONLY_MESSAGE = 'The change history is available to vendor staff only.'

const TITLE = screenTitle('portalAccessAudit')

export const meta = screenMeta(TITLE)

export async function loader({ request, context }: LoaderFunctionArgs) {
  const screen = await requirePortalAccessScreen(request, context, 'portalAccessAudit')
  const url = new URL(request.url)
  const query = auditQuerySchema.parse({
    page: url.searchParams.get('page') ?? undefined,
    area: url.searchParams.get('area') ?? '',
  })
  const base = { customerNumber: screen.customerNumber, area: query.area, page: query.page, pageSize: PAGE_SIZE }
  if (!screen.staff) {
    return data({ ...base, forbidden: true, error: null, entries: [], total: 0 }, { status: 403 })
  }
  const filter: FilterRule | undefined = query.area
    ? { condition: 'ALL', criteria: [{ name: 'area', method: 'EQUALS', value: query.area }] }
    : undefined
  const [list, count] = await withReauth(request, context, () =>
    Promise.all([
      screen.calls.getAudit(screen.customerNumber, { filter, offset: (query.page - 1) * PAGE_SIZE, limit: PAGE_SIZE }),
      screen.calls.countAudit(screen.customerNumber, filter),
    ]),
  )
  if (list.status !== 'SUCCESS')
    return data({ ...base, forbidden: false, error: list.err, entries: [], total: 0 }, { status: 502 })
  const entries = list.data.map((e) => ({
    id: e.id,
    at: momentText(e.at),
    actorEmail: e.actorEmail,
    area: auditAreaLabel(e.area),
    action: e.action,
    changes: summarizeChange(e.before, e.after),
  }))
  return {
    ...base,
    forbidden: false,
    error: null,
    entries,
    total: count.status === 'SUCCESS' ? count.data : entries.length,
  }
}

export default function AuditRoute() {
  const d = useLoaderData<typeof loader>()
  const pages = Math.max(1, Math.ceil(d.total / d.pageSize))
  const pageHref = (page: number) => {
    const params = new URLSearchParams()
    if (d.area) params.set('area', d.area)
    if (page > 1) params.set('page', String(page))
    const qs = params.toString()
    return withCustomer(`${screenPath('portalAccessAudit')}${qs ? `?${qs}` : ''}`, d.customerNumber)
  }
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <p>
        <Link to={withCustomer(screenPath('portalAccess'), d.customerNumber)}>← {screenTitle('portalAccess')}</Link>
      </p>
      <h1 id="page-title" className="text-2xl font-semibold">
        {TITLE}
      </h1>
      {d.forbidden ? (
        <p className="rounded border border-gray-300 bg-white p-4">{STAFF_ONLY_MESSAGE}</p>
      ) : (
        <>
          <p>
            Every change to this customer’s portal access, IP settings and elastic credentials: who made it, when and
            what changed. PINs are never recorded. Times are in UTC.
          </p>
          <Form method="get" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="customer" value={d.customerNumber} />
            <div className="flex min-w-0 max-w-full flex-col">
              <label htmlFor="audit-area" className="text-sm font-medium">
                Area
              </label>
              <select id="audit-area" name="area" defaultValue={d.area} className="input max-w-full">
                <option value="">All areas</option>
                {Object.entries(AUDIT_AREA_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="btn-secondary">
              Show
            </button>
          </Form>
          {d.error ? <FlashPanel type="error" message={d.error} /> : null}
          <TableScroll label="Changes table">
            <table className="w-full border-collapse bg-white text-left text-sm">
              <caption className="sr-only">Changes, newest first</caption>
              <thead>
                <tr className="border-b border-gray-300">
                  <th scope="col" className="px-2 py-2">
                    Time (UTC)
                  </th>
                  <th scope="col" className="px-2 py-2">
                    Changed by
                  </th>
                  <th scope="col" className="px-2 py-2">
                    Area
                  </th>
                  <th scope="col" className="px-2 py-2">
                    Action
                  </th>
                  <th scope="col" className="px-2 py-2">
                    Change
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.entries.map((e) => (
                  <tr key={e.id} className="border-b border-gray-200 align-top" data-testid="audit-entry">
                    <td className="whitespace-nowrap px-2 py-2">{e.at}</td>
                    <td className="px-2 py-2 break-all">{e.actorEmail}</td>
                    <td className="px-2 py-2">{e.area}</td>
                    <td className="px-2 py-2">{e.action}</td>
                    <td className="px-2 py-2">
                      <ul className="space-y-0.5">
                        {e.changes.map((line, i) => (
                          <li key={i} className="break-all">
                            {line}
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
                {d.entries.length === 0 ? (
                  <tr>
                    <td colSpan={5} className="px-2 py-3 text-gray-700">
                      No changes recorded.
                    </td>
                  </tr>
                ) : null}
              </tbody>
            </table>
          </TableScroll>
          {pages > 1 ? (
            <nav aria-label="Pages" className="flex items-center gap-3">
              {d.page > 1 ? <Link to={pageHref(d.page - 1)}>Previous</Link> : null}{' '}
              <span>
                Page {Math.min(d.page, pages)} of {pages}
              </span>{' '}
              {d.page < pages ? <Link to={pageHref(d.page + 1)}>Next</Link> : null}
            </nav>
          ) : null}
        </>
      )}
    </section>
  )
}

export const ErrorBoundary = RouteErrorPage
