/**
 * The Web Transactions CSV, asked of the whole server as a browser's page load asks for it: a view
 * over 30,000 rows returns to the screen, which says why there is no file; a narrower view is a
 * file of the grid's columns, a denial's reason in words and a formula-like cell neutralised.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { rawRun } from '../../db/raw'
import { USAGE_EXPORT_MAX, usageExportTooMany } from '../../app/domain/usage-export'
import { DENIAL_TEXTS } from '../../app/domain/web-seats'
import { portalSignIn } from '../support/tokens'
import { pageLoad } from './support/page-load'
import { startPortalTestServer } from './support/portal'
import type { TestServer } from './support/server'

const ACME = '1000001'
const FORMULA_USER = '+sum@acme.example'

let server: TestServer
let cookie: string

const load = (path: string) => pageLoad(server.url, cookie, path)

beforeAll(async () => {
  server = await startPortalTestServer()
  // Today's rows are counted from the rows themselves (whole days from their aggregates, which this
  // insert leaves alone): all of them fall between the day's start and now, whatever the hour.
  const now = Date.now()
  const start = Math.max(Math.floor(now / 86_400_000) * 86_400_000, now - 3_600_000)
  await rawRun(
    server.db,
    sql`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${USAGE_EXPORT_MAX})
       INSERT INTO web_transactions (account_id, product, user_email, outcome, at)
       SELECT ${ACME}, 'Ansys Bulk', 'bulk' || (i % 7) || '@acme.example', 'granted', CAST(${start} AS BIGINT) + (i % ${Math.max(1, now - start)}) FROM n`,
  )
  await rawRun(
    server.db,
    sql`INSERT INTO web_transactions (account_id, product, user_email, outcome, reason, at, client_host)
       VALUES (${ACME}, 'Ansys Discovery', ${FORMULA_USER}, 'denied', 'no-free-seat', ${Math.max(start, now - 60_000)}, '=cmd|calc')`,
  )
  cookie = (await portalSignIn(server.url, 'admin@acme.example')).cookie
}, 180_000)

afterAll(async () => {
  await server?.close()
})

it('returns to the screen with the message instead of a partial file when the view holds more than 30,000 rows', async () => {
  const res = await load(`/resources/grid/WebTransactions?customer=${ACME}&range=1m&size=20`)
  expect(res.status).toBe(302)
  const location = new URL(res.headers.location ?? '', server.url)
  expect(location.pathname).toBe('/webtransactions')
  expect(location.searchParams.get('range')).toBe('1m')
  const page = await load(`${location.pathname}${location.search}`)
  expect(page.status).toBe(200)
  expect(page.body).toContain(usageExportTooMany())
})

it('downloads a narrower view: the grid’s columns, the reason in words, formula-like cells neutralised', async () => {
  const user = encodeURIComponent(`e:${FORMULA_USER}`)
  const res = await load(`/resources/grid/WebTransactions?customer=${ACME}&f.user=${user}&size=20`)
  expect(res.status).toBe(200)
  expect(res.headers['content-type']).toMatch(/^text\/csv/)
  expect(res.headers['content-disposition']).toMatch(
    new RegExp(`filename="ANSYSWebTransactions_${ACME}_\\d{4}-\\d{2}-\\d{2}_\\d{4}-\\d{2}-\\d{2}\\.csv"`),
  )
  const lines = res.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
  expect(lines[0]).toBe(
    'Time (UTC),User,Product,Entitlement,Licence Type,Outcome,Reason,Duration (min),Client Host,Product Version',
  )
  expect(lines).toHaveLength(2)
  const cells = lines[1].split(',')
  expect(cells.slice(1)).toEqual([
    `'${FORMULA_USER}`,
    'Ansys Discovery',
    '',
    '',
    'Denied',
    DENIAL_TEXTS['no-free-seat'],
    '',
    "'=cmd|calc",
    '',
  ])
})
