import { expect, test, type Page } from './support/test'
import { signIn } from './support/auth'
import { jsEnabled } from './support/env'
import { customerBox, customerCombobox, flashPanel, expectNav } from './support/shell'
import { CUSTOMERS, NAV_BOREALIS, NOTICE, SEARCH_ERRORS, display } from './support/expectations'

/**
 * Finds a customer from the toolbar: without JavaScript the GET form and its
 * result page; with it the combobox (options after the one-second pause).
 */
async function findAndSelect(page: Page, js: boolean, text: string, pick: { id: string; name: string }) {
  const box = js ? await customerCombobox(page) : customerBox(page)
  if (js) {
    await box.fill(text)
    const option = page.getByRole('option', { name: display(pick), exact: true })
    await expect(option).toBeVisible({ timeout: 5_000 })
    await option.click()
  } else {
    await box.fill(text)
    await page.getByRole('button', { name: 'Find', exact: true }).click()
  }
  await expect(page).toHaveURL(`/home?customer=${pick.id}`)
  await expect(page.getByText(display(pick), { exact: true })).toBeVisible()
  await expect(customerBox(page)).toHaveValue(display(pick))
}

/** Types a search and expects the selector's error message, with no customer listed. */
async function expectSearchError(page: Page, js: boolean, text: string, message: string) {
  const box = js ? await customerCombobox(page) : customerBox(page)
  if (js) {
    // Type something first so that clearing the box is a change, too.
    await box.fill(text === '' ? 'x' : `${text}x`)
    await box.fill(text)
    await expect(page.getByRole('banner').getByText(message, { exact: true })).toBeVisible({ timeout: 5_000 })
    await expect(page.getByRole('option')).toHaveCount(0)
  } else {
    await box.fill(text)
    await page.getByRole('button', { name: 'Find', exact: true }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/customers' && url.searchParams.get('q') === text)
    await expect(page.getByRole('heading', { level: 1, name: 'Select a customer' })).toBeVisible()
    await expect(page.getByRole('main').getByRole('alert').filter({ hasText: message })).toHaveText(message)
    await expect(page.getByRole('main').getByRole('link', { name: /^\d+ \(/ })).toHaveCount(0)
  }
}

test.describe('customer search in the toolbar', () => {
  test('staff find a customer by number, by name and by "number (name)"', async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo)
    await signIn(page, 'busops@vendor.example')
    await expect(page).toHaveURL('/home')

    await findAndSelect(page, js, '1000002', CUSTOMERS.borealis)
    await expectNav(page, NAV_BOREALIS)
    await findAndSelect(page, js, 'cobalt', CUSTOMERS.cobalt)
    await findAndSelect(page, js, 'Acme Aerospace', CUSTOMERS.acme)
    await findAndSelect(page, js, '1000002 (Borealis Motors)', CUSTOMERS.borealis)
    // The name part is matched without regard to case.
    await findAndSelect(page, js, '1000003 (cobalt energy)', CUSTOMERS.cobalt)
  })

  test('Enter searches for what was typed at once, also while the page is still loading', async ({
    page,
  }, testInfo) => {
    const js = jsEnabled(testInfo)
    await signIn(page, 'busops@vendor.example')
    await expect(page).toHaveURL('/home')

    // Typed and Enter pressed straight away, before any suggestion could arrive.
    await customerBox(page).click()
    await page.keyboard.type('Borealis')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(`/home?customer=${CUSTOMERS.borealis.id}`)
    await expect(customerBox(page)).toHaveValue(display(CUSTOMERS.borealis))

    // On a slow connection the box is on screen before the scripts: what is typed then stays, and Enter still searches.
    let release = () => {}
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/build\/.*\.js$/, async (route) => {
      await scriptsHeld
      await route.continue()
    })
    await page.goto('/home', { waitUntil: 'commit' })
    await customerBox(page).fill('')
    await page.keyboard.type('Cobalt')
    release()
    if (js) await customerCombobox(page)
    await page.keyboard.type(' Energy')
    await expect(customerBox(page)).toHaveValue('Cobalt Energy')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(`/home?customer=${CUSTOMERS.cobalt.id}`)
    await expect(customerBox(page)).toHaveValue(display(CUSTOMERS.cobalt))
  })

  test('a search with several matches lists them as links to choose from', async ({ page }, testInfo) => {
    await signIn(page, 'busops@vendor.example')
    if (jsEnabled(testInfo)) {
      await (await customerCombobox(page)).fill('motors')
      const options = page.getByRole('option')
      await expect(options.first()).toBeVisible({ timeout: 5_000 })
      await expect(options).toHaveCount(22)
      await expect(options.first()).toHaveText(display(CUSTOMERS.borealis))
      await page.keyboard.press('Escape')
      await expect(options).toHaveCount(0)
    }
    await page.goto('/customers?q=motors')
    await expect(page.getByRole('heading', { level: 1, name: 'Select a customer' })).toBeVisible()
    await expect(page.getByText('22 customers found.')).toBeVisible()
    const results = page.getByRole('main').getByRole('listitem')
    await expect(results).toHaveCount(22)
    await expect(results.first()).toHaveText(display(CUSTOMERS.borealis))
    for (const text of await results.allInnerTexts()) expect(text.toLowerCase()).toContain('motors')
    await page.getByRole('link', { name: display(CUSTOMERS.borealis), exact: true }).click()
    await expect(page).toHaveURL(`/home?customer=${CUSTOMERS.borealis.id}`)
    await expect(customerBox(page)).toHaveValue(display(CUSTOMERS.borealis))
  })

  test('the three search errors: too many, none, invalid text', async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo)
    await signIn(page, 'busops@vendor.example')
    // Staff see every customer (about 600): an empty search finds too many.
    await expectSearchError(page, js, '', SEARCH_ERRORS.tooMany)
    await expectSearchError(page, js, 'zzzz', SEARCH_ERRORS.none)
    await expectSearchError(page, js, '(((', SEARCH_ERRORS.invalid)
    // The user is still on a page without a customer.
    await page.goto('/home')
    await expect(page).toHaveURL('/home')
  })

  test('a customer user only finds their own customers', async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo)
    await signIn(page, 'partner@channel.example')
    await expectSearchError(page, js, 'acme', SEARCH_ERRORS.none)
    await findAndSelect(page, js, 'borealis', CUSTOMERS.borealis)
  })

  test('selecting an export-denied customer leads to /noaccess', async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo)
    await signIn(page, 'busops@vendor.example')
    const box = js ? await customerCombobox(page) : customerBox(page)
    await box.fill(CUSTOMERS.embargo.id)
    if (js) {
      await page.getByRole('option', { name: display(CUSTOMERS.embargo) }).click({ timeout: 5_000 })
    } else {
      await page.getByRole('button', { name: 'Find', exact: true }).click()
    }
    // Spec 1 section 4: a non-empty status other than 'approved' sends the user to /noaccess.
    await expect(page).toHaveURL(`/noaccess?customer=${CUSTOMERS.embargo.id}`)
    await expect(page.getByText(NOTICE.noaccess.text)).toBeVisible()
  })

  test('?customer= of a customer the user cannot reach shows an error on /home', async ({ page }, testInfo) => {
    await signIn(page, 'partner@channel.example')
    await page.goto(`/portalaccess?customer=${CUSTOMERS.acme.id}`)
    await expect(page).toHaveURL('/home')
    const panel = flashPanel(
      page,
      'Error',
      `Customer ${CUSTOMERS.acme.id} was not found or you do not have access to it.`,
    )
    await expect(panel).toBeVisible()
    await expect(customerBox(page)).toHaveValue('')
    // A customer number that does not exist at all gets the same answer.
    await page.goto('/home?customer=9999999')
    await expect(page).toHaveURL('/home')
    const missing = flashPanel(page, 'Error', 'Customer 9999999 was not found or you do not have access to it.')
    await expect(missing).toBeVisible()
    // Dismiss closes the panel (without JavaScript by reloading; the message is shown once).
    await missing.getByRole(jsEnabled(testInfo) ? 'button' : 'link', { name: 'Dismiss' }).click()
    await expect(missing).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Paolo' })).toBeVisible()
  })
})
