/**
 * Web Reporting (/webreporting), with JavaScript off and on: an administrator of Acme picks a
 * period and an entitlement with the GET form; the chart's description and its daily table
 * agree with POST /web/report; the CSV holds the same days; a verdict's link opens Web
 * Transactions filtered to the entitlement and the last 30 days; the Home card's verdicts are
 * the report's and lead to it. Read-only: both projects see the same figures.
 */
import { expect, test, type Page } from './support/test'
import { gotoPortal, signIn } from './support/auth'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { mainRegion } from './support/shell'
import { apiData } from './support/api'
import { demoActivationId } from '../../db/seed-entitlements'
import { WEB_KEYS } from '../../db/seed-web'
import { presetRange, rangeDays } from '../../app/domain/date-presets'
import type { WebReport } from '../../api/contract/web-report'
import { gridLocators } from './support/grid'

const ACME = '1000001'
const ADMIN = 'admin@acme.example'
const DISCOVERY = demoActivationId(WEB_KEYS.acmeDiscovery)
const DISCOVERY_NAME = 'Ansys Discovery - Shared Web'

const { columnCells } = gridLocators('Web Transactions table')
const status = (page: Page) =>
  mainRegion(page)
    .getByRole('status')
    .filter({ hasText: /transactions?\b|Getting/ })

test('the report of one entitlement agrees with the API, as chart, table and CSV', async ({ page, baseURL }) => {
  await signIn(page, ADMIN)
  await gotoPortal(page, `/webreporting?customer=${ACME}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Reporting', exact: true })).toBeVisible()
  await expect(page).toHaveTitle(/^Reporting – 1000001/)
  await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: '3 Months' })
  await page.getByRole('combobox', { name: 'Entitlement' }).selectOption({ value: DISCOVERY })
  await page.getByRole('button', { name: 'Show' }).click()
  await expect(page).toHaveURL(/range=3m/)
  await expect(page).toHaveURL(new RegExp(`entitlement=${DISCOVERY}`))

  const { from, to } = rangeDays(presetRange('3m', Date.now()))
  const report = await apiData<WebReport>(baseURL!, ADMIN, '/web/report', {
    body: { customerNumber: ACME, from, to, activationId: DISCOVERY },
  })
  const e = report.entitlements[0]
  const main = mainRegion(page)
  const section = main.getByRole('region', { name: new RegExp(DISCOVERY_NAME) })
  await expect(section.getByText(e.verdict.text)).toBeVisible()

  const chart = section.getByRole('img', { name: `${DISCOVERY_NAME}: seats and peak in use per day, ${from} to ${to}` })
  await expect(chart).toBeVisible()
  const description = await chart.locator('desc').textContent()
  expect(description).toContain(`from ${from} to ${to}, against ${e.seats} seats`)
  expect(description).toContain(`all seats in use on ${e.fullUseDays} ${e.fullUseDays === 1 ? 'day' : 'days'}`)
  const highest = Math.max(...e.days.map((d) => d.peak))
  expect(description).toContain(highest === 0 ? 'no seat was used' : `the highest peak was ${highest}`)

  const rows = section.locator('table[data-daily-table] tbody tr')
  await expect(rows).toHaveCount(e.days.length)
  const table = await rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('th, td')].slice(0, 3).map((c) => c.textContent ?? '')),
  )
  expect(table).toEqual(e.days.map((d) => [d.date, String(d.seats), String(d.peak)]))

  const csvHref = await main.getByRole('link', { name: 'Download the daily figures (CSV)' }).getAttribute('href')
  const csv = await (await page.request.get(csvHref!)).text()
  const lines = csv.trim().split('\r\n')
  expect(lines[0]).toBe(
    'Date,Activation ID,Product,Seats,Peak in use,Seat hours,Denied (no free seat),Denied (other reasons),Hours with denials',
  )
  expect(lines.slice(1).map((l) => l.split(',').slice(0, 5))).toEqual(
    e.days.map((d) => [d.date, DISCOVERY, DISCOVERY_NAME, String(d.seats), String(d.peak)]),
  )
  await expectNoSeriousA11yViolations(page)

  await section.getByRole('link', { name: e.verdict.text }).click()
  await expect(page).toHaveURL(/\/webtransactions\?/)
  const url = new URL(page.url())
  expect(url.searchParams.get('customer')).toBe(ACME)
  expect(url.searchParams.get('to')).toBe(report.today)
  expect([...url.searchParams.values()].join(' ')).toContain(DISCOVERY)
})

test('the Home card shows the verdicts of the report and leads to it', async ({ page, baseURL }) => {
  await signIn(page, ADMIN)
  await gotoPortal(page, `/home?customer=${ACME}`)
  const card = page.locator('[data-card="web"]')
  await expect(card.getByRole('heading', { name: 'Web licences' })).toBeVisible()
  const today = new Date().toISOString().slice(0, 10)
  let report: WebReport | undefined
  // Other tests check seats out and in on the same customer meanwhile: the card and the report are
  // compared as read at one moment (the page read again with the report until no change fell between).
  await expect(async () => {
    await page.reload()
    report = await apiData<WebReport>(baseURL!, ADMIN, '/web/report', {
      body: { customerNumber: ACME, from: today, to: today },
    })
    for (const e of report.entitlements)
      await expect(card.getByText(e.verdict.text).first()).toBeVisible({ timeout: 1000 })
    const inUse = report.entitlements.reduce((sum, e) => sum + e.inUseNow, 0)
    const seats = report.entitlements.reduce((sum, e) => sum + e.seats, 0)
    await expect(card.locator('[data-figure="web"]')).toHaveText(`${inUse} of ${seats} seats in use now`, {
      timeout: 1000,
    })
  }).toPass({ timeout: 10_000 })
  await card.getByRole('link', { name: report!.entitlements[0].verdict.text }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'Reporting', exact: true })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Entitlement' })).toHaveValue(report!.entitlements[0].activationId)
})

test('a top group opens the transactions of its current members, and Show all users clears it', async ({
  page,
  baseURL,
}) => {
  await signIn(page, ADMIN)
  await gotoPortal(page, `/webreporting?customer=${ACME}`)
  const groups = mainRegion(page).getByRole('region', { name: 'Top groups by hours' })
  const first = groups.getByRole('table').getByRole('link').first()
  const name = (await first.innerText()).trim()
  await first.click()
  await expect(page).toHaveURL(/\/webtransactions\?/)
  const notice = page.getByTestId('group-notice')
  await expect(notice).toHaveText(`Showing the transactions of the current members of group ${name}. Show all users`)

  // The members as the API has them now, and the link's days.
  const groupRows = await apiData<{ id: number; name: string }[]>(baseURL!, ADMIN, '/web/groups', {
    body: { customerNumber: ACME, limit: 500 },
  })
  const group = groupRows.find((g) => g.name === name)!
  const detail = await apiData<{ members: { email: string }[] }>(baseURL!, ADMIN, '/web/group', {
    body: { customerNumber: ACME, groupId: group.id },
  })
  const members = new Set(detail.members.map((m) => m.email))
  const url = new URL(page.url())
  const from = Date.parse(`${url.searchParams.get('from')}T00:00:00Z`)
  const to = Date.parse(`${url.searchParams.get('to')}T00:00:00Z`) + 86_400_000
  const countOf = (criteria: unknown[]) =>
    apiData<number>(baseURL!, ADMIN, '/web/transactions/count', {
      body: {
        customerNumber: ACME,
        filter: {
          condition: 'ALL',
          criteria: [
            { name: 'at', method: '>=', value: from },
            { name: 'at', method: 'BEFORE', value: to },
            ...criteria,
          ],
        },
      },
    })
  const ofMembers = await countOf([{ name: 'user', method: 'IN', value: [...members] }])
  expect(ofMembers).toBeGreaterThan(0)
  await expect(status(page)).toHaveText(new RegExp(`^${ofMembers.toLocaleString('en-GB')} transactions?`))
  const users = await columnCells(page, 'User')
  expect(users.length).toBeGreaterThan(0)
  expect(users.filter((u) => !members.has(u))).toEqual([])

  await notice.getByRole('link', { name: 'Show all users' }).click()
  await expect(page.getByTestId('group-notice')).toHaveCount(0)
  await expect(page).not.toHaveURL(/[?&]group=/)
  // Other journeys check seats out meanwhile: the page and the count are read again until they are of one moment.
  await expect(async () => {
    await page.reload()
    await expect(status(page)).toHaveText(new RegExp(`^${(await countOf([])).toLocaleString('en-GB')} transactions?`), {
      timeout: 2_000,
    })
  }).toPass()
  // The days of the link stay.
  expect(new URL(page.url()).searchParams.get('from')).toBe(url.searchParams.get('from'))
})
