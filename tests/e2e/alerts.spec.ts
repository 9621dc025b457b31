import { expect, test, type Page } from './support/test'
import { gotoPortal, signIn, waitForPortal } from './support/auth'
import { jsEnabled } from './support/env'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { CUSTOMERS } from './support/expectations'

/**
 * Service alerts: the banner on every page, the Alerts list with its Active
 * and Resolved tabs, the category pages and the alert details. The demo alerts
 * are dated relative to the seeding time (db/seed-notifications.ts).
 */

// Each journey signs in and runs axe on several pages.
test.describe.configure({ timeout: 60_000 })

const ACME = CUSTOMERS.acme.id
const withAcme = (path: string) => `${path}${path.includes('?') ? '&' : '?'}customer=${ACME}`

const INTRO =
  'We constantly monitor our services and their related components. If there is ever a service interruption, a notification will be posted to this page. If you are experiencing problems not listed on this page, you can submit a request for service.'
const MULTIPLE_TEXT =
  'Multiple items affecting Elastic Licensing, Licensing Portal, Cloud Licensing Server and FlexNet Licensing.'
const PANELS = [
  { title: 'Outage', icon: 'Critical', services: 'Elastic Licensing', slug: 'critical' },
  {
    title: 'Service Degradation',
    icon: 'Warning',
    services: 'Licensing Portal and Cloud Licensing Server',
    slug: 'warning',
  },
  { title: 'Planned Maintenance', icon: 'Info', services: 'FlexNet Licensing', slug: 'info' },
  { title: 'Information', icon: 'OK', services: 'Cloud Licensing Server', slug: 'ok' },
]
const RESOLVED_TITLES = [
  'Cloud licensing outage',
  'Delayed usage reports',
  'Database maintenance',
  'New sign-in page',
  'FlexNet Licensing outage',
]
const DATE = /^\d{4}-\d{2}-\d{2} \d{1,2}:\d{2}$/

const banner = (page: Page) => page.getByRole('region', { name: 'Service alerts' })

/** The Active or Resolved tab: a tab with JavaScript, a plain link in the tab navigation without. */
function tab(page: Page, name: 'Active' | 'Resolved', js: boolean) {
  return js
    ? page.getByRole('tab', { name, exact: true })
    : page.getByRole('navigation', { name: 'Alert tabs' }).getByRole('link', { name, exact: true })
}

async function expectSelectedTab(page: Page, name: 'Active' | 'Resolved', js: boolean) {
  if (js) await expect(tab(page, name, js)).toHaveAttribute('aria-selected', 'true')
  else await expect(tab(page, name, js)).toHaveAttribute('aria-current', 'page')
}

test.describe('alerts banner', () => {
  test('shows the active alerts on every page of the shell and links to the list', async ({ page }) => {
    await signIn(page, 'admin@acme.example')
    await expect(page).toHaveURL(withAcme('/home'))
    await expect(banner(page).getByText('Multiple alerts', { exact: true })).toBeVisible()
    await expect(banner(page).getByText(MULTIPLE_TEXT, { exact: true })).toBeVisible()
    await expect(banner(page).getByRole('img', { name: 'Critical' })).toBeVisible()
    await expect(banner(page).getByRole('button', { name: 'Close alerts banner' })).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    await gotoPortal(page, withAcme('/ssl'))
    await expect(banner(page).getByText(MULTIPLE_TEXT)).toBeVisible()

    await banner(page).getByRole('link', { name: 'See All' }).click()
    await expect(page).toHaveURL(withAcme('/notifications'))
    await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible()
  })

  test('a slim strip under the toolbar on a wide window; a badge with the count in the toolbar on a phone', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 })
    await signIn(page, 'admin@acme.example')
    const strip = banner(page)
    await expect(strip).toBeVisible()
    const header = (await page.getByRole('banner').boundingBox())!
    const box = (await strip.boundingBox())!
    expect(box.y, 'under the toolbar').toBeGreaterThanOrEqual(header.y + header.height - 1)
    expect(box.height, 'one line').toBeLessThanOrEqual(40)
    const count = await strip.getByText(/^\d+ active alerts$/).innerText()
    await expect(page.getByRole('banner').getByRole('link', { name: /active alert/ })).toBeHidden()

    await page.setViewportSize({ width: 390, height: 844 })
    await expect(strip).toBeHidden()
    const badge = page.getByRole('banner').getByRole('link', { name: count })
    await expect(badge).toBeVisible()
    await badge.click()
    await expect(page).toHaveURL(withAcme('/notifications'))
  })

  test('closing it keeps it closed for the session; a new session shows it again', async ({
    page,
    browser,
  }, testInfo) => {
    const js = jsEnabled(testInfo)
    await signIn(page, 'viewer@acme.example')
    await expect(banner(page)).toBeVisible()
    if (js) await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))

    const dismissed = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/resources/alerts/dismiss'),
    )
    await banner(page).getByRole('button', { name: 'Close alerts banner' }).click()
    await dismissed
    await expect(banner(page)).toHaveCount(0)
    await expect(page).toHaveURL(withAcme('/home'))
    if (js) {
      // Closed in place: the page did not reload, and focus moved on to the menu after the strip.
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Close menu' }),
      ).toBeFocused()
    }

    await page.reload()
    await waitForPortal(page)
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible()
    await expect(banner(page)).toHaveCount(0)
    await gotoPortal(page, withAcme('/notifications'))
    await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible()
    await expect(banner(page)).toHaveCount(0)

    const fresh = await browser.newContext({ javaScriptEnabled: js, baseURL: testInfo.project.use.baseURL })
    try {
      const other = await fresh.newPage()
      await signIn(other, 'viewer@acme.example')
      await expect(banner(other).getByText('Multiple alerts', { exact: true })).toBeVisible()
    } finally {
      await fresh.close()
    }
  })

  test('with JavaScript, the page data is refreshed every 15 minutes', async ({ page }, testInfo) => {
    test.skip(!jsEnabled(testInfo), 'the automatic refresh needs JavaScript')
    await page.clock.install()
    await signIn(page, 'asc@acme.example')
    await expect(banner(page)).toBeVisible()
    const refresh = page.waitForRequest((request) => new URL(request.url()).pathname === '/home.data')
    await page.clock.fastForward('15:00')
    await refresh
    await expect(banner(page).getByText(MULTIPLE_TEXT)).toBeVisible()
  })
})

test.describe('alerts list', () => {
  test('Active tab: intro, panels by severity with counts, services, icons and See all links', async ({
    page,
  }, testInfo) => {
    const js = jsEnabled(testInfo)
    await signIn(page, 'admin@acme.example')
    await gotoPortal(page, withAcme('/notifications'))
    await expectSelectedTab(page, 'Active', js)
    await expect(page.getByText(INTRO, { exact: true })).toBeVisible()

    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 3 })).toHaveText(PANELS.map((p) => p.title))
    for (const panel of PANELS) {
      const article = main.getByRole('article', { name: panel.title })
      await expect(article.getByText(panel.services, { exact: true })).toBeVisible()
      await expect(article.getByText('1 alert', { exact: true })).toBeVisible()
      await expect(article.getByRole('img', { name: panel.icon })).toBeVisible()
      await expect(article.getByRole('link', { name: `See all ${panel.title} alerts` })).toHaveAttribute(
        'href',
        withAcme(`/notifications-category/${panel.slug}`),
      )
    }
    await expectNoSeriousA11yViolations(page)

    await main
      .getByRole('article', { name: 'Planned Maintenance' })
      .getByRole('link', { name: /^See all/ })
      .click()
    await expect(page).toHaveURL(withAcme('/notifications-category/info'))
    await expect(page.getByRole('heading', { level: 1, name: 'Planned Maintenance Alerts' })).toBeVisible()
    // The maintenance in 2 days shows; the one in 10 days is outside the 5-day window.
    await expect(main.getByRole('heading', { level: 2 })).toHaveText(['FlexNet Licensing maintenance'])
  })

  test('Resolved tab: the resolved-only alerts in a table, latest first, with View links', async ({
    page,
  }, testInfo) => {
    const js = jsEnabled(testInfo)
    await signIn(page, 'admin@acme.example')
    await gotoPortal(page, withAcme('/notifications'))
    await tab(page, 'Resolved', js).click()
    await expect(page).toHaveURL(withAcme('/notifications?tab=resolved'))
    await expectSelectedTab(page, 'Resolved', js)

    const table = page.getByRole('table', { name: 'Resolved alerts' })
    await expect(table.getByRole('columnheader')).toHaveText([
      'Start Time',
      'End Time',
      'Alert Title',
      'Category',
      'Affected Service',
      'Details',
    ])
    const rows = table.locator('tbody tr')
    await expect(rows).toHaveCount(RESOLVED_TITLES.length)
    await expect(rows.locator('td:nth-child(3)')).toHaveText(RESOLVED_TITLES)
    const first = rows.first().getByRole('cell')
    await expect(first.nth(0)).toHaveText(DATE)
    await expect(first.nth(1)).toHaveText(DATE)
    await expect(first.nth(3)).toHaveText('Outage')
    await expect(first.nth(4)).toHaveText('Cloud Licensing Server and Elastic Licensing')
    await expect(table).not.toContainText('Credential changes delayed')
    await expectNoSeriousA11yViolations(page)

    if (js) {
      // Arrow keys move between the tabs.
      await tab(page, 'Resolved', js).focus()
      await page.keyboard.press('ArrowLeft')
      await expect(page).toHaveURL(withAcme('/notifications?tab=active'))
      await expect(tab(page, 'Active', js)).toBeFocused()
      await expectSelectedTab(page, 'Active', js)
      await page.keyboard.press('End')
      await expect(page).toHaveURL(withAcme('/notifications?tab=resolved'))
      await expect(tab(page, 'Resolved', js)).toBeFocused()
    }

    await page.getByRole('link', { name: 'View Cloud licensing outage' }).click()
    await expect(page).toHaveURL(/\/notification-details\/\d+\?customer=1000001$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Alert Details' })).toBeVisible()
  })

  test('works without a selected customer', async ({ page }) => {
    await signIn(page, 'busops@vendor.example')
    await gotoPortal(page, '/notifications')
    await expect(page).toHaveURL('/notifications')
    await expect(page.getByRole('main').getByRole('heading', { level: 3 })).toHaveCount(PANELS.length)
    await expect(page.getByRole('link', { name: 'See all Outage alerts' })).toHaveAttribute(
      'href',
      '/notifications-category/critical',
    )
  })
})

test.describe('category and details pages', () => {
  test('a category lists its active alerts with Details; the details show age, end and duration', async ({ page }) => {
    await signIn(page, 'admin@acme.example')
    await gotoPortal(page, withAcme('/notifications-category/critical'))
    await expect(page.getByRole('heading', { level: 1, name: 'Outage Alerts' })).toBeVisible()
    const card = page.getByRole('article', { name: 'Elastic licensing outage' })
    await expect(
      card.getByText('Elastic licence check-outs fail for some customers in the EU region.', { exact: false }),
    ).toBeVisible()
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(1)
    await expectNoSeriousA11yViolations(page)

    await card.getByRole('link', { name: 'Details of Elastic licensing outage' }).click()
    await expect(page).toHaveURL(/\/notification-details\/\d+\?customer=1000001$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Alert Details' })).toBeVisible()
    await expect(page.getByTestId('alert-category')).toHaveText('Outage')
    await expect(page.getByTestId('alert-services')).toHaveText('Elastic Licensing')
    await expect(page.getByTestId('alert-age')).toHaveText(/^\d+ Hours? \d+ Minutes? ago$/)
    await expect(page.getByRole('term')).toHaveText(['Start date', 'Expected end', 'Duration'])
    await expect(page.getByRole('definition').nth(0)).toHaveText(DATE)
    await expect(page.getByRole('definition').nth(1)).toHaveText(DATE)
    await expect(page.getByRole('definition').nth(2)).toHaveText('6 Hours 15 Minutes')
    const seeMore = page.getByRole('link', { name: 'See More about Status page (opens in a new tab)' })
    await expect(seeMore).toHaveAttribute('target', '_blank')
    await expect(seeMore).toHaveAttribute('rel', /noopener/)
    await expect(seeMore).toHaveAttribute('href', 'https://status.example.com/incidents/els-outage')
    await expectNoSeriousA11yViolations(page)

    await expect(page.getByRole('link', { name: 'Back to Alerts' })).toHaveCount(2)
    await page.getByRole('link', { name: 'Back to Alerts' }).last().click()
    await expect(page).toHaveURL(withAcme('/notifications'))
  })

  test('an open-ended alert has no expected end or duration', async ({ page }) => {
    await signIn(page, 'admin@acme.example')
    await gotoPortal(page, withAcme('/notifications-category/warning'))
    await expect(page.getByRole('heading', { level: 1, name: 'Service Degradation Alerts' })).toBeVisible()
    await page.getByRole('link', { name: 'Details of Slow licence downloads' }).click()
    await expect(page.getByTestId('alert-services')).toHaveText('Licensing Portal and Cloud Licensing Server')
    await expect(page.getByTestId('alert-age')).toHaveText(/^1 day ago$/)
    await expect(page.getByRole('term')).toHaveText(['Start date'])
  })

  test('an unknown category or alert is a 404 inside the shell', async ({ page }) => {
    await signIn(page, 'admin@acme.example')
    for (const path of [
      '/notifications-category/severe',
      '/notification-details/999999',
      '/notification-details/abc',
    ]) {
      const response = await gotoPortal(page, withAcme(path))
      expect(response?.status(), path).toBe(404)
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    }
    await expectNoSeriousA11yViolations(page)
  })
})
