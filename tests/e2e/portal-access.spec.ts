import { expect, test, type Browser, type Page, type TestInfo } from './support/test'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { gotoPortal, signIn } from './support/auth'
import { jsEnabled } from './support/env'
import { CUSTOMERS, display } from './support/expectations'
import { flashPanel, mainRegion } from './support/shell'

/**
 * Licensing Portal Access (spec 1 sections 2.7, 4, 5, 8) and the change history.
 *
 * Both projects run at the same time on one server, and saving a contact list
 * over someone else's is refused, so each project changes its own customer:
 * without JavaScript Acme (1000001), with it Borealis (1000002). Within a
 * project the journeys run in order.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 })

const MESSAGES = {
  saved: 'Portal access saved.',
  freeDomain: 'Free domain is not allowed. Use a corporate e-mail address.',
  format: 'Incorrect Email Format.',
  required: 'Email is required.',
  noAccount: 'No active account exists for this e-mail address.',
  stale: 'The contacts were changed by someone else. Reload the page to see the current list.',
  unsaved:
    'WARNING: You have unsaved changes. Press Cancel to go back and save these changes. Press Ok to lose these changes.',
}

function planFor(testInfo: TestInfo) {
  return jsEnabled(testInfo)
    ? {
        customer: CUSTOMERS.borealis,
        admin: 'marta.lindqvist@borealis.example',
        newcomer: 'wei.chen@cobalt.example',
        other: 'dana.levi@deltalabs.example',
      }
    : {
        customer: CUSTOMERS.acme,
        admin: 'admin@acme.example',
        newcomer: 'dana.levi@deltalabs.example',
        other: 'wei.chen@cobalt.example',
      }
}

const screenPath = (customer: { id: string }) => `/portalaccess?customer=${customer.id}`

/** The e-mail inputs of the editable rows, in order. */
const emailInputs = (page: Page) => mainRegion(page).getByLabel(/^Contact \d+ e-mail$/)
const lastEmail = (page: Page) => emailInputs(page).last()
const lastRole = (page: Page) =>
  mainRegion(page)
    .getByLabel(/^Contact \d+ role$/)
    .last()
/** A field's own message (the list of what blocks Save repeats it, prefixed with the field's name). */
const fieldMessage = (page: Page, message: string) => mainRegion(page).getByText(message, { exact: true })
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true })
const addButton = (page: Page) => page.getByRole('button', { name: 'Add contact', exact: true })

async function openScreen(page: Page, email: string, customer: { id: string }) {
  await signIn(page, email, { start: screenPath(customer) })
  await expect(page).toHaveURL(screenPath(customer))
  await expect(page.getByRole('heading', { level: 1, name: 'Licensing Portal Access' })).toBeVisible()
  // The buttons come last: once they show, the whole list is on the page.
  await expect(saveButton(page)).toBeVisible()
}

async function addContact(page: Page, email: string, role: 'Administrator' | 'Viewer') {
  const before = await emailInputs(page).count()
  await addButton(page).click()
  await expect(emailInputs(page)).toHaveCount(before + 1)
  await lastEmail(page).fill(email)
  await lastRole(page).selectOption(role)
}

async function save(page: Page) {
  // The answer to this save, not a success panel still showing from the one before.
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && new URL(response.url()).pathname.startsWith('/portalaccess'),
  )
  await saveButton(page).click()
  await answered
  await expect(flashPanel(page, 'Success', MESSAGES.saved)).toBeVisible()
}

async function savedEmails(page: Page) {
  return (await emailInputs(page).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).sort()
}

/** A second person in a browser of their own (same JavaScript setting as the project). */
async function secondBrowser(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: jsEnabled(testInfo),
  })
  return { context, page: await context.newPage() }
}

test('an added contact can sign in and reach the customer; a removed one cannot', async ({
  page,
  browser,
}, testInfo) => {
  const js = jsEnabled(testInfo)
  const plan = planFor(testInfo)
  await openScreen(page, plan.admin, plan.customer)
  await expect(page.getByRole('table', { name: 'Contact and Role' })).toBeVisible()
  await expect(page.getByText('All contacts must have an active vendor account.')).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // A malformed address is refused in the browser as soon as the field is left (with JavaScript).
  if (js) {
    await addContact(page, 'someone@', 'Viewer')
    await lastEmail(page).blur()
    await expect(fieldMessage(page, MESSAGES.format)).toBeVisible()
    await expect(saveButton(page)).toBeDisabled()
    await expect(addButton(page)).toBeDisabled()
    // A free mail provider: the server's verdict shows under the field as soon as it is left, before any save.
    await lastEmail(page).fill('someone@gmail.com')
    await page.keyboard.press('Tab')
    await expect(fieldMessage(page, MESSAGES.freeDomain)).toBeVisible()
    await expect(lastEmail(page)).toHaveAttribute('aria-invalid', 'true')
    await expect(saveButton(page)).toBeDisabled()
    await expect(saveButton(page)).toHaveAccessibleDescription(new RegExp(`e-mail: ${MESSAGES.freeDomain}`))
  } else {
    // Without JavaScript the server refuses a free mail provider on Save, on the field.
    await addContact(page, 'someone@gmail.com', 'Viewer')
    await saveButton(page).click()
    await expect(fieldMessage(page, MESSAGES.freeDomain)).toBeVisible()
    await expect(saveButton(page)).toBeVisible()
    await expect(lastEmail(page)).toHaveAttribute('aria-invalid', 'true')
  }
  await expect(lastEmail(page)).toHaveValue('someone@gmail.com')
  await expectNoSeriousA11yViolations(page)

  // An address without an account is refused by the licensing API; the error shows in a panel.
  await lastEmail(page).fill('ghost@acme.example')
  if (js) await expect(saveButton(page)).toBeEnabled()
  await saveButton(page).click()
  await expect(flashPanel(page, 'Error', MESSAGES.noAccount)).toBeVisible()
  // Without JavaScript the answer is a new page that may still be arriving: the buttons come after the list.
  await expect(saveButton(page)).toBeVisible()

  await lastEmail(page).fill(plan.newcomer)
  await lastRole(page).selectOption('Viewer')
  await save(page)
  expect(await savedEmails(page)).toContain(plan.newcomer)

  // The newcomer signs in in a browser of their own and reaches the customer as a viewer.
  const other = await secondBrowser(browser, testInfo)
  try {
    await signIn(other.page, plan.newcomer)
    await gotoPortal(other.page, `/home?customer=${plan.customer.id}`)
    await expect(other.page.getByTestId('selected-customer')).toHaveText(display(plan.customer))
    await expect(other.page.getByText('Your role: Portal Viewer', { exact: true })).toBeVisible()

    // Removed again: the next request is refused.
    await page.getByRole('button', { name: `Remove ${plan.newcomer}` }).click()
    if (!js) await expect(page.getByRole('button', { name: `Remove ${plan.newcomer}` })).toHaveCount(0)
    await save(page)
    expect(await savedEmails(page)).not.toContain(plan.newcomer)

    await other.page.goto(`/home?customer=${plan.customer.id}`)
    // The portal leaves the customer (and picks the newcomer's only other customer, if any).
    await expect(other.page).toHaveURL(
      (url) => url.pathname === '/home' && url.searchParams.get('customer') !== plan.customer.id,
    )
    await expect(
      flashPanel(other.page, 'Error', `Customer ${plan.customer.id} was not found or you do not have access to it.`),
    ).toBeVisible()
  } finally {
    await other.context.close()
  }
})

test('a disabled Save says why, also for a role never chosen (JavaScript only)', async ({ page }, testInfo) => {
  test.skip(
    !jsEnabled(testInfo),
    'Without JavaScript Save is always enabled and the server answers with the field errors.',
  )
  const plan = planFor(testInfo)
  await openScreen(page, plan.admin, plan.customer)
  await addButton(page).click()
  await lastEmail(page).fill(plan.other)
  await page.keyboard.press('Tab')
  await expect(saveButton(page)).toBeDisabled()
  // The role was not touched, so its own message waits (spec 1 section 5); the reason is told beside Save.
  const contact = (await page.getByTestId('locked-contact').count()) + (await emailInputs(page).count())
  const reason = `Contact ${contact} role: Role is required.`
  await expect(mainRegion(page).getByText(reason, { exact: true })).toBeVisible()
  await expect(saveButton(page)).toHaveAccessibleDescription(new RegExp(reason))
  await lastRole(page).selectOption('Viewer')
  await expect(mainRegion(page).getByText(reason, { exact: true })).toHaveCount(0)
  await expect(saveButton(page)).toBeEnabled()
  await page.getByRole('link', { name: 'Cancel', exact: true }).click()
  await expect(saveButton(page)).toBeDisabled()
})

test('the address check answers only a signed-in user with access to the customer', async ({
  page,
  request,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), 'A request without a browser: once is enough.')
  const check = (email: string, customer: string = CUSTOMERS.acme.id) =>
    `/resources/contact-email?customer=${customer}&email=${encodeURIComponent(email)}`
  const anonymous = await request.get(check('someone@gmail.com'), { maxRedirects: 0 })
  expect(anonymous.status()).toBe(302)
  expect(anonymous.headers().location).toMatch(/^\/auth\/login/)

  await signIn(page, 'admin@acme.example')
  const free = await page.request.get(check(' Someone@GMAIL.com '))
  expect(free.status()).toBe(200)
  expect(free.headers()['cache-control']).toContain('no-store')
  expect(await free.json()).toEqual({ email: 'someone@gmail.com', message: MESSAGES.freeDomain })
  expect(await (await page.request.get(check('jane@acme.example'))).json()).toEqual({
    email: 'jane@acme.example',
    message: null,
  })
  expect(await (await page.request.get(check('jane@'))).json()).toEqual({ email: 'jane@', message: MESSAGES.format })
  // Another customer's screen is out of reach, and so is its check.
  const other = await page.request.get(check('jane@acme.example', CUSTOMERS.borealis.id))
  expect(other.status()).toBe(403)
})

test('Cancel goes back to the last saved list', async ({ page }, testInfo) => {
  const plan = planFor(testInfo)
  await openScreen(page, plan.admin, plan.customer)
  const saved = await savedEmails(page)
  await addContact(page, plan.other, 'Viewer')
  await addContact(page, 'not-an-address', 'Viewer')
  expect(await emailInputs(page).count()).toBe(saved.length + 2)
  // Leave the field first: its error message (with JavaScript) moves the buttons down.
  await lastEmail(page).blur()
  await page.getByRole('link', { name: 'Cancel', exact: true }).click()
  await expect(emailInputs(page)).toHaveCount(saved.length)
  expect(await savedEmails(page)).toEqual(saved)
})

test('a stale save is refused and changes nothing', async ({ page, browser }, testInfo) => {
  const plan = planFor(testInfo)
  await openScreen(page, plan.admin, plan.customer)
  const other = await secondBrowser(browser, testInfo)
  try {
    // Business operations opens the same list and saves first.
    await openScreen(other.page, 'busops@vendor.example', plan.customer)
    await addContact(other.page, plan.other, 'Viewer')
    await save(other.page)

    await addContact(page, plan.newcomer, 'Administrator')
    await saveButton(page).click()
    await expect(flashPanel(page, 'Error', MESSAGES.stale)).toBeVisible()

    // Nothing of the refused save was stored: the current list has the other save only.
    await page.getByRole('link', { name: 'Load the current list' }).click()
    await expect(flashPanel(page, 'Error', MESSAGES.stale)).toHaveCount(0)
    await expect.poll(() => savedEmails(page)).toContain(plan.other)
    const now = await savedEmails(page)
    expect(now).toContain(plan.other)
    expect(now).not.toContain(plan.newcomer)

    // Clean up: the other person's contact goes again.
    await page.getByRole('button', { name: `Remove ${plan.other}` }).click()
    await save(page)
    expect(await savedEmails(page)).not.toContain(plan.other)
  } finally {
    await other.context.close()
  }
})

test('a view-only user sees the list with every control disabled', async ({ page }) => {
  await openScreen(page, 'viewer@acme.example', CUSTOMERS.acme)
  await expect(page.getByTestId('view-only-note')).toBeVisible()
  const inputs = emailInputs(page)
  expect(await inputs.count()).toBeGreaterThan(0)
  for (const input of await inputs.all()) await expect(input).toBeDisabled()
  for (const select of await mainRegion(page)
    .getByLabel(/^Contact \d+ role/)
    .all())
    await expect(select).toBeDisabled()
  for (const button of await page.getByRole('button', { name: /^Remove / }).all()) await expect(button).toBeDisabled()
  await expect(addButton(page)).toBeDisabled()
  await expect(saveButton(page)).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toBeDisabled()
  // The Support Coordinator row is locked for everyone.
  await expect(page.getByTestId('locked-contact')).toHaveCount(1)
  await expect(page.getByLabel('Contact 1 e-mail (locked)')).toHaveValue('asc@acme.example')
  // The change history is for vendor staff: no link, and the page says so.
  await expect(page.getByRole('link', { name: 'Change history' })).toHaveCount(0)
  await page.goto(`/portalaccess/audit?customer=${CUSTOMERS.acme.id}`)
  await expect(page.getByText('The change history is available to vendor staff only.')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})

test('vendor staff read the change history from the portal access page', async ({ page }, testInfo) => {
  const plan = planFor(testInfo)
  await openScreen(page, 'support@vendor.example', plan.customer)
  // Support is view-only on contacts, but reads the history.
  await expect(saveButton(page)).toBeDisabled()
  await page.getByRole('link', { name: 'Change history' }).click()
  await expect(page).toHaveURL(`/portalaccess/audit?customer=${plan.customer.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Change History' })).toBeVisible()
  const entries = page.getByTestId('audit-entry')
  await expect(entries.filter({ hasText: `Removed ${plan.newcomer} (Viewer)` }).first()).toBeVisible()
  await expect(entries.filter({ hasText: `Added ${plan.newcomer} (Viewer)` }).first()).toContainText(plan.admin)
  await expect(entries.filter({ hasText: `Added ${plan.other} (Viewer)` }).first()).toContainText(
    'busops@vendor.example',
  )
  await expectNoSeriousA11yViolations(page)

  await page.getByLabel('Area').selectOption('whitelist')
  await page.getByRole('button', { name: 'Show' }).click()
  await expect(page).toHaveURL(`/portalaccess/audit?customer=${plan.customer.id}&area=whitelist`)
  await expect(entries.filter({ hasText: 'Licensing Portal Access' })).toHaveCount(0)
})

test('leaving with unsaved changes asks first (JavaScript only)', async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), 'Without JavaScript nothing can stop a navigation; the page works as usual.')
  const plan = planFor(testInfo)
  await openScreen(page, plan.admin, plan.customer)
  await addContact(page, plan.other, 'Viewer')

  const leave = () =>
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Elastic Licensing' }).click()
  await leave()
  // The dialog is named by its text; its visible panel is 600 px wide.
  const dialog = page.getByRole('dialog', { name: MESSAGES.unsaved })
  const panel = dialog.getByTestId('unsaved-changes-dialog')
  await expect(panel).toBeVisible()
  await expect(panel.getByText(MESSAGES.unsaved, { exact: true })).toBeVisible()
  await expect(panel.getByRole('button')).toHaveText(['Cancel', 'Ok'])
  expect((await panel.boundingBox())?.width).toBe(600)
  await expectNoSeriousA11yViolations(page)

  await panel.getByRole('button', { name: 'Cancel' }).click()
  await expect(panel).toBeHidden()
  await expect(page).toHaveURL(screenPath(plan.customer))
  await expect(lastEmail(page)).toHaveValue(plan.other)

  await leave()
  await panel.getByRole('button', { name: 'Ok' }).click()
  await expect(page).toHaveURL(`/elastic?fromLeftMenu=true&customer=${plan.customer.id}`)

  // Nothing was saved.
  await gotoPortal(page, screenPath(plan.customer))
  expect(await savedEmails(page)).not.toContain(plan.other)
})
