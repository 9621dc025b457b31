import { expect, test, type Page } from './support/test'
import { gotoPortal, signIn, waitForPortal } from './support/auth'
import { jsEnabled } from './support/env'
import { expectNav, mainNav, mainRegion, navMenuControl } from './support/shell'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { CUSTOMERS, NAV_ACME, NOTICE } from './support/expectations'
import { withE2eDb } from './support/database'
import { hosts } from '../../db/schema'
import { eq } from 'drizzle-orm'

/** WCAG 1.4.10 Reflow: from a 320 px window up, the page never scrolls sideways. */
const WIDTHS = [320, 390, 768, 1024, 1366]
const ACME = CUSTOMERS.acme.id
const withAcme = (path: string) => `${path}${path.includes('?') ? '&' : '?'}customer=${ACME}`

/**
 * How far the page reaches past the window at each width, with the element
 * that reaches furthest (outside any box that scrolls on its own) to explain
 * a failure. Resizing needs no reload: the layout follows the window.
 */
async function overflowAtEachWidth(page: Page) {
  const found: { width: number; overflow: number; widest: string }[] = []
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 })
    const { overflow, widest } = await page.evaluate(() => {
      const overflow = document.documentElement.scrollWidth - window.innerWidth
      let widest = ''
      let right = window.innerWidth
      if (overflow > 0) {
        for (const element of document.body.querySelectorAll('*')) {
          const box = element.getBoundingClientRect()
          if (box.right > right && !element.parentElement?.closest('[data-scroll-container]')) {
            right = box.right
            widest = `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}"> to ${Math.round(right)} px`
          }
        }
      }
      return { overflow, widest }
    })
    found.push({ width, overflow, widest })
  }
  return found
}

/** A page is ready to measure once it is interactive (with JavaScript) and its content is there. */
async function portalReady(page: Page) {
  await waitForPortal(page)
  await expect(mainRegion(page)).toBeVisible()
}

async function expectReflow(page: Page, path: string, ready = portalReady) {
  await test.step(path, async () => {
    await page.setViewportSize({ width: 1366, height: 800 })
    await page.goto(path)
    await ready(page)
    const wide = (await overflowAtEachWidth(page)).filter((w) => w.overflow > 0)
    expect.soft(wide, `${path} scrolls sideways`).toEqual([])
  })
}

/** The address of the first link on `listPath` whose address matches `pattern`. */
async function firstLinkTo(page: Page, listPath: string, pattern: RegExp) {
  await gotoPortal(page, listPath)
  const href = await page
    .getByRole('main')
    .locator('a[href]')
    .evaluateAll(
      (links, source) => links.map((a) => a.getAttribute('href') ?? '').find((h) => new RegExp(source).test(h)),
      pattern.source,
    )
  expect(href, `a link to ${pattern} on ${listPath}`).toBeTruthy()
  return href as string
}

test.describe('reflow: no page scrolls sideways at 320, 390, 768, 1024 and 1366 px', () => {
  test('the pages of a customer administrator', async ({ page }) => {
    test.setTimeout(120_000)
    await signIn(page, 'admin@acme.example')
    const alert = await firstLinkTo(page, withAcme('/notifications-category/critical'), /^\/notification-details\/\d+/)
    const email = await firstLinkTo(page, withAcme('/emails'), /^\/emails\/\d+/)
    const webEntitlement = await firstLinkTo(
      page,
      withAcme('/webassignments/entitlements'),
      /^\/webassignments\/entitlements\/[^/?]+/,
    )
    for (const path of [
      withAcme('/home'),
      '/customers?q=acme',
      withAcme('/portalaccess'),
      withAcme('/whitelistips'),
      withAcme('/clscredentials'),
      withAcme('/notifications'),
      withAcme('/notifications?tab=resolved'),
      withAcme('/notifications-category/critical'),
      alert,
      email,
      withAcme('/webassignments'),
      withAcme('/webassignments/entitlements'),
      webEntitlement,
      withAcme('/webassignments/groups'),
      withAcme('/webassignments/groups/Design'),
      withAcme('/webassignments/users'),
      withAcme('/webassignments/users/admin%40acme.example'),
      withAcme('/webtransactions'),
      withAcme('/webreporting'),
      withAcme('/help'),
      withAcme('/help?q=licence+file'),
      withAcme('/help/add-web-users-in-bulk'),
      withAcme('/help/find-why-a-web-checkout-was-denied'),
      // An answer with its figures and link, and one that offers screens and help articles.
      withAcme('/ask?q=how+much+elastic+credit+is+left'),
      withAcme('/ask?q=what+is+the+weather+in+Paris'),
      withAcme('/nopermissions'),
      withAcme('/noascaccess'),
      withAcme('/there-is-no-such-page'),
    ])
      await expectReflow(page, path)
    // A page without JavaScript, a dialog over the page with it.
    await expectReflow(page, withAcme('/settings/features'), (p) =>
      expect(p.getByRole('heading', { name: 'Enabled Feature Flags' })).toBeVisible(),
    )
  })

  test('the assignment matrix, for users who have it from the seed', async ({ page }) => {
    test.setTimeout(120_000)
    await signIn(page, 'webmatrix.admin@acme.example')
    for (const query of ['', '&page=2', '&q=Design', '&q=zzzz-nobody']) {
      await expectReflow(page, `/webassignments-v2?customer=${ACME}${query}`)
    }
    await signIn(page, 'webmatrix.viewer@acme.example')
    await expectReflow(page, withAcme('/webassignments-v2'))
    await signIn(page, 'webmatrix.admin@borealis.example')
    await expectReflow(page, `/webassignments-v2?customer=${CUSTOMERS.borealis.id}`)
  })

  test('the pages only staff see, and the notices about a customer', async ({ page }) => {
    await signIn(page, 'busops@vendor.example')
    // Before any customer is chosen.
    await expectReflow(page, '/home')
    await expectReflow(page, '/noselectedcustomer')
    await expect(page.getByRole('heading', { level: 1, name: NOTICE.noselectedcustomer.heading })).toBeVisible()
    await expectReflow(page, '/customers?q=a')
    await expectReflow(page, withAcme('/portalaccess/audit'))
    await expectReflow(page, `/noaccess?customer=${CUSTOMERS.embargo.id}`)
    await expect(page.getByRole('heading', { level: 1, name: NOTICE.noaccess.heading })).toBeVisible()
    await expectReflow(page, `/notypecustomer?customer=${CUSTOMERS.delta.id}`)
    await expect(page.getByRole('heading', { level: 1, name: NOTICE.notypecustomer.heading })).toBeVisible()
  })

  test('the API reference and the page where a script is signed in', async ({ page }) => {
    await expectReflow(page, '/api/docs', (p) =>
      expect(p.getByRole('heading', { level: 1, name: 'Licensing API reference' })).toBeVisible(),
    )
    await expectReflow(page, '/oidc/device', (p) =>
      expect(p.getByRole('heading', { level: 1, name: 'Sign in a script to the Licensing API' })).toBeVisible(),
    )
  })

  test('every screen of the side menu, and the sign-in and signed-out pages', async ({ page }) => {
    test.setTimeout(180_000)
    const atSignIn = (p: Page) =>
      expect(p.getByRole('heading', { name: 'Sign in to the Licensing Portal' })).toBeVisible()
    await expectReflow(page, '/auth/login', atSignIn)
    await signIn(page, 'admin@acme.example')
    for (const item of NAV_ACME.flatMap((group) => group.items)) {
      const href = await mainNav(page).getByRole('link', { name: item, exact: true }).getAttribute('href')
      if (href) await expectReflow(page, href)
    }
    await expectReflow(page, '/auth/signed-out', (p) => expect(p.getByText('You have signed out.')).toBeVisible())
  })

  test("a channel partner's customers on Home, and one customer's cards", async ({ page }) => {
    await signIn(page, 'partner@channel.example')
    await expectReflow(page, '/home')
    await expect(page.getByTestId('customer-list')).toBeVisible()
    await expectReflow(page, `/home?customer=${CUSTOMERS.borealis.id}`)
  })

  test('the notice for a user without a customer', async ({ page }) => {
    await signIn(page, 'nobody@example.com')
    await expectReflow(page, '/nocustomer')
    await expect(page.getByRole('heading', { level: 1, name: NOTICE.nocustomer.heading })).toBeVisible()
  })
})

// The data grid's table scrolls in a box of its own; the page does not.
test.describe('reflow of the data grid pages', () => {
  test('the email list', async ({ page }) => {
    await signIn(page, 'admin@acme.example')
    await expectReflow(page, withAcme('/emails'))
  })

  test('the activation editor with a host, its review and Add New Host', async ({ page }) => {
    await signIn(page, 'admin@acme.example')
    const host = await withE2eDb((db) => db.select().from(hosts).where(eq(hosts.name, 'acme-lic01')).get()!)
    const editor = withAcme(`/activations?id=${host.id}`)
    await expectReflow(page, editor, (p) =>
      expect(p.getByRole('region', { name: 'Assigned Entitlements table' })).toBeVisible(),
    )
    const remove = await page
      .getByRole('button', { name: /^Remove (?!All$)/ })
      .first()
      .getAttribute('aria-label')
    const change = new URLSearchParams({ remove: `${ACME}:${remove!.split(' ').at(-1)}`, review: 'generate' })
    await expectReflow(page, `${editor}&${change}`, (p) =>
      expect(p.getByRole('region', { name: /^Remove \d+ × .+ from acme-lic01$/ })).toBeVisible(),
    )
    await expectReflow(page, withAcme('/activations?addHost=triad'), (p) =>
      expect(p.getByRole('region', { name: 'Add New Host' })).toBeVisible(),
    )
  })

  test('Manage Activations with a history open, the activations on a host and the rehost form', async ({ page }) => {
    await signIn(page, 'admin@acme.example')
    const host = await withE2eDb((db) => db.select().from(hosts).where(eq(hosts.name, 'acme-lic01')).get()!)
    await expectReflow(page, withAcme(`/activations-history?open=${host.id}`), (p) =>
      expect(p.getByRole('table', { name: 'History of acme-lic01' })).toBeVisible(),
    )
    await expectReflow(page, withAcme(`/activations-history?view=${host.id}`), (p) =>
      expect(p.getByRole('heading', { name: /^The following products are activated on Host ID/ })).toBeVisible(),
    )
    await expectReflow(page, withAcme(`/activations-history?rehost=${host.id}&triad=1`), (p) =>
      expect(p.getByRole('heading', { name: 'Rehost acme-lic01' })).toBeVisible(),
    )
    await expectReflow(page, withAcme('/activations-history/check'), (p) =>
      expect(p.getByRole('button', { name: 'Check' })).toBeVisible(),
    )
  })

  test('Flexible Spending Account: the contracts, an order with its confirmation, the history', async ({ page }) => {
    await signIn(page, 'admin@acme.example')
    await expectReflow(page, withAcme('/entitlementsFSA'))
    await expectReflow(page, withAcme('/entitlementsFSA?tab=history'))
    await expectReflow(page, withAcme('/entitlementsFSA?tab=order'), async (p) => {
      await portalReady(p)
      await p.getByRole('button', { name: 'Add product' }).click()
      await p.getByRole('group', { name: 'Line 1' }).getByLabel('Product').selectOption({ label: 'Ansys HFSS' })
      if (!jsEnabled(test.info())) await p.getByRole('button', { name: 'Update costs' }).click()
      await p.getByRole('button', { name: 'Order Now' }).click()
      await expect(p.getByTestId('order-confirmation')).toBeVisible()
    })
  })

  test('Elastic Licensing with its credit charts, and Leases/Perpetuals', async ({ page }) => {
    await signIn(page, 'admin@acme.example')
    await expectReflow(page, withAcme('/elastic'))
    await expectReflow(page, withAcme('/ssl'))
  })
})

/** The panel's own Close menu control (the sidebar's collapse button has the same name). */
function drawerClose(page: Page, js: boolean) {
  const nav = mainNav(page)
  return js ? nav.locator('button[data-drawer-close]') : nav.getByRole('link', { name: 'Close menu', exact: true })
}

test.describe('the main navigation on a narrow window', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 })
    await signIn(page, 'admin@acme.example')
  })

  test('opens from the toolbar as a panel over the page and closes again', async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo)
    const nav = mainNav(page)
    const control = navMenuControl(page, js)
    await expect(nav).toBeHidden()
    await expect(control).toBeVisible()

    await control.click()
    await expect(nav).toBeVisible()
    await expectNav(page, NAV_ACME)
    expect(await nav.boundingBox()).toMatchObject({ x: 0, width: 300 })
    const close = drawerClose(page, js)
    if (js) {
      await expect(control).toHaveAttribute('aria-expanded', 'true')
      await expect(control).toHaveAttribute('aria-controls', 'main-nav')
      await expect(close, 'focus moves into the panel').toBeFocused()

      await page.keyboard.press('Escape')
      await expect(nav).toBeHidden()
      await expect(control).toHaveAttribute('aria-expanded', 'false')
      await expect(control, 'focus returns to the Menu button').toBeFocused()

      // A click beside the panel closes it, and does not reach the page under it.
      await control.click()
      await expect(nav).toBeVisible()
      await page.mouse.click(360, 700)
      await expect(nav).toBeHidden()
      await expect(control).toBeFocused()
      await expect(page).toHaveURL(withAcme('/home'))

      // Folding the groups acts inside the panel and leaves it open.
      await control.click()
      await expect(nav).toBeVisible()
      await nav.getByRole('button', { name: 'Collapse all' }).click()
      await expect(nav.getByRole('link', { name: 'Emails' })).toBeHidden()
      await expect(nav.getByRole('button', { name: 'Expand all' })).toBeVisible()
      await nav.getByRole('button', { name: 'Expand all' }).click()
      await expect(nav.getByRole('link', { name: 'Emails' })).toBeVisible()
    }
    await close.click()
    await expect(nav).toBeHidden()
    await expect(control).toBeFocused()
  })

  test('its links lead to their pages and leave the panel closed', async ({ page }, testInfo) => {
    const nav = mainNav(page)
    await navMenuControl(page, jsEnabled(testInfo)).click()
    await nav.getByRole('link', { name: 'Licensing Portal Access', exact: true }).click()
    await expect(page).toHaveURL(withAcme('/portalaccess'))
    await expect(page.getByRole('heading', { level: 1, name: 'Licensing Portal Access' })).toBeVisible()
    await expect(nav).toBeHidden()
    await navMenuControl(page, jsEnabled(testInfo)).click()
    await expect(nav.getByRole('link', { name: 'Licensing Portal Access', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    )
  })

  test('the open panel passes the accessibility checks', async ({ page }, testInfo) => {
    await navMenuControl(page, jsEnabled(testInfo)).click()
    await expect(mainNav(page)).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })

  test('the panel is at most as wide as the window and the page stays within it', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 320, height: 640 })
    await navMenuControl(page, jsEnabled(testInfo)).click()
    const box = await mainNav(page).boundingBox()
    expect(box?.width).toBeLessThanOrEqual(320)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  })
})

test.describe('the shell on a phone', () => {
  test('the toolbar and the alerts leave the content near the top', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 640 })
    await signIn(page, 'admin@acme.example')
    // With active alerts: the strip gives way to a badge in the toolbar.
    await expect(page.getByRole('banner').getByRole('link', { name: /active alerts?$/ })).toBeVisible()
    for (const [width, most] of [
      [390, 150],
      [320, 190],
    ]) {
      await page.setViewportSize({ width, height: 640 })
      await expect
        .poll(async () => (await page.getByRole('main').boundingBox())!.y, `at ${width} px`)
        .toBeLessThanOrEqual(most)
    }
  })
})

test.describe('the sidebar on a wide window', () => {
  test('shows beside the page, without the Menu control; with JavaScript it collapses to a rail', async ({
    page,
  }, testInfo) => {
    const js = jsEnabled(testInfo)
    await page.setViewportSize({ width: 1366, height: 800 })
    await signIn(page, 'admin@acme.example')
    const nav = mainNav(page)
    await expectNav(page, NAV_ACME)
    await expect(navMenuControl(page, js)).toBeHidden()
    await expect(drawerClose(page, js)).toBeHidden()
    expect(Math.round((await nav.boundingBox())!.width)).toBe(240)
    expect(Math.round((await mainRegion(page).boundingBox())!.x)).toBe(240)
    if (!js) return

    await nav.getByRole('button', { name: 'Close menu' }).click()
    await expect(nav.getByRole('link', { name: 'Emails' })).toBeHidden()
    await expect.poll(async () => Math.round((await nav.boundingBox())!.width)).toBe(40)
    await expect.poll(async () => Math.round((await mainRegion(page).boundingBox())!.x)).toBe(40)
    await nav.getByRole('button', { name: 'Open menu' }).click()
    await expect(nav.getByRole('link', { name: 'Emails' })).toBeVisible()
    await expect.poll(async () => Math.round((await mainRegion(page).boundingBox())!.x)).toBe(240)
  })
})
