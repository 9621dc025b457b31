/**
 * The usage CSV over the export limit, asked of the whole server: the download
 * (a page load, as without JavaScript) returns to Usage Transactions, which says
 * why there is no file; a narrower view downloads as usual.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { seedUsageScale } from '../../db/seed-usage-scale'
import { USAGE_EXPORT_MAX, usageExportTooMany } from '../../app/domain/usage-export'
import { portalSignIn } from '../support/tokens'
import { pageLoad } from './support/page-load'
import { startPortalTestServer } from './support/portal'
import type { TestServer } from './support/server'

/** Cobalt has no demo usage; it gets one session more than an export may hold. */
const COBALT = '1000003'
const PARTNER = 'partner@channel.example'

let server: TestServer
let cookie: string

const load = (path: string) => pageLoad(server.url, cookie, path)

beforeAll(async () => {
  server = await startPortalTestServer()
  await seedUsageScale(server.db, { customer: COBALT, sessions: USAGE_EXPORT_MAX + 1 })
  cookie = (await portalSignIn(server.url, PARTNER)).cookie
}, 180_000)

afterAll(async () => {
  await server?.close()
})

it('returns to the screen with the message instead of a partial file when the view holds more than 30,000 rows', async () => {
  const res = await load(`/resources/grid/UsageTransactions?customer=${COBALT}&range=max&size=20`)
  expect(res.status).toBe(302)
  const location = new URL(res.headers.location ?? '', server.url)
  expect(location.pathname).toBe('/transactions')
  expect(location.searchParams.get('customer')).toBe(COBALT)
  expect(location.searchParams.get('range')).toBe('max')

  const page = await load(`${location.pathname}${location.search}`)
  expect(page.status).toBe(200)
  const html = page.body
  expect(usageExportTooMany()).toBe(
    'Total number of available transactions exceeds 30000. Apply filters to reduce selection.',
  )
  expect(html).toContain(usageExportTooMany())
})

it('downloads a view within the limit as a CSV file named for the customer and the range', async () => {
  const res = await load(`/resources/grid/UsageTransactions?customer=${COBALT}&range=1y&size=20`)
  expect(res.status).toBe(200)
  expect(res.headers['content-type']).toMatch(/^text\/csv/)
  expect(res.headers['content-disposition']).toMatch(
    new RegExp(`filename="ANSYSUsageTransactions_${COBALT}_\\d{4}-\\d{2}-\\d{2}_\\d{4}-\\d{2}-\\d{2}\\.csv"`),
  )
  const lines = res.body.trim().split('\r\n')
  expect(lines[0]).toMatch(/^\uFEFF?Start Time,End Time,Product,/)
  expect(lines.length - 1).toBeGreaterThan(1000)
  expect(lines.length - 1).toBeLessThanOrEqual(USAGE_EXPORT_MAX)
})
