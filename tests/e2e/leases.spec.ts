/**
 * Leases/Perpetuals, with JavaScript off and on: the active and inactive grids with
 * the demo figures (permanent entitlements with their maintenance end, evaluations,
 * the manual drawdown line never shown), pages of 20 rows, sections that fold and
 * unfold, the Remaining Days and Expiration Date filters, a sort and the saved view
 * after a reload.
 *
 * Saved views belong to a user, so each project signs in as its own Borealis user,
 * whom no other journey opens this screen with.
 */
import { expect, test, type Page, type TestInfo } from './support/test'
import { gotoPortal, signIn } from './support/auth'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { jsEnabled } from './support/env'
import {
  columnCells,
  filterBy,
  headerTexts,
  rows,
  section,
  settled,
  sortLink,
  status,
  table,
  toggle,
} from './support/entitlement-grids'

test.describe.configure({ mode: 'serial', timeout: 120_000 })

const BOREALIS = '1000002'
const SCREEN = `/ssl?customer=${BOREALIS}`
const COLUMNS = [
  'Entitlement',
  'License Model',
  'Count',
  'Start Date',
  'Expiration Date',
  'Remaining Days',
  'Total Activated',
]
/** Borealis: 9 active leases and perpetuals of every kind plus 36 more, and 3 inactive ones. */
const ACTIVE = 45
const INACTIVE = 3

const userFor = (testInfo: TestInfo) => (jsEnabled(testInfo) ? 'ole.hansen@borealis.example' : 'support@vendor.example')

async function start(page: Page, testInfo: TestInfo) {
  await signIn(page, userFor(testInfo))
  await gotoPortal(page, `${SCREEN}&a.size=20&i.size=20`)
  await expect(page.getByRole('heading', { level: 1, name: 'Leases/Perpetuals' })).toBeVisible()
}

const numbers = (texts: string[]) => texts.map((t) => Number(t.replace(/,/g, '')))

test('active and inactive leases and perpetuals with the demo figures, 20 rows a page', async ({ page }, testInfo) => {
  await start(page, testInfo)
  await expect(status(page, 'Active Entitlements')).toHaveText(`${ACTIVE} entitlements`)
  await expect(status(page, 'Inactive Entitlements')).toHaveText(`${INACTIVE} entitlements`)
  expect(await headerTexts(page, 'Active Entitlements')).toEqual(COLUMNS)
  await expect(rows(page, 'Active Entitlements')).toHaveCount(20)
  await expect(section(page, 'Active Entitlements').getByText('Page 1 of 3')).toBeVisible()

  // End date descending puts the permanent ones first, each with its maintenance end.
  const ends = await columnCells(page, 'Active Entitlements', 'Expiration Date')
  expect(ends[0]).toMatch(/^PERMANENT\s+Maintenance ends on \d{4}-\d{2}-\d{2}$/)
  expect(ends[1]).toMatch(/^PERMANENT\s+Maintenance ends on \d{4}-\d{2}-\d{2}$/)
  expect(ends.slice(2).every((e) => /^\d{4}-\d{2}-\d{2}$/.test(e))).toBe(true)
  expect((await columnCells(page, 'Active Entitlements', 'Remaining Days')).slice(0, 2)).toEqual([
    'PERMANENT',
    'PERMANENT',
  ])
  // Product name above the activation id; the licence model's group; whole counts.
  const first = (await columnCells(page, 'Active Entitlements', 'Entitlement'))[0]
  expect(first).toMatch(/^Ansys .+\n[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/)
  for (const model of await columnCells(page, 'Active Entitlements', 'License Model'))
    expect(['Network', 'Shared Web', 'FSA', 'Node Locked', 'Named User']).toContain(model)
  for (const n of numbers(await columnCells(page, 'Active Entitlements', 'Total Activated')))
    expect(Number.isInteger(n) && n >= 0).toBe(true)
  await expect(table(page, 'Active Entitlements').getByRole('progressbar').first()).toBeVisible()

  // Inactive: not started and expired (also on its last day).
  const inactive = await columnCells(page, 'Inactive Entitlements', 'Remaining Days')
  expect(inactive.filter((t) => t === 'NOT STARTED')).toHaveLength(1)
  expect(inactive.filter((t) => t === 'EXPIRED')).toHaveLength(2)
  // The manual drawdown line is never listed.
  await expect(page.getByText('Flexible Spending Account Manual Drawdown')).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)

  // The evaluation is marked; page 3 holds the last 5.
  await section(page, 'Active Entitlements').getByRole('link', { name: 'Next page' }).click()
  await expect(section(page, 'Active Entitlements').getByText('Page 2 of 3')).toBeVisible()
  await section(page, 'Active Entitlements').getByRole('link', { name: 'Next page' }).click()
  await expect(section(page, 'Active Entitlements').getByText('Page 3 of 3')).toBeVisible()
  await expect(rows(page, 'Active Entitlements')).toHaveCount(ACTIVE - 40)
  await expect(page).toHaveURL(/a\.page=3/)
  // The other grid stays where it was.
  await expect(rows(page, 'Inactive Entitlements')).toHaveCount(INACTIVE)
})

test('the sections fold and unfold without losing the other grid', async ({ page }, testInfo) => {
  await start(page, testInfo)
  await toggle(page, 'Inactive Entitlements').click()
  await expect(page).toHaveURL(/closed=inactive/)
  await expect(toggle(page, 'Inactive Entitlements')).toHaveAttribute('aria-expanded', 'false')
  await expect(table(page, 'Inactive Entitlements')).toHaveCount(0)
  await expect(rows(page, 'Active Entitlements')).toHaveCount(20)
  await toggle(page, 'Inactive Entitlements').click()
  await expect(toggle(page, 'Inactive Entitlements')).toHaveAttribute('aria-expanded', 'true')
  await expect(rows(page, 'Inactive Entitlements')).toHaveCount(INACTIVE)
})

test('at 1366 px, beside the open sidebar, all seven columns fit without scrolling sideways', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 900 })
  await start(page, testInfo)
  for (const name of ['Active Entitlements', 'Inactive Entitlements'] as const) {
    const box = table(page, name)
    await expect(box).toBeVisible()
    const { scrollWidth, clientWidth } = await box.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }))
    expect(scrollWidth, `${name}: the table's width within its box`).toBeLessThanOrEqual(clientWidth)
  }
})

test('the Remaining Days and Expiration Date filters, a sort, and the saved view', async ({ page }, testInfo) => {
  const js = jsEnabled(testInfo)
  await start(page, testInfo)

  // 'permanent' in Remaining Days: the two perpetuals.
  await filterBy(page, js, 'Active Entitlements', 'Remaining Days', 'remainingDays', 'permanent')
  await expect(rows(page, 'Active Entitlements')).toHaveCount(2)
  const maintenance = (await columnCells(page, 'Active Entitlements', 'Expiration Date'))[0].replace(
    /^PERMANENT\s+/,
    '',
  )
  await section(page, 'Active Entitlements').getByRole('button', { name: 'Clear Filters' }).click()
  await expect(rows(page, 'Active Entitlements')).toHaveCount(20)

  // 'Maintenance ends on <day>' in Expiration Date: that perpetual only.
  await filterBy(page, js, 'Active Entitlements', 'Expiration Date', 'endDate', maintenance)
  await expect(rows(page, 'Active Entitlements')).toHaveCount(1)
  expect((await columnCells(page, 'Active Entitlements', 'Expiration Date'))[0]).toContain(maintenance)
  await section(page, 'Active Entitlements').getByRole('button', { name: 'Clear Filters' }).click()
  await expect(rows(page, 'Active Entitlements')).toHaveCount(20)

  // Sort by Count, ascending, on the server: page 1 holds the smallest.
  await sortLink(page, 'Active Entitlements', 'Count', 'ascending').click()
  await settled(page, 'Active Entitlements')
  await expect(page).toHaveURL(/a\.sort=count\.asc/)
  const counts = numbers(await columnCells(page, 'Active Entitlements', 'Count'))
  expect(counts).toEqual([...counts].sort((a, b) => a - b))
  expect(counts[0]).toBe(1)

  if (js) {
    await page.waitForResponse(
      (r) => r.url().includes('/resources/grid/leaseAndPerpetualsActive') && r.request().method() === 'POST',
      { timeout: 15_000 },
    )
  }
  await gotoPortal(page, SCREEN)
  await expect(page).toHaveURL(/a\.sort=count\.asc/)
  await settled(page, 'Active Entitlements')
  expect(numbers(await columnCells(page, 'Active Entitlements', 'Count'))).toEqual(counts)

  await section(page, 'Active Entitlements').getByRole('button', { name: 'Reset View' }).click()
  await expect(page).not.toHaveURL(/a\.sort=/)
  await expect(section(page, 'Active Entitlements').getByRole('button', { name: 'Reset View' })).toBeDisabled()
})
