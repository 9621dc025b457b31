/**
 * Elastic Statements (/statementv2), with JavaScript off and on: every option
 * of the date menu, a custom range through the calendar, the statement's
 * header, Usage by Purchase Order (a row opening into its products and pie
 * chart) and Usage by Product against the licensing API's own statement, a
 * period without usage, Reset View and the saved view after a reload, the
 * Weekly and Monthly statement e-mails with their confirmation and their
 * arrival under Emails, Export as PDF, axe, and 390 px without page scroll.
 * The PDF's contents have their own journey (statement-pdf.spec.ts).
 *
 * Saved views belong to a user: each project signs in as a different user of
 * 1000001, and the tests of this file run one after the other. Each test starts
 * from the default view's address, whose page load stores the default view.
 * The e-mails a test sends are deleted again (the outbox of 1000001 is counted
 * by the Emails journey).
 */
import fs from 'node:fs'
import { expect, test, type Locator, type Page, type TestInfo } from './support/test'
import { gotoPortal, signIn } from './support/auth'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { apiData } from './support/api'
import { jsEnabled } from './support/env'
import { applyFiltersButton, gridLocators } from './support/grid'
import { flashPanel, mainRegion } from './support/shell'
import { formatNumber } from '../../app/domain/entitlements'
import { presetRange, rangeDays, STATEMENT_PRESETS, type DatePresetId } from '../../app/domain/date-presets'
import { dayLabel } from '../../app/view/range-calendar'
import { PO_FIELD, type StatementData, type StatementRecord } from '../../app/domain/statement-types'

// axe without JavaScript re-renders the page in a scratch browser, which takes a while.
test.describe.configure({ mode: 'serial', timeout: 120_000 })

const ACME = '1000001'
const BARE = `/statementv2?customer=${ACME}`
/** The default view with its parameters: loading it stores the default view. */
const DEFAULT_VIEW = `${BARE}&size=20`
const ADMIN = 'admin@acme.example'
/**
 * The statement e-mails are sent for Borealis (1000002), whose administrator is the partner:
 * Acme's outbox keeps the size other journeys count on.
 */
const BOREALIS = '1000002'
const MAILER = 'partner@channel.example'
const mailerFor = (testInfo: TestInfo) => (jsEnabled(testInfo) ? MAILER : 'busops@vendor.example')
const VIEW_ONLY_REFUSAL = 'View-only users cannot send statement e-mails.'
const EMAIL_QUESTION = (kind: 'Weekly' | 'Monthly') =>
  `Are you sure you want to send a ${kind} Statement email for this entitlement?`

const userFor = (testInfo: TestInfo) => (jsEnabled(testInfo) ? ADMIN : 'busops@vendor.example')
const DAY_MS = 86_400_000
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const presetDays = (id: DatePresetId) => rangeDays(presetRange(id, Date.now()))
const poLabel = (record: StatementRecord) => `PO ${record[PO_FIELD] || '(none)'} (${record.ActivationId})`
const amount = (value: number) => formatNumber(value, 2)

const poGrid = gridLocators('Usage by Purchase Order table')
const productGrid = gridLocators('Usage by Product table')
const section = (page: Page, name: string) => mainRegion(page).getByRole('region', { name, exact: true })
const poSection = (page: Page) => section(page, 'Usage by Purchase Order')
const productSection = (page: Page) => section(page, 'Usage by Product')
const menuSummary = (page: Page) => page.locator('summary').filter({ hasText: 'Statement period:' })
const calendar = (page: Page) => page.getByRole('region', { name: 'Custom date range' })
const headerField = (page: Page, term: string) => mainRegion(page).locator(`dd[data-field="${term}"]`)
const resetView = (page: Page) => poSection(page).getByRole('button', { name: 'Reset View' })

/** The period line and the header's Period Start and End. */
async function expectPeriod(page: Page, from: string, to: string) {
  await expect(page.getByTestId('range-days')).toHaveText(`From: ${from} To: ${to}`)
  await expect(headerField(page, 'Period Start')).toHaveText(from)
  await expect(headerField(page, 'Period End')).toHaveText(to)
}

/** The licensing API's statement of a period, as the customer's administrator asks for it. */
function apiStatement(baseURL: string, from: string, to: string, customer = ACME): Promise<StatementData> {
  return apiData<StatementData>(baseURL, customer === ACME ? ADMIN : MAILER, '/statements', {
    body: { from, to, today: day(Date.now()), customerNumber: customer },
  })
}

/** Signs in on `path` (the default view unless told) and waits for the statement. */
async function start(page: Page, testInfo: TestInfo, path = DEFAULT_VIEW, user = userFor(testInfo)) {
  await signIn(page, user, { start: path })
  await expect(page.getByRole('heading', { name: 'Elastic Statements', level: 1 })).toBeVisible()
  await poGrid.settled(page)
}

/** Opens the date menu and picks an entry. */
async function choose(page: Page, label: string) {
  await menuSummary(page).click()
  const menu = page.getByRole('list', { name: 'Statement period' })
  if (label === 'Custom') await menu.getByText('Custom', { exact: true }).click()
  else await menu.getByRole('link', { name: label, exact: true }).click()
}

/** With JavaScript, the next save of the PO grid's view whose query passes `view` (without it the page load saved it). */
function nextSave(page: Page, js: boolean, view: (query: string) => boolean): Promise<unknown> {
  if (!js) return Promise.resolve()
  return page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/resources/grid/elasticTransaction' &&
      r.request().method() === 'POST' &&
      view(new URLSearchParams(r.request().postData() ?? '').get('view') ?? ''),
    { timeout: 15_000 },
  )
}

const detailsToggle = (page: Page, record: StatementRecord, open: boolean) =>
  poGrid.grid(page).getByRole('link', { name: `${open ? 'Hide' : 'Show'} details of ${poLabel(record)}`, exact: true })

/** The shares a pie's legend lists ('Ansys HPC: 33.4 %'), as label and percent. */
async function legendShares(legend: Locator): Promise<{ label: string; share: number }[]> {
  const items = await legend.getByRole('listitem').allInnerTexts()
  return items.map((text) => {
    const match = /^(.+): (\d+(?:\.\d)?) %$/.exec(text.trim())
    expect(match, `a legend entry '${text}'`).not.toBeNull()
    return { label: match![1], share: Number(match![2]) }
  })
}

/** A pie's legend names every product (when there are few enough for a slice each), and its shares make 100 %. */
async function expectLegend(legend: Locator, products: string[]) {
  const shares = await legendShares(legend)
  if (products.length <= 9) expect(shares.map((s) => s.label)).toEqual(products)
  expect(Math.round(shares.reduce((sum, s) => sum + s.share, 0) * 10) / 10).toBe(100)
}

test('the header, Usage by Purchase Order and Usage by Product show the API’s statement of Last month', async ({
  page,
  baseURL,
}, testInfo) => {
  await start(page, testInfo)
  const { from, to } = presetDays('lastMonth')
  await expect(menuSummary(page)).toHaveText(/^Statement period: Last month\W*$/)
  await expectPeriod(page, from, to)
  await expect(mainRegion(page).getByRole('heading', { name: 'Elastic Licensing Summary Statement' })).toBeVisible()
  await expect(headerField(page, 'Report Date')).toHaveText(day(Date.now()))
  await expect(headerField(page, 'Customer')).toHaveText(`${ACME} - Acme Aerospace`)

  const statement = await apiStatement(baseURL!, from, to)
  expect(statement.Records.length, 'Acme has elastic entitlements last month').toBeGreaterThan(0)
  const records = [...statement.Records].sort((a, b) => a[PO_FIELD].localeCompare(b[PO_FIELD]))
  await expect(poSection(page).getByRole('status')).toHaveText(`${records.length} purchase orders`)
  expect(await poGrid.columnCells(page, 'Entitlement')).toEqual(records.map((r) => r.ActivationId))
  expect(await poGrid.columnCells(page, 'Balance on Period Start Date')).toEqual(
    records.map((r) => amount(r.BalanceBeforeStart)),
  )
  expect(await poGrid.columnCells(page, 'Balance on Period End Date')).toEqual(
    records.map((r) => amount(r.BalanceAtEnd)),
  )
  expect(await poGrid.columnCells(page, 'Period Used')).toEqual(records.map((r) => amount(r.Used)))
  expect(await poGrid.columnCells(page, 'Currency')).toEqual(records.map((r) => r.Currency))

  // Usage by Product: the API's totals, largest first (the grid's default sort), then its pie.
  expect(statement.Products.length).toBeGreaterThan(0)
  const products = productSection(page)
  await expect(productGrid.grid(page).getByRole('columnheader').filter({ hasText: 'Period Used' })).toHaveAttribute(
    'aria-sort',
    'descending',
  )
  expect(await productGrid.columnCells(page, 'Product')).toEqual(statement.Products.map((p) => p.product))
  const used = await productGrid.columnCells(page, 'Period Used')
  expect(used).toEqual(statement.Products.map((p) => amount(p.total)))
  const values = used.map((text) => Number(text.replace(/,/g, '')))
  expect(values).toEqual([...values].sort((a, b) => b - a))
  const currency = statement.Products[0].currency
  await expect(products.getByRole('img', { name: /^Pie chart: / })).toHaveAttribute(
    'aria-label',
    new RegExp(`^Pie chart: Period Used by product \\(${currency}\\)`),
  )
  await expectLegend(
    products.getByRole('list', { name: `Shares: Period Used by product (${currency})` }),
    statement.Products.filter((p) => p.currency === currency).map((p) => p.product),
  )

  // Loaded: Export as PDF is there and enabled.
  const pdf = poSection(page).getByRole(jsEnabled(testInfo) ? 'button' : 'link', { name: 'Export as PDF' })
  await expect(pdf).toBeEnabled()
})

test('each option of the date menu shows its period in the period line and the header', async ({ page }, testInfo) => {
  await start(page, testInfo)
  // Last month, the default, comes last: the view ends as it started.
  for (const preset of [...STATEMENT_PRESETS.slice(1), STATEMENT_PRESETS[0]]) {
    await choose(page, preset.label)
    if (preset.id === 'lastMonth') await expect(page).not.toHaveURL(/range=/)
    else await expect(page).toHaveURL(new RegExp(`range=${preset.id}(&|$)`))
    const { from, to } = presetDays(preset.id)
    await expectPeriod(page, from, to)
    await expect(menuSummary(page)).toHaveText(new RegExp(`^Statement period: ${preset.label}\\W*$`))
    await poGrid.settled(page)
  }
  // Custom opens the calendar; the period stays until a range is applied.
  await choose(page, 'Custom')
  await expect(calendar(page)).toBeVisible()
  const { from, to } = presetDays('lastMonth')
  await expectPeriod(page, from, to)
})

test('a custom range through the calendar: Okay waits for both days, an earlier second day restarts', async ({
  page,
  baseURL,
}, testInfo) => {
  const js = jsEnabled(testInfo)
  await start(page, testInfo)
  await choose(page, 'Custom')
  const picker = calendar(page)
  await expect(picker).toBeVisible()
  // The calendar opens on last month and this one.
  const now = new Date()
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
  const month = lastMonth.toISOString().slice(0, 7)
  const dayOf = (d: number) => `${month}-${String(d).padStart(2, '0')}`
  const pick = (d: number) => picker.getByRole(js ? 'button' : 'link', { name: dayLabel(dayOf(d)), exact: true })
  const status = picker.getByRole('status')
  const okay = (enabled: boolean) => picker.getByRole(enabled ? 'link' : 'button', { name: 'Okay' })

  await expect(okay(false)).toBeDisabled()
  await pick(12).click()
  await expect(status).toHaveText(`Start: ${dayLabel(dayOf(12))}. End: not chosen.`)
  await expect(okay(false)).toBeDisabled()
  // A second day before the first starts the range again from it.
  await pick(3).click()
  await expect(status).toHaveText(`Start: ${dayLabel(dayOf(3))}. End: not chosen.`)
  await expect(okay(false)).toBeDisabled()
  await pick(20).click()
  await expect(status).toHaveText(`Start: ${dayLabel(dayOf(3))}. End: ${dayLabel(dayOf(20))}.`)
  // Choosing days loads nothing: the period is still last month's.
  const last = presetDays('lastMonth')
  await expectPeriod(page, last.from, last.to)

  await okay(true).click()
  const [from, to] = [dayOf(3), dayOf(20)]
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`))
  await expectPeriod(page, from, to)
  await expect(menuSummary(page)).toHaveText(/^Statement period: Custom\W*$/)
  await expect(calendar(page)).toHaveCount(0)
  await poGrid.settled(page)
  const statement = await apiStatement(baseURL!, from, to)
  const records = [...statement.Records].sort((a, b) => a[PO_FIELD].localeCompare(b[PO_FIELD]))
  expect(await poGrid.columnCells(page, 'Period Used')).toEqual(records.map((r) => amount(r.Used)))

  await resetView(page).click()
  await expect(page).not.toHaveURL(/from=/)
  await expectPeriod(page, last.from, last.to)
})

test('a purchase order opens into its products and their pie chart, and closes again', async ({
  page,
  baseURL,
}, testInfo) => {
  await start(page, testInfo)
  const { from, to } = presetDays('lastMonth')
  const statement = await apiStatement(baseURL!, from, to)
  const record = statement.Records.find((r) => r.Products.length > 1)
  expect(record, 'a purchase order with several products last month').toBeDefined()
  const { ActivationId: id } = record!

  // With JavaScript, opening a row asks the server for nothing of this screen (shouldRevalidate).
  const screenDataRequests: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (!url.pathname.endsWith('.data')) return
    const routes = url.searchParams.get('_routes')
    if (routes === null || routes.split(',').includes('routes/_portal.statementv2')) screenDataRequests.push(url.href)
  })

  const show = detailsToggle(page, record!, false)
  await expect(show).toHaveAttribute('aria-expanded', 'false')
  await show.click()
  await expect(page).toHaveURL(new RegExp(`open=${id}`))
  const hide = detailsToggle(page, record!, true)
  await expect(hide).toHaveAttribute('aria-expanded', 'true')
  const details = page.locator(`#${await hide.getAttribute('aria-controls')}`)
  const table = details.getByRole('table', { name: `Products of ${poLabel(record!)}` })
  await expect(table).toBeVisible()
  await expect(table.getByRole('rowheader')).toHaveText(record!.Products.map((p) => p.product))
  const cells = await table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)))
  expect(cells).toEqual(record!.Products.map((p) => [amount(p.total), p.currency]))
  const title = `Period Used by product, ${poLabel(record!)}`
  await expect(details.getByRole('img', { name: /^Pie chart: / })).toHaveAttribute(
    'aria-label',
    new RegExp(`^Pie chart: ${title.replace(/[()]/g, '\\$&')}`),
  )
  await expectLegend(
    details.getByRole('list', { name: `Shares: ${title}` }),
    record!.Products.map((p) => p.product),
  )
  await expectNoSeriousA11yViolations(page)

  await hide.click()
  await expect(page).not.toHaveURL(/open=/)
  await expect(table).toHaveCount(0)
  await expect(detailsToggle(page, record!, false)).toHaveAttribute('aria-expanded', 'false')
  await expect(details).toHaveCount(0)
  if (jsEnabled(testInfo)) expect(screenDataRequests).toEqual([])
})

test('a period without usage shows the header with that period, no Usage by Product and no error', async ({
  page,
}, testInfo) => {
  const [from, to] = ['2019-01-01', '2019-01-31']
  await start(page, testInfo, `${DEFAULT_VIEW}&from=${from}&to=${to}`)
  await expectPeriod(page, from, to)
  await expect(mainRegion(page).getByRole('heading', { name: 'Elastic Licensing Summary Statement' })).toBeVisible()
  await expect(headerField(page, 'Report Date')).toHaveText(day(Date.now()))
  await expect(headerField(page, 'Customer')).toHaveText(`${ACME} - Acme Aerospace`)
  await expect(poSection(page).getByRole('status')).toHaveText('No purchase orders in this period.')
  await expect(mainRegion(page).getByRole('heading', { name: 'Usage by Product' })).toHaveCount(0)
  // 'No active entitlements for account' is silent: no message, and nothing to export.
  await expect(mainRegion(page).getByRole('alert')).toHaveCount(0)
  await expect(poSection(page).getByRole('button', { name: 'Export as PDF' })).toBeDisabled()
  await resetView(page).click()
  await expect(page).not.toHaveURL(/from=/)
})

test('Reset View returns to Last month without filters; the saved view survives a reload', async ({
  page,
  baseURL,
}, testInfo) => {
  const js = jsEnabled(testInfo)
  await start(page, testInfo)
  const last = presetDays('lastMonth')
  const week = presetDays('lastWeek')
  const statement = await apiStatement(baseURL!, week.from, week.to)
  const target = statement.Records[0].ActivationId

  await choose(page, 'Last week')
  await expect(page).toHaveURL(/range=lastWeek/)
  await expectPeriod(page, week.from, week.to)
  const filter = page.getByLabel('Filter Entitlement', { exact: true })
  await filter.fill(target)
  if (!js) await applyFiltersButton(poGrid.grid(page)).click()
  await expect(page).toHaveURL(/f\.entitlement=/)
  await poGrid.settled(page)
  expect(await poGrid.columnCells(page, 'Entitlement')).toEqual([target])
  await expect(poSection(page).getByRole('button', { name: 'Clear Filters' })).toBeEnabled()

  await resetView(page).click()
  await expect(page).not.toHaveURL(/range=|f\.entitlement=/)
  await expectPeriod(page, last.from, last.to)
  await expect(menuSummary(page)).toHaveText(/^Statement period: Last month\W*$/)
  await expect(filter).toHaveValue('')
  await poGrid.settled(page)
  expect(await poGrid.columnCells(page, 'Entitlement')).toHaveLength(statement.Records.length)
  await expect(resetView(page)).toBeDisabled()
  await expect(poSection(page).getByRole('button', { name: 'Clear Filters' })).toBeDisabled()

  // The saved view: the bare address comes back to Last week.
  const savedWeek = nextSave(page, js, (view) => view.includes('range=lastWeek'))
  await choose(page, 'Last week')
  await expect(page).toHaveURL(/range=lastWeek/)
  await savedWeek
  await gotoPortal(page, BARE)
  await expect(page).toHaveURL(/range=lastWeek/)
  await expect(menuSummary(page)).toHaveText(/^Statement period: Last week\W*$/)
  await expectPeriod(page, week.from, week.to)

  // Reset View saves the default view too: the bare address then stays on Last month.
  const savedDefault = nextSave(page, js, (view) => !view.includes('range='))
  await resetView(page).click()
  await expect(page).not.toHaveURL(/range=/)
  await savedDefault
  await gotoPortal(page, BARE)
  await expect(page).toHaveURL(BARE)
  await expect(menuSummary(page)).toHaveText(/^Statement period: Last month\W*$/)
  await expectPeriod(page, last.from, last.to)
})

/** The confirmation of a statement e-mail: a panel titled Confirm without JavaScript, a dialog with it. */
const confirmation = (page: Page, js: boolean) =>
  js ? page.getByRole('dialog', { name: 'Confirm' }) : mainRegion(page).getByRole('region', { name: 'Confirm' })

/** Asks for a statement e-mail of `record` and checks the question. */
async function askForEmail(page: Page, js: boolean, kind: 'Weekly' | 'Monthly', record: StatementRecord) {
  await poGrid
    .grid(page)
    .getByRole('button', { name: `${kind} statement email for ${record.ActivationId}`, exact: true })
    .click()
  const confirm = confirmation(page, js)
  await expect(confirm.getByText(EMAIL_QUESTION(kind), { exact: true })).toBeVisible()
  await expect(confirm.getByText(/^Cloud Server Id: \S+$/)).toBeVisible()
  await expect(confirm.getByText(`Activation Id: ${record.ActivationId}`, { exact: true })).toBeVisible()
  return confirm
}

interface ListedEmail {
  id: number
  subject: string
}

/** The ids of Borealis' e-mails with `subject`, as the API lists them. */
async function emailIds(baseURL: string, subject: string): Promise<number[]> {
  const rows = await apiData<ListedEmail[]>(baseURL, MAILER, '/getemails', {
    body: {
      customerNumber: BOREALIS,
      filter: { condition: 'ALL', criteria: [{ name: 'subject', method: 'EQUALS', value: subject }] },
      limit: 100,
    },
  })
  return rows.map((r) => r.id)
}

/** Of the e-mails that are new since `before`, the one whose statement names the entitlement. */
async function newEmailOf(baseURL: string, subject: string, before: number[], activationId: string) {
  const fresh = (await emailIds(baseURL, subject)).filter((id) => !before.includes(id))
  const bodies = await Promise.all(
    fresh.map(async (id) => ({
      id,
      body: (await apiData<{ body: string }>(baseURL, MAILER, '/getemail', { body: { customerNumber: BOREALIS, id } }))
        .body,
    })),
  )
  const mine = bodies.filter((e) => e.body.includes(`>${activationId}<`))
  expect(mine).toHaveLength(1)
  return mine[0].id
}

/** Sends a statement e-mail through its confirmation, finds it under Emails and deletes it again. */
async function sendEmail(
  page: Page,
  js: boolean,
  baseURL: string,
  kind: 'Weekly' | 'Monthly',
  record: StatementRecord,
) {
  const { to } = presetDays('lastMonth')
  // The statement's date is the period's last day: a week back from it, or its month.
  const from = kind === 'Weekly' ? day(Date.parse(to) - 6 * DAY_MS) : `${to.slice(0, 8)}01`
  const subject = `${kind} elastic statement ${from} to ${to}`
  const before = await emailIds(baseURL, subject)

  // No sends nothing.
  let confirm = await askForEmail(page, js, kind, record)
  await confirm.getByRole(js ? 'button' : 'link', { name: 'No', exact: true }).click()
  await expect(confirmation(page, js)).toHaveCount(0)
  await expect(page.getByText('Email has been sent.')).toHaveCount(0)
  expect(await emailIds(baseURL, subject)).toEqual(before)

  confirm = await askForEmail(page, js, kind, record)
  await confirm.getByRole('button', { name: 'Yes', exact: true }).click()
  await expect(flashPanel(page, 'Success', 'Email has been sent.')).toBeVisible()
  await expect(confirmation(page, js)).toHaveCount(0)

  const id = await newEmailOf(baseURL, subject, before, record.ActivationId)
  try {
    // Listed under Emails (newest first, so on the first page).
    await gotoPortal(page, `/emails?customer=${BOREALIS}`)
    const link = mainRegion(page).getByRole('link', { name: `View email: ${subject}`, exact: true })
    await expect(link.and(page.locator(`[href^="/emails/${id}?"]`))).toHaveCount(1)
  } finally {
    await apiData(baseURL, MAILER, `/emails/${id}`, { method: 'DELETE' })
  }
}

const BOREALIS_VIEW = `/statementv2?customer=${BOREALIS}&size=20`

test('the Weekly statement e-mail asks first: No sends nothing, Yes sends it to Emails', async ({
  page,
  baseURL,
}, testInfo) => {
  const js = jsEnabled(testInfo)
  await start(page, testInfo, BOREALIS_VIEW, mailerFor(testInfo))
  const { from, to } = presetDays('lastMonth')
  const { Records } = await apiStatement(baseURL!, from, to, BOREALIS)
  // Each project its own entitlement.
  const record = [...Records].sort((a, b) => a[PO_FIELD].localeCompare(b[PO_FIELD]))[js ? 1 : 0]
  await sendEmail(page, js, baseURL!, 'Weekly', record)
})

test('the Monthly statement e-mail likewise', async ({ page, baseURL }, testInfo) => {
  test.skip(!jsEnabled(testInfo), 'the same server step as Weekly; one project is enough')
  await start(page, testInfo, BOREALIS_VIEW, MAILER)
  const { from, to } = presetDays('lastMonth')
  const { Records } = await apiStatement(baseURL!, from, to, BOREALIS)
  await sendEmail(page, true, baseURL!, 'Monthly', Records[0])
})

test('a view-only user is told the e-mail was not sent, with the API’s reason', async ({ page, baseURL }, testInfo) => {
  const js = jsEnabled(testInfo)
  await start(page, testInfo, DEFAULT_VIEW, 'viewer@acme.example')
  const { from, to } = presetDays('lastMonth')
  const { Records } = await apiStatement(baseURL!, from, to)
  const confirm = await askForEmail(page, js, 'Weekly', Records[0])
  await confirm.getByRole('button', { name: 'Yes', exact: true }).click()
  await expect(flashPanel(page, 'Error', 'Email has not been sent.')).toHaveText(
    new RegExp(`^Error:\\s*Email has not been sent\\. ${VIEW_ONLY_REFUSAL.replace(/\./g, '\\.')}\\s*Dismiss$`),
  )
  await expect(page.getByText('Email has been sent.')).toHaveCount(0)
})

test('Export as PDF downloads the statement under its name; a PDF error is shown on the page', async ({
  page,
}, testInfo) => {
  const js = jsEnabled(testInfo)
  await start(page, testInfo)
  const { from, to } = presetDays('lastMonth')
  const pdf = poSection(page).getByRole(js ? 'button' : 'link', { name: 'Export as PDF' })
  await expect(pdf).toBeEnabled()
  // Without JavaScript a link to the PDF of the period shown.
  if (!js) await expect(pdf).toHaveAttribute('href', `/statementv2/pdf?customer=${ACME}&range=lastMonth`)
  const [download] = await Promise.all([page.waitForEvent('download'), pdf.click()])
  expect(download.suggestedFilename()).toBe(`SummaryStatement_${ACME}_${from}_${to}.pdf`)
  const bytes = fs.readFileSync((await download.path())!)
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  await expect(mainRegion(page).getByRole('alert')).toHaveCount(0)

  if (!js) {
    await choose(page, 'Last week')
    await expect(page).toHaveURL(/range=lastWeek/)
    await expect(poSection(page).getByRole('link', { name: 'Export as PDF' })).toHaveAttribute(
      'href',
      `/statementv2/pdf?customer=${ACME}&range=lastWeek`,
    )
    await resetView(page).click()
    await expect(page).not.toHaveURL(/range=/)
  }

  await gotoPortal(page, `${DEFAULT_VIEW}&pdfError=load`)
  await expect(flashPanel(page, 'Error', 'An error occurred when loading the PDF.')).toBeVisible()
})

test('390 px wide: no horizontal page scroll with a purchase order open and with the calendar', async ({
  page,
  baseURL,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const { from, to } = presetDays('lastMonth')
  const statement = await apiStatement(baseURL!, from, to)
  const record = statement.Records.find((r) => r.Products.length > 0) ?? statement.Records[0]
  await start(page, testInfo, `${DEFAULT_VIEW}&open=${record.ActivationId}`)
  await expect(detailsToggle(page, record, true)).toHaveAttribute('aria-expanded', 'true')
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(await overflow()).toBeLessThanOrEqual(0)
  await choose(page, 'Custom')
  await expect(calendar(page)).toBeVisible()
  expect(await overflow()).toBeLessThanOrEqual(0)
})
