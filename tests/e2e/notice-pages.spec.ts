import { expect, test, type Page, type TestInfo } from './support/test'
import { gotoPortal, signIn } from './support/auth'
import { customerBox, expectBreadcrumbs, mainNav } from './support/shell'
import { CUSTOMERS, NOTICE } from './support/expectations'

async function expectNotice(page: Page, page_: keyof typeof NOTICE, url: string) {
  await expect(page).toHaveURL(url)
  await expect(page.getByRole('heading', { level: 1, name: NOTICE[page_].heading, exact: true })).toBeVisible()
  await expect(page.getByRole('main').getByText(NOTICE[page_].text, { exact: true })).toBeVisible()
}

async function expectElastic(page: Page, customer: string) {
  await expect(page).toHaveURL(`/elastic?customer=${customer}`)
  await expectBreadcrumbs(page, ['Entitlements', 'Elastic Licensing'])
}

test.describe('notice pages and their exits', () => {
  test('staff without a customer: customer screens ask for one; choosing one leaves the notice', async ({ page }) => {
    await signIn(page, 'busops@vendor.example')
    for (const path of ['/elastic', '/emails', '/portalaccess', '/activations']) {
      await gotoPortal(page, path)
      await expectNotice(page, 'noselectedcustomer', '/noselectedcustomer')
    }
    // '/' opens Elastic Licensing, which needs a customer too.
    await gotoPortal(page, '/')
    await expectNotice(page, 'noselectedcustomer', '/noselectedcustomer')
    // With a customer the notice sends the user on to Elastic Licensing.
    await gotoPortal(page, `/noselectedcustomer?customer=${CUSTOMERS.borealis.id}`)
    await expectElastic(page, CUSTOMERS.borealis.id)
  })

  test('an export-denied customer leads to /noaccess; an approved one leaves it', async ({ page }) => {
    await signIn(page, 'busops@vendor.example')
    await gotoPortal(page, `/elastic?customer=${CUSTOMERS.embargo.id}`)
    await expectNotice(page, 'noaccess', `/noaccess?customer=${CUSTOMERS.embargo.id}`)
    await gotoPortal(page, `/portalaccess?customer=${CUSTOMERS.embargo.id}`)
    await expectNotice(page, 'noaccess', `/noaccess?customer=${CUSTOMERS.embargo.id}`)
    await gotoPortal(page, `/noaccess?customer=${CUSTOMERS.acme.id}`)
    await expectElastic(page, CUSTOMERS.acme.id)
    // An empty export status counts as allowed as well.
    await gotoPortal(page, `/noaccess?customer=${CUSTOMERS.borealis.id}`)
    await expectElastic(page, CUSTOMERS.borealis.id)
  })

  test('a customer of type Undefined cannot open the entitlement screens', async ({ page }) => {
    await signIn(page, 'busops@vendor.example')
    await gotoPortal(page, `/elastic?customer=${CUSTOMERS.delta.id}`)
    await expectNotice(page, 'notypecustomer', `/notypecustomer?from=%2Felastic&customer=${CUSTOMERS.delta.id}`)
    await gotoPortal(page, `/ssl?customer=${CUSTOMERS.delta.id}`)
    await expectNotice(page, 'notypecustomer', `/notypecustomer?from=%2Fssl&customer=${CUSTOMERS.delta.id}`)
    // Channel, Direct and Indirect customers leave the notice for Elastic Licensing.
    await gotoPortal(page, `/notypecustomer?customer=${CUSTOMERS.borealis.id}`)
    await expectElastic(page, CUSTOMERS.borealis.id)
  })

  test('the email list refuses an Indirect customer with /notypecustomer', async ({ page }) => {
    await signIn(page, 'partner@channel.example')
    await gotoPortal(page, `/emails?customer=${CUSTOMERS.cobalt.id}`)
    // Spec 1 section 6: the email list is for Channel or Direct customers; others go to /notypecustomer.
    await expectNotice(page, 'notypecustomer', `/notypecustomer?from=%2Femails&customer=${CUSTOMERS.cobalt.id}`)
    // Once a Channel customer is chosen, the notice lets the user go on.
    await gotoPortal(page, `/notypecustomer?from=%2Femails&customer=${CUSTOMERS.borealis.id}`)
    await expectElastic(page, CUSTOMERS.borealis.id)
  })

  test('the email list opens for a Channel customer', async ({ page }) => {
    await signIn(page, 'partner@channel.example')
    await gotoPortal(page, `/emails?customer=${CUSTOMERS.borealis.id}`)
    await expect(page).toHaveURL(`/emails?customer=${CUSTOMERS.borealis.id}`)
    await expectBreadcrumbs(page, ['Messages', 'Emails'])
  })

  test('activations without the permission go to / and on to Elastic Licensing, which sends a customer without elastic records to Leases/Perpetuals', async ({
    page,
  }) => {
    // A generated Channel customer without SSL: nobody may activate on it, not even staff.
    const customer = '1000101'
    await signIn(page, 'busops@vendor.example')
    await gotoPortal(page, `/home?customer=${customer}`)
    await expect(page.getByText('1000101 (Keystone Electronics North America Inc.)', { exact: true })).toBeVisible()
    await expect(
      mainNav(page).getByRole('link', { name: 'Activate Entitlements' }),
      'no Activations in the menu',
    ).toHaveCount(0)
    const response = await gotoPortal(page, `/activations?customer=${customer}`)
    await expect(page).toHaveURL(`/ssl?customer=${customer}`)
    // The way there passed through the root and Elastic Licensing.
    const chain: string[] = []
    for (let r = response?.request().redirectedFrom(); r; r = r.redirectedFrom())
      chain.unshift(new URL(r.url()).pathname)
    expect(chain).toEqual(['/activations', '/', '/elastic'])
    await gotoPortal(page, `/activations-history?customer=${customer}`)
    await expect(page).toHaveURL(`/ssl?customer=${customer}`)
  })

  test('/nopermissions and /noascaccess show their texts and let go when the customer changes', async ({ page }) => {
    await signIn(page, 'admin@acme.example')
    await gotoPortal(page, '/nopermissions')
    await expectNotice(page, 'nopermissions', `/nopermissions?customer=${CUSTOMERS.acme.id}`)
    await gotoPortal(page, '/noascaccess')
    await expectNotice(page, 'noascaccess', `/noascaccess?customer=${CUSTOMERS.acme.id}`)
    // Refused for another customer than the one now selected: back to Elastic Licensing.
    await gotoPortal(page, `/nopermissions?customer=${CUSTOMERS.acme.id}&denied=${CUSTOMERS.borealis.id}`)
    await expectElastic(page, CUSTOMERS.acme.id)
  })

  test('an unknown path shows "Page not found" with status 404 inside the shell', async ({ page }) => {
    await signIn(page, 'admin@acme.example')
    const response = await gotoPortal(page, '/no-such-page/at-all')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
    await expect(page.getByText('The page you asked for does not exist.', { exact: false })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    await page.getByRole('link', { name: 'Go to the home page' }).click()
    await expect(page).toHaveURL(`/home?customer=${CUSTOMERS.acme.id}`)
  })
})

function freshContext(testInfo: TestInfo) {
  const { baseURL, javaScriptEnabled } = testInfo.project.use
  return { baseURL, javaScriptEnabled }
}

test.describe('bookmarks', () => {
  test('a deep link opens the same customer, signing in first when needed', async ({ browser }, testInfo) => {
    const url = `/portalaccess?customer=${CUSTOMERS.acme.id}`
    // A fresh browser that is not signed in: sign-in comes back to the bookmarked page.
    const first = await browser.newContext(freshContext(testInfo))
    try {
      const page = await first.newPage()
      await signIn(page, 'busops@vendor.example', { start: url })
      await expect(page).toHaveURL(url)
      await expectBreadcrumbs(page, ['Settings', 'Licensing Portal Access'])
      await expect(customerBox(page)).toHaveValue('1000001 (Acme Aerospace)')
    } finally {
      await first.close()
    }
    // Another fresh browser, signed in first (staff start with no customer), then the bookmark.
    const second = await browser.newContext(freshContext(testInfo))
    try {
      const page = await second.newPage()
      await signIn(page, 'busops@vendor.example')
      await expect(page).toHaveURL('/home')
      await gotoPortal(page, url)
      await expect(page).toHaveURL(url)
      await expectBreadcrumbs(page, ['Settings', 'Licensing Portal Access'])
      await expect(customerBox(page)).toHaveValue('1000001 (Acme Aerospace)')
      // A bare address takes the remembered customer into the URL.
      await gotoPortal(page, '/whitelistips')
      await expect(page).toHaveURL(`/whitelistips?customer=${CUSTOMERS.acme.id}`)
    } finally {
      await second.close()
    }
  })
})
