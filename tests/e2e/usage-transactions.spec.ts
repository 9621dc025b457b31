/**
 * Usage Transactions (/transactions), with JavaScript off and on: the header
 * lines, the date-range presets (rolling, Max, Last month), a custom range
 * through the calendar, Active Sessions, a filter, the confirmation before a
 * preset clears the filters, the saved view after a reload, Reset View, the
 * CSV export's contents, 390 px without page scroll, and axe.
 *
 * A session with a formula-like product version and a project that needs
 * quoting is recorded through the API first (still running, so it is in every range and
 * costs nothing). Saved views belong to a user: each project signs in as a
 * different user of 1000001, and the tests of this file run one after the other.
 */
import fs from 'node:fs'
import { expect, test, type Page, type TestInfo } from './support/test'
import { gotoPortal, signIn } from './support/auth'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { jsEnabled } from './support/env'
import { applyFiltersButton, gridLocators } from './support/grid'
import { mainRegion } from './support/shell'
import { getAccessToken } from '../support/tokens'
import { RATED_PRODUCTS } from '../../app/domain/elastic-rates'
import { dayLabel } from '../../app/view/range-calendar'
import { presetRange, rangeDays, USAGE_PRESETS } from '../../app/domain/date-presets'

test.describe.configure({ mode: 'serial', timeout: 120_000 })

const ACME = '1000001'
const PAGE = `/transactions?customer=${ACME}`
const RECORDED_USER = 'e2e.recorder'
/** The API refuses a formula-like product, user, host or project; a version is free text. */
const FORMULA_VERSION = '=SUM(1)'
const QUOTED_PROJECT = 'Wing, Box "E2E"'
const DAY_MS = 86_400_000
const CONFIRM_QUESTION = 'Action will clear all current filters. Do you wish to continue?'

const userFor = (testInfo: TestInfo) => (jsEnabled(testInfo) ? 'admin@acme.example' : 'raj.patel@acme.example')
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)

const { grid, headerTexts, columnCells, settled } = gridLocators('Usage Transactions table')
const rangeText = (page: Page) => page.getByTestId('range-days')
const expectRange = (page: Page, from: string, to: string) =>
  expect(rangeText(page)).toHaveText(`From: ${from} To: ${to}`)
const status = (page: Page) =>
  mainRegion(page)
    .getByRole('status')
    .filter({ hasText: /transactions?\b|Getting/ })
/** The number of transactions the status line tells. */
async function count(page: Page): Promise<number> {
  await expect(status(page)).toHaveText(/^[\d,]+ transactions?/)
  return Number((await status(page).innerText()).match(/^([\d,]+)/)![1].replace(/,/g, ''))
}

/** Opens the date menu and picks an entry. */
async function choose(page: Page, label: string) {
  await page.locator('summary').filter({ hasText: 'Date range:' }).click()
  const menu = page.getByRole('list', { name: 'Date range' })
  if (label === 'Custom') {
    await menu.getByText('Custom', { exact: true }).click()
  } else {
    await menu.getByRole('link', { name: label, exact: true }).click()
  }
}

async function filterUser(page: Page, js: boolean, text: string) {
  await page.getByLabel('Filter User', { exact: true }).fill(text)
  if (!js) await applyFiltersButton(page).click()
  await expect(page).toHaveURL(/f\.user=/)
  await settled(page)
}

async function start(page: Page, testInfo: TestInfo, path = PAGE) {
  await signIn(page, userFor(testInfo))
  await gotoPortal(page, path)
  await expect(page.getByRole('heading', { name: 'Usage Transactions', level: 1 })).toBeVisible()
  await settled(page)
}

test.beforeAll(async ({ baseURL }) => {
  // A running session of Acme's with values a CSV must quote and neutralise.
  const admin = await getAccessToken(baseURL!, 'admin@acme.example')
  const listed = await fetch(`${baseURL}/api/getEntitlements`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ customerNumber: ACME }),
  })
  const entitlements = ((await listed.json()) as { data: { ActivationId: string }[] }).data
  const support = await getAccessToken(baseURL!, 'support@vendor.example')
  for (const { ActivationId } of entitlements) {
    const res = await fetch(`${baseURL}/api/usage/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${support}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        customerNumber: ACME,
        activationId: ActivationId,
        startTime: new Date(Date.now() - 30 * 60_000).toISOString(),
        endTime: null,
        product: RATED_PRODUCTS[0],
        user: RECORDED_USER,
        host: 'e2e-host',
        project: QUOTED_PROJECT,
        productVersion: FORMULA_VERSION,
      }),
    })
    if (res.ok) return
  }
  throw new Error('no elastic entitlement of Acme took the session')
})

test('the default view: 1 Day, the header lines, the grid’s columns and the running session', async ({
  page,
}, testInfo) => {
  await start(page, testInfo)
  const main = mainRegion(page)
  await expect(main.getByText(/^Last received transaction: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/)).toBeVisible()
  await expect(main.getByRole('link', { name: '(refresh)' })).toBeVisible()
  await expect(main.getByText('Transactions may be delayed by up to 30 minutes.')).toBeVisible()
  await expect(page.locator('summary').filter({ hasText: 'Date range:' })).toHaveText(/Date range: 1 Day/)
  const now = Date.now()
  await expectRange(page, day(now - DAY_MS), day(now))
  expect(await count(page)).toBeGreaterThan(0)
  expect(await headerTexts(page)).toEqual([
    'Start Time',
    'End Time',
    'Product',
    'ProductCount',
    'Hours',
    'Cost',
    'Currency',
    'User',
    'Host',
    'Project',
    'Session ID',
    'SessionStatus',
    'External IP',
    'productVersion',
    // Acme has cloud job ids, so the column shows.
    'ansysCloudJobId',
  ])
  expect(await columnCells(page, 'User')).toContain(RECORDED_USER)
  for (const hours of await columnCells(page, 'Hours'))
    expect(Number(hours.replace(/,/g, ''))).toBeGreaterThanOrEqual(0.01)
  await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Reset View' })).toBeDisabled()
  // 'Data Length: x of y' is there on request only.
  await expect(page.getByText(/^Data Length:/)).toHaveCount(0)
  await page.getByRole('link', { name: 'Show data length' }).click()
  await expect(page).toHaveURL(/dl=1/)
  await expect(page.getByText(/^Data Length: \d+ of [\d,]+ \(hide\)$/)).toBeVisible()
  await page.getByRole('link', { name: '(hide)' }).click()
  await expect(page.getByText(/^Data Length:/)).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
})

test('a customer without cloud job ids gets no cloud job column', async ({ page }) => {
  await signIn(page, 'partner@channel.example')
  await gotoPortal(page, '/transactions?customer=1000002&range=max')
  await settled(page)
  expect(await columnCells(page, 'User')).not.toHaveLength(0)
  const headers = await headerTexts(page)
  expect(headers.at(-1)).toBe('productVersion')
  expect(headers).not.toContain('ansysCloudJobId')
})

test('presets: 5 Days, Last month and Max; the saved view after a reload; Reset View', async ({ page }, testInfo) => {
  await start(page, testInfo)
  const oneDay = await count(page)

  await choose(page, '5 Days')
  await expect(page).toHaveURL(/range=5d/)
  const now = Date.now()
  await expectRange(page, day(now - 5 * DAY_MS), day(now))
  await expect(page.getByRole('button', { name: 'Reset View' })).toBeEnabled()

  await choose(page, 'Last month')
  await expect(page).toHaveURL(/range=lastMonth/)
  const today = new Date()
  const firstOfMonth = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1)
  const firstOfLastMonth = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1)
  await expectRange(page, day(firstOfLastMonth), day(firstOfMonth - 1))
  await settled(page)
  // Sessions that overlap the month: each started before its end.
  for (const start of await columnCells(page, 'Start Time')) expect(start < day(firstOfMonth)).toBe(true)

  await choose(page, 'Max')
  await expect(page).toHaveURL(/range=max/)
  await expectRange(page, '2018-01-01', day(Date.now()))
  await settled(page)
  expect(await count(page)).toBeGreaterThan(oneDay)

  // The saved view: the page without a view in its address comes back to Max.
  if (jsEnabled(testInfo)) await page.waitForResponse((r) => r.url().includes('/resources/grid/UsageTransactions'))
  await gotoPortal(page, PAGE)
  await expect(page).toHaveURL(/range=max/)
  await expect(page.locator('summary').filter({ hasText: 'Date range:' })).toHaveText(/Date range: Max/)

  await page.getByRole('button', { name: 'Reset View' }).click()
  await expect(page).not.toHaveURL(/range=/)
  await expectRange(page, day(Date.now() - DAY_MS), day(Date.now()))
  await expect(page.getByRole('button', { name: 'Reset View' })).toBeDisabled()
})

test('every preset of the menu applies its range (the rules themselves have unit tests)', async ({
  page,
}, testInfo) => {
  await start(page, testInfo)
  for (const preset of USAGE_PRESETS) {
    await choose(page, preset.label)
    // The default, 1 Day, is the view without a range in its address.
    if (preset.id === '1d') await expect(page).not.toHaveURL(/range=/)
    else await expect(page).toHaveURL(new RegExp(`range=${preset.id}(&|$)`))
    const days = rangeDays(presetRange(preset.id, Date.now()))
    await expectRange(page, days.from, days.to)
    await expect(page.locator('summary').filter({ hasText: 'Date range:' })).toHaveText(
      new RegExp(`^Date range: ${preset.label}\\W*$`),
    )
  }
  await page.getByRole('button', { name: 'Reset View' }).click()
  await expect(page).not.toHaveURL(/range=/)
})

test('a custom range through the calendar', async ({ page }, testInfo) => {
  await start(page, testInfo)
  await choose(page, 'Custom')
  const calendar = page.getByRole('region', { name: 'Custom date range' })
  await expect(calendar).toBeVisible()
  const today = new Date()
  const lastMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1))
  const [y, m] = [lastMonth.getUTCFullYear(), lastMonth.getUTCMonth()]
  const pad = (n: number) => String(n).padStart(2, '0')
  const dayName = (d: number) => ({ name: dayLabel(`${y}-${pad(m + 1)}-${pad(d)}`), exact: true })
  await expect(calendar.getByRole('button', { name: 'Okay' })).toBeDisabled()
  await calendar.getByRole(jsEnabled(testInfo) ? 'button' : 'link', dayName(3)).click()
  await calendar.getByRole(jsEnabled(testInfo) ? 'button' : 'link', dayName(12)).click()
  await calendar.getByRole('link', { name: 'Okay' }).click()
  const [from, to] = [`${y}-${pad(m + 1)}-03`, `${y}-${pad(m + 1)}-12`]
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`))
  await expectRange(page, from, to)
  await expect(page.locator('summary').filter({ hasText: 'Date range:' })).toHaveText(/Date range: Custom/)
  await settled(page)
  for (const start of await columnCells(page, 'Start Time')) expect(start < `${to} 24`).toBe(true)
  await page.getByRole('button', { name: 'Reset View' }).click()
  await expect(page).not.toHaveURL(/from=/)
})

test('Active Sessions shows the running sessions only', async ({ page }, testInfo) => {
  const js = jsEnabled(testInfo)
  await start(page, testInfo)
  const all = await count(page)
  await page.getByLabel('Active Sessions').check()
  if (!js) await page.getByRole('button', { name: 'Apply Active Sessions' }).click()
  await expect(page).toHaveURL(/active=1/)
  await settled(page)
  const active = await count(page)
  expect(active).toBeGreaterThan(0)
  expect(active).toBeLessThanOrEqual(all)
  for (const status of await columnCells(page, 'SessionStatus')) expect(status).toBe('Active')
  expect(await columnCells(page, 'User')).toContain(RECORDED_USER)
  await expect(page.getByRole('button', { name: 'Reset View' })).toBeEnabled()
  await page.getByLabel('Active Sessions').uncheck()
  if (!js) await page.getByRole('button', { name: 'Apply Active Sessions' }).click()
  await expect(page).not.toHaveURL(/active=1/)
  await settled(page)
  expect(await count(page)).toBe(all)
})

test('a filter, and the confirmation before a preset: No keeps the filters, Yes clears them', async ({
  page,
}, testInfo) => {
  const js = jsEnabled(testInfo)
  await start(page, testInfo)
  await filterUser(page, js, 'e2e.rec')
  for (const user of await columnCells(page, 'User')) expect(user).toBe(RECORDED_USER)
  await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeEnabled()

  await choose(page, '5 Days')
  const question = page.getByText(CONFIRM_QUESTION)
  await expect(question).toBeVisible()
  const panel = js ? page.getByTestId('confirm-dialog') : page.getByTestId('confirm-panel')
  await expect(panel.getByText('Confirm', { exact: true })).toBeVisible()
  if (!js) await expectNoSeriousA11yViolations(page)
  await panel.getByRole('link', { name: 'No' }).click()
  await expect(question).toHaveCount(0)
  await expect(page).toHaveURL(/f\.user=/)
  await expect(page).not.toHaveURL(/range=5d|confirm=/)
  await expect(page.getByLabel('Filter User', { exact: true })).toHaveValue('e2e.rec')

  await choose(page, '5 Days')
  await expect(question).toBeVisible()
  await panel.getByRole('link', { name: 'Yes' }).click()
  await expect(question).toHaveCount(0)
  await expect(page).toHaveURL(/range=5d/)
  await expect(page).not.toHaveURL(/f\.user=/)
  await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeDisabled()
  await page.getByRole('button', { name: 'Reset View' }).click()
  await expect(page).not.toHaveURL(/range=/)
})

test('a numeric filter that is no number says so in place of the rows', async ({ page }, testInfo) => {
  const js = jsEnabled(testInfo)
  await start(page, testInfo)
  await page.getByLabel('Filter Hours (equals)', { exact: true }).fill('abc')
  if (!js) await applyFiltersButton(page).click()
  await expect(page).toHaveURL(/f\.hours=/)
  await settled(page)
  await expect(grid(page).getByRole('alert')).toHaveText("Hours takes a number; 'abc' is not one.")
  await expect(grid(page).getByRole('alert')).toBeInViewport()
  await page.getByRole('button', { name: 'Clear Filters' }).click()
  await expect(page).not.toHaveURL(/f\.hours=/)
  await settled(page)
  await expect(grid(page).getByRole('alert')).toHaveCount(0)
  expect((await columnCells(page, 'User')).length).toBeGreaterThan(0)
})

test('the CSV export: the grid’s columns, a quoted value, a formula neutralised', async ({ page }, testInfo) => {
  const js = jsEnabled(testInfo)
  await start(page, testInfo)
  await filterUser(page, js, 'e2e.rec')
  const shown = await count(page)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export as csv file' }).click(),
  ])
  const now = Date.now()
  expect([
    `ANSYSUsageTransactions_${ACME}_${day(now - DAY_MS)}_${day(now)}.csv`,
    // The export may be named a moment after the page's range was.
    `ANSYSUsageTransactions_${ACME}_${day(now - DAY_MS - 60_000)}_${day(now - 60_000)}.csv`,
  ]).toContain(download.suggestedFilename())
  const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '')
  const lines = text.split('\r\n')
  expect(lines.at(-1)).toBe('')
  expect(lines[0]).toBe((await headerTexts(page)).join(','))
  expect(lines.length - 2).toBe(shown)
  // RFC 4180 quoting, and a cell a spreadsheet would run gets an apostrophe.
  const recorded = lines.find((l) => l.includes('e2e-host'))
  expect(recorded).toContain(`,'${FORMULA_VERSION},`)
  expect(recorded).toContain(',"Wing, Box ""E2E""",')
  await page.getByRole('button', { name: 'Reset View' }).click()
  await expect(page).not.toHaveURL(/f\.user=/)
})

test('390 px wide: no horizontal page scroll, the table scrolls in its own box', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await start(page, testInfo)
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(await overflow()).toBeLessThanOrEqual(0)
  await choose(page, 'Custom')
  await expect(page.getByRole('region', { name: 'Custom date range' })).toBeVisible()
  expect(await overflow()).toBeLessThanOrEqual(0)
  await expectNoSeriousA11yViolations(page)
})
