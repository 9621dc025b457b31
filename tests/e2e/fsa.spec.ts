/**
 * The Flexible Spending Account with JavaScript off and on: the contract in
 * Active Entitlements and its Order Now; ordering a standard product (the cost
 * worked out as the user picks, the confirmation, the lease created and the
 * contract debited, the History and its CSV); an order over the balance held
 * back by its line; Order & Activate landing on the activation editor with the
 * new lease offered; a business-operations manual entry; the view-only notice.
 * Every order is Acme's contract's, whose balance other journeys spend too, so
 * figures are read before and compared after, and each order has its own start
 * day per project.
 */
import fs from 'node:fs'
import { and, desc, eq, like } from 'drizzle-orm'
import { expect, test, type Page } from './support/test'
import { signIn } from './support/auth'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { withE2eDb } from './support/database'
import { flashPanel } from './support/shell'
import { emails, entitlements, fsaOrderLines, hosts } from '../../db/schema'
import { withAcmeOutbox } from './support/outbox-lock'
import { addDays, todayUtc } from '../../app/domain/entitlements'

test.describe.configure({ timeout: 120_000 })

const ACME = '1000001'
const SCREEN = `/entitlementsFSA?customer=${ACME}`
const ADMIN = 'admin@acme.example'
const NOTICE = 'You do not have enough permissions for such operation.'

const isJs = () => test.info().project.name === 'js'
/** A start day of this test's own: `offset` days from today, apart per project. */
const ownStart = (offset: number) => addDays(todayUtc(), offset + (isJs() ? 40 : 0))

const amount = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''))
const line = (page: Page, n: number) => page.getByRole('group', { name: new RegExp(`^Line ${n}`) })

/** Without JavaScript the table is worked out by a post; with it, as the user types. */
async function update(page: Page) {
  if (!isJs()) await page.getByRole('button', { name: 'Update costs' }).click()
}

async function openOrderTab(page: Page, email = ADMIN) {
  await signIn(page, email, { start: SCREEN })
  await expect(page.getByRole('heading', { level: 1, name: 'Flexible Spending Account' })).toBeVisible()
  const active = page.getByRole('region', { name: 'Active Entitlements table', exact: true })
  await expect(active.getByRole('row').filter({ hasText: 'Flexible Spending Account' })).toBeVisible()
  await active.getByRole('link', { name: /^Order Now/ }).click()
  await expect(page.getByRole('heading', { name: /^Order from / })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Order Products' })).toHaveAttribute('aria-current', 'page')
}

async function addStandardLine(page: Page, n: number, product: string, duration: string, count: string, start: string) {
  await page.getByRole('button', { name: 'Add product' }).click()
  const row = line(page, n)
  await row.getByLabel('Product').selectOption({ label: product })
  await update(page)
  await row.getByLabel('Duration').selectOption({ label: duration })
  await row.getByLabel('Count').fill(count)
  await row.getByLabel('Start Date').fill(start)
  await update(page)
  return row
}

const leaseOrdered = (start: string, requester: string) =>
  withE2eDb((db) =>
    db
      .select({ line: fsaOrderLines, lease: entitlements })
      .from(fsaOrderLines)
      .innerJoin(entitlements, eq(entitlements.id, fsaOrderLines.entitlementId))
      .where(and(eq(fsaOrderLines.startDate, start), eq(fsaOrderLines.requesterEmail, requester)))
      .orderBy(desc(fsaOrderLines.id))
      .get(),
  )

/**
 * Places the order with `button` of the confirmation and waits for `landed`; then checks the
 * order's confirmation e-mail is in Acme's outbox and takes it out again, so the e-mail
 * journeys read their demo figures (support/outbox-lock.ts).
 */
async function placeOrder(page: Page, button: 'Order' | 'Order & Activate', start: string, requester: string) {
  return withAcmeOutbox(async () => {
    await page.getByTestId('order-confirmation').getByRole('button', { name: button, exact: true }).click()
    await expect(flashPanel(page, 'Success', 'Entitlements successfully created.')).toBeVisible()
    const ordered = await leaseOrdered(start, requester)
    expect(ordered).toBeDefined()
    const removed = await withE2eDb((db) =>
      db
        .delete(emails)
        .where(
          and(
            eq(emails.accountId, ACME),
            eq(emails.kind, 'fsa'),
            like(emails.body, `%${ordered!.lease.activationId}%`),
          ),
        )
        .returning({ subject: emails.subject })
        .all(),
    )
    expect(removed, "the order's confirmation e-mail").toEqual([
      { subject: 'Flexible Spending Account order: 1 entitlement created' },
    ])
    return ordered!
  })
}

test('a standard product is ordered against the balance and shows in the History and its CSV', async ({ page }) => {
  await openOrderTab(page)
  await expectNoSeriousA11yViolations(page)
  const start = ownStart(3)
  const row = await addStandardLine(page, 1, 'Ansys HFSS', '30 days', '2', start)
  await expect(row.getByLabel('End Date')).toHaveText(addDays(start, 29))
  await expect(row.getByLabel('Unit Cost')).toHaveText('2,400.00')
  await expect(row.getByLabel('Cost', { exact: true })).toHaveText('4,800.00')
  await expect(page.getByTestId('total-cost')).toHaveText('4,800.00 USD')
  const availableBefore = amount(await page.getByTestId('available').textContent())
  expect(availableBefore).toBeGreaterThan(4_800)
  await expectNoSeriousA11yViolations(page)

  await page.getByRole('button', { name: 'Order Now' }).click()
  const confirmation = page.getByTestId('order-confirmation')
  await expect(
    confirmation.getByRole('heading', {
      name: 'The following FSA entitlements will be created at a cost of 4,800.00 USD. Do you want to continue?',
    }),
  ).toBeVisible()
  await expect(confirmation.getByRole('row').filter({ hasText: 'Ansys HFSS' })).toContainText(addDays(start, 29))
  await expect(confirmation.getByRole('button', { name: 'Order & Activate' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  const ordered = await placeOrder(page, 'Order', start, ADMIN)
  await expect(page.getByText('No products in this order yet.')).toBeVisible()
  expect(ordered.lease).toMatchObject({
    accountId: ACME,
    type: 'SSL',
    licenseModel: 'Flexible Spending Account',
    count: 2,
    startDate: start,
    endDate: addDays(start, 29),
    price: 4_800,
  })
  expect(amount(await page.getByTestId('available').textContent())).toBeLessThanOrEqual(availableBefore - 4_800)

  // History: the line with its lease, newest first, and the CSV.
  await page.getByRole('link', { name: 'History', exact: true }).click()
  const history = page.getByRole('region', { name: 'Order History table', exact: true })
  await expect(history.getByRole('columnheader', { name: /Order Date/ })).toHaveAttribute('aria-sort', 'descending')
  await expect(page.getByLabel('Rows per page').first()).toHaveValue('10')
  expect(await page.getByLabel('Rows per page').first().locator('option').allTextContents()).toEqual([
    '10',
    '25',
    '50',
    '100',
    '500',
  ])
  const leaseId = ordered.lease.activationId
  const historyRow = history.getByRole('row').filter({ hasText: leaseId })
  await expect(historyRow).toContainText('4,800.00')
  await expect(historyRow).toContainText(ADMIN)
  await expectNoSeriousA11yViolations(page)
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export as csv file' }).click(),
  ])
  expect(csv.suggestedFilename()).toBe(`OrderHistory_${todayUtc()}_${ACME}.csv`)
  const text = fs.readFileSync((await csv.path())!, 'utf8').replace(/^\uFEFF/, '')
  const [header, ...rows] = text.split(/\r?\n/)
  expect(header).toBe('Entitlement,FSA Contract,Order Date,Count,Start Date,Expiration Date,Cost,Currency,Requester')
  expect(rows.find((r) => r.includes(leaseId))).toContain(`,2,${start},${addDays(start, 29)},`)
})

test('a start date is typed as yyyy-mm-dd: another writing is refused with the spec message and orders nothing', async ({
  page,
}) => {
  const startedAt = Date.now()
  // A count of this test's own, so no other journey's order can be taken for one of it.
  const count = isJs() ? '38' : '37'
  await openOrderTab(page)
  await page.getByRole('button', { name: 'Add product' }).click()
  const row = line(page, 1)
  await row.getByLabel('Product').selectOption({ label: 'Ansys HFSS' })
  await update(page)
  await row.getByLabel('Count').fill(count)
  const start = row.getByLabel('Start Date')
  // A text field in the portal's day format, whatever the browser's locale; the hint gives the format.
  await expect(start).toHaveAttribute('type', 'text')
  await expect(start).toHaveAccessibleDescription(/^yyyy-mm-dd/)
  await expect(start).toHaveValue(/^\d{4}-\d{2}-\d{2}$/)
  const availableBefore = await page.getByTestId('available').textContent()

  for (const bad of ['27/11/2026', '2026-02-30']) {
    await start.fill(bad)
    // Without JavaScript the server works the table out again and answers the same.
    await update(page)
    await expect(start).toHaveValue(bad)
    await expect(start).toHaveAttribute('aria-invalid', 'true')
    await expect(row.getByText('Start date is invalid.', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Order Now' })).toBeDisabled()
    await expect(page.getByTestId('available')).toHaveText(availableBefore!)
  }
  await expectNoSeriousA11yViolations(page)

  // The server refuses such an order however it is posted.
  const contract = await page.locator('input[name="contract"]').first().inputValue()
  const reply = await page.request.post(`${SCREEN}&tab=order&contract=${encodeURIComponent(contract)}`, {
    form: {
      contract,
      intent: 'order',
      'lines[0].kind': 'standard',
      'lines[0].bpn': await row.getByLabel('Product').inputValue(),
      'lines[0].duration': await row.getByLabel('Duration').inputValue(),
      'lines[0].count': count,
      'lines[0].startDate': '27/11/2026',
    },
  })
  expect(reply.status()).toBe(400)
  expect(await reply.text()).toContain('Start date is invalid.')
  const ordered = await withE2eDb((db) =>
    db
      .select()
      .from(fsaOrderLines)
      .where(and(eq(fsaOrderLines.accountId, ACME), eq(fsaOrderLines.count, Number(count))))
      .all(),
  )
  expect(ordered.filter((l) => l.orderedAt >= startedAt)).toEqual([])

  // Written as the hint says, the day is taken: the end date and the cost follow, and the order may go.
  const day = ownStart(11)
  await start.fill(day)
  await update(page)
  await expect(row.getByText('Start date is invalid.', { exact: true })).toHaveCount(0)
  await expect(start).toHaveValue(day)
  await expect(row.getByLabel('End Date')).toHaveText(/^\d{4}-\d{2}-\d{2}$/)
  await expect(page.getByRole('button', { name: 'Order Now' })).toBeEnabled()
})

test('an order over the balance is held back by the line that passes it', async ({ page }) => {
  await openOrderTab(page)
  const row = await addStandardLine(page, 1, 'Ansys HFSS', '90 days', '1', ownStart(5))
  await expect(row.getByLabel('Cost', { exact: true })).toHaveText('6,600.00')
  // Enter in a field works the table out (without JavaScript, a post); it never removes a line.
  await row.getByLabel('Count').fill('40')
  await row.getByLabel('Count').press('Enter')
  await expect(line(page, 1)).toBeVisible()
  await expect(row.getByTestId('line-error')).toHaveText('You do not have sufficient balance for the selected count.')
  await expect(page.getByRole('button', { name: 'Order Now' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Add product' })).toBeDisabled()
  await expectNoSeriousA11yViolations(page)
  // Back within the balance, the message goes and the order may be placed.
  await row.getByLabel('Count').fill('1')
  await update(page)
  await expect(row.getByTestId('line-error')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Order Now' })).toBeEnabled()
})

test('Order & Activate lands on the activation editor, which offers the new lease', async ({ page }) => {
  await openOrderTab(page)
  const start = ownStart(7)
  await addStandardLine(page, 1, 'Ansys Mechanical Enterprise', '7 days', '1', start)
  await page.getByRole('button', { name: 'Order Now' }).click()
  const ordered = await placeOrder(page, 'Order & Activate', start, ADMIN)
  await expect(page).toHaveURL(new RegExp(`/activations\\?customer=${ACME}$`))
  expect(ordered.lease.endDate).toBe(addDays(start, 6))
  const host = await withE2eDb((db) => db.select().from(hosts).where(eq(hosts.name, 'acme-lic01')).get()!)
  await page.goto(`/activations?customer=${ACME}&id=${host.id}`)
  await expect(page.getByText(ordered.lease.activationId).first()).toBeVisible()
})

test('business operations order a manual entry, which cannot be activated from the order', async ({ page }) => {
  await openOrderTab(page, 'busops@vendor.example')
  await page.getByText('Add', { exact: true }).click()
  await page.getByRole('button', { name: 'Manual entry' }).click()
  const row = line(page, 1)
  await expect(row).toHaveAccessibleName('Line 1 (manual entry)')
  const start = ownStart(9)
  const name = `Consulting days ${isJs() ? 'js' : 'no-js'}`
  await row.getByLabel('Product').fill(name)
  await row.getByLabel('Count').fill('2')
  await row.getByLabel('Start Date').fill(start)
  await row.getByLabel('End Date').fill(addDays(start, 9))
  await row.getByLabel('Unit Cost').fill('1,250.50')
  await update(page)
  await expect(row.getByLabel('Cost', { exact: true })).toHaveValue('2501.00')
  await expect(page.getByTestId('total-cost')).toHaveText('2,501.00 USD')
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: 'Order Now' }).click()
  const confirmation = page.getByTestId('order-confirmation')
  await expect(confirmation.getByRole('row').filter({ hasText: name })).toContainText('Manual entry')
  await expect(confirmation.getByRole('button', { name: 'Order & Activate' })).toHaveCount(0)
  const ordered = await placeOrder(page, 'Order', start, 'busops@vendor.example')
  expect(ordered.line).toMatchObject({ manual: 1, bpn: 'FSA0030216', productName: name, count: 2, cost: 2_501 })
})

test('a view-only user gets the permission notice and nothing is ordered', async ({ page }) => {
  await openOrderTab(page, 'viewer@acme.example')
  const start = ownStart(11)
  await addStandardLine(page, 1, 'Ansys Fluent', '30 days', '1', start)
  await page.getByRole('button', { name: 'Order Now' }).click()
  await expect(page.getByTestId('editor-notice').getByText(NOTICE)).toBeVisible()
  expect(await leaseOrdered(start, 'viewer@acme.example')).toBeUndefined()
})

test('the History keeps its own view: sorted by Count descending, it comes back so, until Reset View', async ({
  page,
}) => {
  // Views are the user's: each project signs in as a user no other journey here uses.
  const history = `${SCREEN}&tab=history`
  await signIn(page, isJs() ? 'asc@acme.example' : 'support@vendor.example', { start: history })
  const grid = page.getByRole('region', { name: 'Order History table', exact: true })
  const saved = isJs()
    ? page.waitForResponse((r) => r.url().includes('/resources/grid/fsaHistory') && r.request().method() === 'POST', {
        timeout: 15_000,
      })
    : null
  await grid.getByRole('link', { name: 'Sort by Count, ascending', exact: true }).click()
  await expect(page).toHaveURL(/h\.sort=count\.asc/)
  await grid.getByRole('link', { name: 'Sort by Count, descending', exact: true }).click()
  await expect(page).toHaveURL(/h\.sort=count\.desc/)
  await saved
  await page.goto(history)
  await expect(page).toHaveURL(/h\.sort=count\.desc/)
  await expect(page).toHaveURL(/tab=history/)
  await expect(grid.getByRole('columnheader', { name: /Count/ })).toHaveAttribute('aria-sort', 'descending')
  await page.getByRole('button', { name: 'Reset View' }).click()
  await expect(page).not.toHaveURL(/h\.sort=/)
  await expect(grid.getByRole('columnheader', { name: /Order Date/ })).toHaveAttribute('aria-sort', 'descending')
})

test('a customer without a Flexible Spending Account is told so', async ({ page }) => {
  await signIn(page, 'marta.lindqvist@borealis.example', { start: '/entitlementsFSA?customer=1000002&tab=history' })
  await expect(page.getByRole('heading', { level: 1, name: 'Flexible Spending Account' })).toBeVisible()
  await expect(page.getByText('This customer has no Flexible Spending Account.')).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Flexible Spending Account tabs' })).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
})
