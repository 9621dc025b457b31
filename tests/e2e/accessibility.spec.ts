import { expect, test } from './support/test'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { gotoPortal, signIn } from './support/auth'
import { jsEnabled } from './support/env'
import { menuPopup, menuTrigger, userMenuLabel } from './support/shell'
import { CUSTOMERS, NOTICE } from './support/expectations'

/** axe (WCAG A/AA): no serious or critical violation on the pages of the shell. */
test.describe('accessibility', () => {
  // Each check runs axe once or more per page: allow for it.
  test.slow()

  test('identity provider sign-in page, also with an error', async ({ page }) => {
    await page.goto('/auth/login')
    await expect(page.getByRole('heading', { name: 'Sign in to the Licensing Portal' })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await page.getByLabel('Email').fill('admin@acme.example')
    await page.getByLabel('Password').fill('wrong')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })

  test('/home without a customer, customer search results and errors', async ({ page }) => {
    await signIn(page, 'busops@vendor.example')
    await expect(page).toHaveURL('/home')
    await expectNoSeriousA11yViolations(page)
    await gotoPortal(page, '/customers?q=motors')
    await expect(page.getByText('22 customers found.')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await gotoPortal(page, '/customers?q=zzzz')
    await expect(page.getByRole('main').getByText('No account found.')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })

  test('/home with a customer, and with an error panel', async ({ page }) => {
    await signIn(page, 'admin@acme.example')
    await expect(page.getByTestId('selected-customer')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await gotoPortal(page, '/home?customer=9999999')
    await expect(page.getByText('Customer 9999999 was not found or you do not have access to it.')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })

  test('notice pages of a staff user: no selected customer, type not allowed, access denied', async ({ page }) => {
    await signIn(page, 'busops@vendor.example')
    for (const [path, notice] of [
      ['/noselectedcustomer', NOTICE.noselectedcustomer],
      [`/notypecustomer?customer=${CUSTOMERS.delta.id}`, NOTICE.notypecustomer],
      [`/noaccess?customer=${CUSTOMERS.embargo.id}`, NOTICE.noaccess],
    ] as const) {
      await gotoPortal(page, path)
      await expect(page.getByText(notice.text)).toBeVisible()
      await expectNoSeriousA11yViolations(page)
    }
  })

  test('notice pages of a customer user: not enough permissions, support coordinator required, 404', async ({
    page,
  }) => {
    await signIn(page, 'admin@acme.example')
    for (const [path, text] of [
      ['/nopermissions', NOTICE.nopermissions.text],
      ['/noascaccess', NOTICE.noascaccess.text],
      ['/there-is-no-such-page', 'Page not found'],
    ] as const) {
      await gotoPortal(page, path)
      await expect(page.getByText(text)).toBeVisible()
      await expectNoSeriousA11yViolations(page)
    }
  })

  test('the help pages: the index, a search, an article with a table and one with a code block', async ({ page }) => {
    await signIn(page, 'admin@acme.example')
    for (const [path, heading] of [
      ['/help', 'Help'],
      ['/help?q=licence+fle', 'Help'],
      ['/help/find-why-a-web-checkout-was-denied', 'Find why a web checkout was denied'],
      ['/help/add-web-users-in-bulk', 'Add web users in bulk'],
    ] as const) {
      await gotoPortal(page, `${path}${path.includes('?') ? '&' : '?'}customer=${CUSTOMERS.acme.id}`)
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible()
      await expectNoSeriousA11yViolations(page)
    }
  })

  test('Ask anything: an answer, one that offers screens and help, and a refusal', async ({ page }) => {
    await signIn(page, 'sales@vendor.example')
    for (const [customer, question, kind] of [
      [CUSTOMERS.acme.id, 'how much elastic credit is left', 'answered'],
      [CUSTOMERS.acme.id, 'what is the weather in Paris', 'unsure'],
      [CUSTOMERS.acme.id, `who has portal access to ${CUSTOMERS.embargo.name}`, 'refused'],
    ] as const) {
      await gotoPortal(page, `/ask?${new URLSearchParams({ customer, q: question })}`)
      await expect(page.getByTestId('ask-answer')).toHaveAttribute('data-kind', kind)
      await expectNoSeriousA11yViolations(page)
    }
  })

  test('the web assignments pages of a customer administrator', async ({ page }) => {
    await signIn(page, 'admin@acme.example')
    for (const [path, heading] of [
      ['/webassignments', 'Assignments'],
      ['/webassignments/entitlements', 'Entitlements'],
      ['/webassignments/groups', 'Groups'],
      ['/webassignments/groups/Design', 'Group Design'],
      ['/webassignments/users', 'Users'],
      ['/webassignments/users/admin%40acme.example', /./],
      ['/webtransactions', 'Transactions'],
      ['/webreporting', 'Reporting'],
    ] as const) {
      await gotoPortal(page, `${path}?customer=${CUSTOMERS.acme.id}`)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      await expectNoSeriousA11yViolations(page)
    }
    await gotoPortal(page, `/webassignments/entitlements?customer=${CUSTOMERS.acme.id}`)
    await page.getByRole('link', { name: 'Ansys Fluent - Named User', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Ansys Fluent - Named User' })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })

  test('the assignment matrix of an administrator and a viewer who have it from the seed', async ({ page }) => {
    const matrix = (customer: string, query = '') => `/webassignments-v2?customer=${customer}${query}`
    for (const [email, customer, queries] of [
      // Acme has shared and named licences and two pages of users; Borealis named licences only.
      ['webmatrix.admin@acme.example', CUSTOMERS.acme.id, ['', '&page=2', '&q=Design', '&q=zzzz-nobody']],
      ['webmatrix.viewer@acme.example', CUSTOMERS.acme.id, ['']],
      ['webmatrix.admin@borealis.example', CUSTOMERS.borealis.id, ['']],
    ] as const) {
      await signIn(page, email, { start: `/home?customer=${customer}` })
      for (const query of queries) {
        await gotoPortal(page, matrix(customer, query))
        await expect(page.getByRole('heading', { level: 1, name: 'Assignments' })).toBeVisible()
        await expectNoSeriousA11yViolations(page)
      }
    }
  })

  test('/transactions with the Custom calendar open', async ({ page }) => {
    await signIn(page, 'lena.fischer@acme.example')
    await gotoPortal(page, `/transactions?customer=${CUSTOMERS.acme.id}&picker=custom`)
    await expect(page.getByRole('region', { name: 'Custom date range' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Usage Transactions table' })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })

  test('/nocustomer', async ({ page }) => {
    await signIn(page, 'nobody@example.com')
    await expect(page.getByText(NOTICE.nocustomer.text)).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })

  test('Settings > Features (a page without JavaScript, a dialog with it)', async ({ page }, testInfo) => {
    await signIn(page, 'viewer@acme.example')
    await page.getByRole('link', { name: 'Settings > Features' }).click()
    const title = jsEnabled(testInfo)
      ? page.getByRole('dialog', { name: 'Enabled Feature Flags' }).getByRole('heading')
      : page.getByRole('heading', { level: 1, name: 'Enabled Feature Flags' })
    await expect(title).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })

  test('Ask anything: the page without JavaScript, the conversation panel with it', async ({ page }, testInfo) => {
    const acme = CUSTOMERS.acme.id
    await signIn(page, 'admin@acme.example', { start: `/home?customer=${acme}` })
    const box = page.getByRole('search', { name: 'Ask anything' })
    await box.getByRole('searchbox', { name: 'Ask anything' }).fill('how much elastic credit is left')
    await box.getByRole('button', { name: 'Ask', exact: true }).click()
    const answer = jsEnabled(testInfo)
      ? page.getByRole('dialog', { name: 'Ask anything' }).getByTestId('ask-answer')
      : page.getByRole('main').getByTestId('ask-answer')
    await expect(answer).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })

  test('the open toolbar menus', async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo)
    const email = 'viewer@acme.example'
    await signIn(page, email)
    await menuTrigger(page, 'Help', js).click()
    await expect(menuPopup(page, 'Help', js).getByText('Documentation')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    if (js) await page.keyboard.press('Escape')
    else await menuTrigger(page, 'Help', js).click()
    await menuTrigger(page, userMenuLabel(email), js).click()
    await expect(menuPopup(page, userMenuLabel(email), js).getByText('Sign Out')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })

  test('/auth/signed-out', async ({ page }) => {
    await page.goto('/auth/signed-out')
    await expect(page.getByRole('heading', { name: 'You have signed out.' })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })
})
