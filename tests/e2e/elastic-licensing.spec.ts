/**
 * Elastic Licensing, with JavaScript off and on: the active and inactive grids with
 * the demo figures, sections that fold and unfold, a filter, a sort and the saved view
 * after a reload, the credit forecast, a low-balance threshold set (and its e-mail under
 * Emails) and refused to a view-only user, and the way to Leases/Perpetuals for a
 * customer without elastic records.
 *
 * Saved views belong to a user and thresholds to an entitlement, so each project signs
 * in as its own Borealis administrator and sets the threshold of its own entitlement.
 */
import { expect, test, type Page, type TestInfo } from './support/test'
import { gotoPortal, signIn } from './support/auth'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { jsEnabled } from './support/env'
import { mainNav } from './support/shell'
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
import { demoActivationId, ELASTIC_KEYS } from '../../db/seed-entitlements'

test.describe.configure({ mode: 'serial', timeout: 120_000 })

const BOREALIS = '1000002'
const ACME = '1000001'
const COBALT = '1000003'
const screen = (customer: string) => `/elastic?customer=${customer}`

/** Each project's user (saved views) and entitlement (threshold): no other journey touches them. */
const userFor = (testInfo: TestInfo) =>
  jsEnabled(testInfo) ? 'marta.lindqvist@borealis.example' : 'partner@channel.example'
const thresholdEntitlement = (testInfo: TestInfo) =>
  jsEnabled(testInfo)
    ? { id: demoActivationId(ELASTIC_KEYS.borealisMain), total: 45_000 }
    : { id: demoActivationId(ELASTIC_KEYS.borealisLight), total: 40_000 }

const COLUMNS = [
  'Entitlement',
  'Count',
  'Start Date',
  'Expiration Date',
  'Remaining Days',
  'Total',
  'Remaining',
  'Currency',
  'Used Percentage',
  'Rate Table',
]

const creditCard = (page: Page, activationId: string) => page.locator(`[data-credit="${activationId}"]`)

async function start(page: Page, testInfo: TestInfo, customer = BOREALIS) {
  await signIn(page, userFor(testInfo))
  // The default view of both grids: a page load of it saves the empty preference.
  await gotoPortal(page, `${screen(customer)}&a.size=20&i.size=20`)
  await expect(page.getByRole('heading', { level: 1, name: 'Elastic Licensing' })).toBeVisible()
}

test('active and inactive elastic entitlements with the demo figures', async ({ page }, testInfo) => {
  await start(page, testInfo)
  await expect(status(page, 'Active Entitlements')).toHaveText('2 entitlements')
  await expect(status(page, 'Inactive Entitlements')).toHaveText('4 entitlements')
  expect(await headerTexts(page, 'Active Entitlements')).toEqual(COLUMNS)
  expect(await headerTexts(page, 'Inactive Entitlements')).toEqual(COLUMNS)

  // Entitlement as product/activation id; end date descending; EUR; figures with commas.
  const main = demoActivationId(ELASTIC_KEYS.borealisMain)
  const light = demoActivationId(ELASTIC_KEYS.borealisLight)
  expect(await columnCells(page, 'Active Entitlements', 'Entitlement')).toEqual([
    `Ansys Elastic Units/${light}`,
    `Ansys Elastic Units/${main}`,
  ])
  expect(await columnCells(page, 'Active Entitlements', 'Total')).toEqual(['40,000.0', '45,000.0'])
  expect(await columnCells(page, 'Active Entitlements', 'Currency')).toEqual(['EUR', 'EUR'])
  // The bars are real progress bars with their figure beside them.
  const used = table(page, 'Active Entitlements').getByRole('progressbar', { name: `Used, ${main}` })
  await expect(used).toBeVisible()
  const pct = Number(await used.getAttribute('value'))
  expect(pct).toBeGreaterThanOrEqual(1)
  expect(pct).toBeLessThanOrEqual(99)
  expect(await columnCells(page, 'Active Entitlements', 'Used Percentage')).toContain(`${pct}%`)
  // Rate Table: the version up to its first dot, a link to the terms page.
  const rateLinks = table(page, 'Active Entitlements').getByRole('link', { name: /rate table terms/ })
  await expect(rateLinks).toHaveCount(2)
  await expect(rateLinks.first()).toHaveAttribute('href', /^https?:\/\//)
  for (const label of await columnCells(page, 'Active Entitlements', 'Rate Table'))
    expect(label).toMatch(/^\d{4}\s+rate table terms/)

  // Inactive: not started, expired (also on its last day) and used up, each said in words.
  const remaining = await columnCells(page, 'Inactive Entitlements', 'Remaining Days')
  expect(remaining.filter((t) => t.includes('NOT STARTED'))).toHaveLength(1)
  expect(remaining.filter((t) => t.includes('EXPIRED'))).toHaveLength(2)
  expect(await columnCells(page, 'Inactive Entitlements', 'Used Percentage')).toContain('100%')
  await expect(page.getByRole('button', { name: 'Clear Filters' })).toHaveCount(2)
  await expect(section(page, 'Active Entitlements').getByRole('button', { name: 'Reset View' })).toBeDisabled()
  await expectNoSeriousA11yViolations(page)
})

test('the sections fold and unfold, each on its own, and a closed one shows nothing', async ({ page }, testInfo) => {
  await start(page, testInfo)
  await expect(toggle(page, 'Active Entitlements')).toHaveAttribute('aria-expanded', 'true')
  await toggle(page, 'Active Entitlements').click()
  await expect(page).toHaveURL(/closed=active/)
  await expect(toggle(page, 'Active Entitlements')).toHaveAttribute('aria-expanded', 'false')
  await expect(table(page, 'Active Entitlements')).toHaveCount(0)
  await expect(rows(page, 'Inactive Entitlements')).toHaveCount(4)

  await toggle(page, 'Inactive Entitlements').click()
  await expect(toggle(page, 'Inactive Entitlements')).toHaveAttribute('aria-expanded', 'false')
  await expect(table(page, 'Inactive Entitlements')).toHaveCount(0)

  await toggle(page, 'Active Entitlements').click()
  await expect(toggle(page, 'Active Entitlements')).toHaveAttribute('aria-expanded', 'true')
  await expect(rows(page, 'Active Entitlements')).toHaveCount(2)
  await expect(table(page, 'Inactive Entitlements')).toHaveCount(0)
  await toggle(page, 'Inactive Entitlements').click()
  await expect(rows(page, 'Inactive Entitlements')).toHaveCount(4)
  await expect(page).not.toHaveURL(/closed=/)
})

test('a filter, a sort, and the saved view after a reload', async ({ page }, testInfo) => {
  const js = jsEnabled(testInfo)
  await start(page, testInfo)
  const light = demoActivationId(ELASTIC_KEYS.borealisLight)

  // Remaining Days N: at least N days left (spec 2 section 5). Only the light one has 300.
  await filterBy(page, js, 'Active Entitlements', 'Remaining Days', 'remainingDays', '300')
  await expect(rows(page, 'Active Entitlements')).toHaveCount(1)
  expect(await columnCells(page, 'Active Entitlements', 'Entitlement')).toEqual([`Ansys Elastic Units/${light}`])
  await expect(status(page, 'Active Entitlements')).toHaveText('1 entitlement matches the filters')
  // The other grid is not filtered.
  await expect(rows(page, 'Inactive Entitlements')).toHaveCount(4)
  await section(page, 'Active Entitlements').getByRole('button', { name: 'Clear Filters' }).click()
  await expect(rows(page, 'Active Entitlements')).toHaveCount(2)

  // Sort the inactive grid by Total, ascending.
  await sortLink(page, 'Inactive Entitlements', 'Total', 'ascending').click()
  await settled(page, 'Inactive Entitlements')
  await expect(page).toHaveURL(/i\.sort=total\.asc/)
  const totals = (await columnCells(page, 'Inactive Entitlements', 'Total')).map((t) => Number(t.replace(/,/g, '')))
  expect(totals).toEqual([...totals].sort((a, b) => a - b))

  // The view is saved: opening the screen again shows it.
  if (js) {
    await page.waitForResponse(
      (r) => r.url().includes('/resources/grid/inActiveEntitlements') && r.request().method() === 'POST',
      { timeout: 15_000 },
    )
  }
  await gotoPortal(page, screen(BOREALIS))
  await expect(page).toHaveURL(/i\.sort=total\.asc/)
  await settled(page, 'Inactive Entitlements')
  expect((await columnCells(page, 'Inactive Entitlements', 'Total')).map((t) => Number(t.replace(/,/g, '')))).toEqual(
    totals,
  )

  // Reset View goes back to the default (and saves it).
  await section(page, 'Inactive Entitlements').getByRole('button', { name: 'Reset View' }).click()
  await expect(page).not.toHaveURL(/i\.sort=/)
  await expect(section(page, 'Inactive Entitlements').getByRole('button', { name: 'Reset View' })).toBeDisabled()
})

test('the credit forecast, and a view-only user cannot set a threshold', async ({ page }) => {
  await signIn(page, 'lena.fischer@acme.example')
  await gotoPortal(page, `${screen(ACME)}&a.size=20&i.size=20`)
  const steady = demoActivationId(ELASTIC_KEYS.acmeSteady)
  const quiet = demoActivationId(ELASTIC_KEYS.acmeQuiet)
  const forecast = section(page, 'Credit forecast')
  await expect(forecast.getByRole('heading', { level: 3 })).toHaveCount(2)

  const runsOut = creditCard(page, steady).locator('[data-forecast-text]')
  await expect(runsOut).toHaveText(/^Runs out around \d{4}-\d{2}-\d{2}/)
  await expect(creditCard(page, quiet).locator('[data-forecast-text]')).toHaveText(/No usage in the last 30 days/)
  // The same date beside Remaining in the active grid.
  const date = /\d{4}-\d{2}-\d{2}/.exec(await runsOut.innerText())?.[0]
  expect((await columnCells(page, 'Active Entitlements', 'Remaining')).join('\n')).toContain(`Runs out around ${date}`)
  // The chart is an image whose text alternative states the figures.
  const chart = creditCard(page, steady).getByRole('img')
  await expect(chart).toHaveAccessibleName(new RegExp(`Credit burn-down of .*${steady}`))
  await expect(chart).toHaveAccessibleDescription(
    /Remaining [\d,.]+ USD of [\d,.]+ USD; [\d,.]+ used in the last 30 days/,
  )

  // View-only: the form is there, disabled, with the reason.
  const field = creditCard(page, steady).getByLabel(/Low-balance threshold/)
  await expect(field).toBeDisabled()
  await expect(creditCard(page, steady).getByRole('button', { name: /Save threshold/ })).toBeDisabled()
  await expect(
    creditCard(page, steady).getByText('You have view-only access: low-balance thresholds cannot be changed.'),
  ).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // A post made anyway is refused.
  const refused = await page.request.post(screen(ACME), {
    form: { intent: 'threshold', activationId: steady, threshold: '100' },
  })
  expect(refused.status()).toBe(403)
  expect(await refused.text()).toContain('View-only users cannot change low-balance thresholds.')
})

test('an administrator sets a low-balance threshold and the e-mail is under Emails', async ({ page }, testInfo) => {
  const js = jsEnabled(testInfo)
  const { id, total } = thresholdEntitlement(testInfo)
  await start(page, testInfo)
  const card = creditCard(page, id)
  const field = card.getByLabel(/Low-balance threshold/)
  const save = card.getByRole('button', { name: /Save threshold/ })

  // A wrong value comes back with its message (without JavaScript from the server, status 400).
  await field.fill('a lot')
  if (js) {
    await save.click()
  } else {
    const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), save.click()])
    expect(response.status()).toBe(400)
  }
  await expect(card.getByText('Enter the threshold as a number', { exact: false })).toBeVisible()
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await field.fill(String(total + 1))
  await save.click()
  await expect(card.getByText(/cannot be above the entitlement's total/)).toBeVisible()

  // The whole total: the remaining credit is already below it, so the e-mail goes at once.
  await field.fill(String(total))
  await save.click()
  await expect(page.getByText(`The low-balance threshold of ${id} is now`, { exact: false })).toBeVisible()
  await expect(page.getByText(/the e-mail has been sent/)).toBeVisible()
  await expect(card.getByText(/The low-balance e-mail was sent on \d{4}-\d{2}-\d{2}/)).toBeVisible()
  await expect(card.getByLabel(/Low-balance threshold/)).toHaveValue(String(total))

  await gotoPortal(page, `/emails?customer=${BOREALIS}&size=20`)
  await expect(
    page
      .getByRole('region', { name: 'Emails table' })
      .getByRole('cell', { name: new RegExp(`^Elastic credit low: .*\\(${id}\\)$`) }),
  ).toBeVisible()

  // Clearing it (an empty field) leaves the entitlement without a threshold.
  await gotoPortal(page, screen(BOREALIS))
  await creditCard(page, id)
    .getByLabel(/Low-balance threshold/)
    .fill('')
  await creditCard(page, id)
    .getByRole('button', { name: /Save threshold/ })
    .click()
  await expect(page.getByText(`The low-balance threshold of ${id} has been cleared.`)).toBeVisible()
  await expect(creditCard(page, id).getByText('No low-balance threshold is set.', { exact: true })).toBeVisible()
})

test('a customer without elastic records is sent to Leases/Perpetuals, unless it came from the menu', async ({
  page,
}) => {
  await signIn(page, 'wei.chen@cobalt.example')
  await gotoPortal(page, screen(COBALT))
  await expect(page).toHaveURL(`/ssl?customer=${COBALT}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Leases/Perpetuals' })).toBeVisible()

  // The side menu's link says where it comes from: the screen then shows, and points on.
  await mainNav(page).getByRole('link', { name: 'Elastic Licensing', exact: true }).click()
  await expect(page).toHaveURL(`/elastic?fromLeftMenu=true&customer=${COBALT}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Elastic Licensing' })).toBeVisible()
  await expect(page.getByTestId('no-elastic')).toContainText('This customer has no elastic entitlements.')
  await page.getByTestId('no-elastic').getByRole('link', { name: 'Leases/Perpetuals' }).click()
  await expect(page).toHaveURL(`/ssl?customer=${COBALT}`)
})
