/** The assignment matrix's data: a page of users, the customer's web entitlements and each named one's direct holders. */
import { data } from '@remix-run/node'
import { isViewOnly } from '../domain/permissions'
import { todayUtc } from '../domain/entitlements'
import { currentDirectHolders } from '../domain/web-matrix'
import { webMatrixCalls } from '../api-client/web-matrix.server'
import { failureStatus, type Envelope, type FilterRule } from '../api-client/envelope'
import type { CustomerScreen } from '../guards/screen.server'
import type { WebEntitlementRow, WebUserRow } from '../../api/contract/web'
import { matrixQuery, type MatrixQuery } from './matrix-href'

export const MATRIX_PAGE_SIZE = 25
/** A customer has a handful of web entitlements; the matrix shows them all as columns. */
const MAX_COLUMNS = 100

function usersFilter(q: string): FilterRule | undefined {
  if (!q) return undefined
  return {
    condition: 'ANY',
    criteria: ['name', 'email', 'groups'].map((name) => ({ name, method: 'CONTAINS', value: q, casefold: true })),
  }
}

function ok<T>(reply: Envelope<T>): T {
  if (reply.status !== 'SUCCESS') throw data(reply.err, { status: failureStatus(reply) })
  return reply.data
}

export interface MatrixColumn extends WebEntitlementRow {
  /** Named: the users of its current direct seats (all of the customer's, not only the page's). */
  direct: number[]
}

export interface MatrixData {
  query: MatrixQuery
  columns: MatrixColumn[]
  users: WebUserRow[]
  total: number
  pageSize: number
  viewOnly: boolean
  /** The matrix's address with the customer (no search or page). */
  href: string
}

export async function loadMatrix(screen: CustomerScreen, url: URL): Promise<MatrixData> {
  const calls = webMatrixCalls(screen.api)
  const query = matrixQuery(url)
  const filter = usersFilter(query.q)
  const [entitlements, users, total] = await Promise.all([
    calls.entitlements(screen.customerNumber, {
      sorting: [{ name: 'productName', direction: 'asc' }],
      limit: MAX_COLUMNS,
    }),
    calls.users(screen.customerNumber, {
      filter,
      sorting: [{ name: 'name', direction: 'asc' }],
      offset: (query.page - 1) * MATRIX_PAGE_SIZE,
      limit: MATRIX_PAGE_SIZE,
    }),
    calls.countUsers(screen.customerNumber, filter),
  ])
  const today = todayUtc()
  const columns = await Promise.all(
    ok(entitlements).map(async (row): Promise<MatrixColumn> => {
      if (row.type !== 'NAMED_USER') return { ...row, direct: [] }
      const detail = ok(await calls.entitlement(screen.customerNumber, row.activationId))
      // The figures and the holders of one read, so the header and the ticks agree.
      return { ...detail.entitlement, direct: currentDirectHolders(detail.seats, today) }
    }),
  )
  return {
    query,
    columns,
    users: ok(users),
    total: ok(total),
    pageSize: MATRIX_PAGE_SIZE,
    viewOnly: isViewOnly(screen.user, screen.info),
    href: screen.href,
  }
}
