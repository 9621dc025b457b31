import { eq } from 'drizzle-orm'
import { expect, test, type Page } from './support/test'
import { gotoPortal, signIn } from './support/auth'
import { withE2eDb } from './support/database'
import { hosts } from '../../db/schema'
import { jsEnabled } from './support/env'
import { mainNav } from './support/shell'

/**
 * Every page names itself in its title (WCAG 2.4.2): the screen, the selected
 * customer, then the portal, parted by en dashes. Checked on every route, with
 * and without JavaScript, with a customer and without one.
 */

const PORTAL = 'Licensing Portal'
const ACME = '1000001 Acme Aerospace'
const title = (...parts: string[]) => [...parts, PORTAL].join(' – ')
const acme = (screen: string) => title(screen, ACME)

type Visit = { path: string; title: string; url?: string | RegExp }

/** The feature-flag settings open as a dialog over the page once it runs its scripts: wait for its heading. */
const DIALOG_PATHS = /^\/settings\/features/

async function expectTitles(page: Page, visits: Visit[]) {
  for (const visit of visits) {
    await test.step(visit.path, async () => {
      if (DIALOG_PATHS.test(visit.path)) {
        await page.goto(visit.path)
        await expect(page.getByRole('heading', { name: 'Enabled Feature Flags' })).toBeVisible()
      } else {
        await gotoPortal(page, visit.path)
      }
      if (visit.url) await expect(page).toHaveURL(visit.url)
      await expect(page).toHaveTitle(visit.title)
    })
  }
}

const withAcme = (path: string) => `${path}${path.includes('?') ? '&' : '?'}customer=1000001`

test.describe('page titles', () => {
  test.slow()

  test('the screens of a customer administrator name the screen and the customer', async ({ page }) => {
    await signIn(page, 'admin@acme.example')
    const screens: [string, string][] = [
      ['/home', 'Home'],
      ['/emails', 'Emails'],
      // A screen with tabs names the tab first.
      ['/notifications', 'Active – Alerts'],
      ['/notifications?tab=resolved', 'Resolved – Alerts'],
      ['/notifications-category/critical', 'Outage Alerts'],
      ['/notifications-category/info', 'Planned Maintenance Alerts'],
      ['/portalaccess', 'Licensing Portal Access'],
      ['/portalaccess/audit', 'Change History'],
      ['/whitelistips', 'Elastic IP Settings'],
      ['/clscredentials', 'Elastic Credentials'],
      ['/settings/features', 'Features'],
      ['/customers?q=no-such-customer', 'Select a customer'],
      ['/ssl', 'Leases/Perpetuals'],
      ['/elastic', 'Elastic Licensing'],
      // The screens not built yet.
      ['/entitlementsFSA', 'Entitlements – Flexible Spending Account'],
      ['/entitlementsFSA?tab=order', 'Order Products – Flexible Spending Account'],
      ['/entitlementsFSA?tab=history', 'Order History – Flexible Spending Account'],
      ['/activations', 'Activate Entitlements'],
      ['/activations-history', 'Manage Activations'],
      ['/activations-history/check', 'Check a Licence File'],
      ['/transactions', 'Usage Transactions'],
      ['/statementv2', 'Elastic Statements'],
      ['/webassignments', 'Assignments'],
      ['/webassignments/entitlements', 'Entitlements – Assignments'],
      ['/webassignments/groups', 'Groups – Assignments'],
      ['/webassignments/groups/Design', 'Group Design – Assignments'],
      ['/webassignments/users', 'Users – Assignments'],
      ['/webassignments/users/admin%40acme.example', 'User admin@acme.example – Assignments'],
      ['/webtransactions', 'Transactions'],
      ['/webreporting', 'Reporting'],
      ['/help', 'Help'],
      ['/help?q=rehost', 'Help'],
      ['/help/rehost-a-licence-server', 'Rehost a licence server – Help'],
      ['/ask', 'Ask anything'],
      ['/ask?q=how+much+elastic+credit+is+left', 'Ask anything'],
    ]
    await expectTitles(
      page,
      screens.map(([path, screen]) => ({ path: withAcme(path), title: acme(screen) })),
    )
  })

  test('the activation editor names the host picked before the screen', async ({ page }) => {
    await signIn(page, 'admin@acme.example')
    const host = await withE2eDb((db) => db.select().from(hosts).where(eq(hosts.name, 'acme-lic01')).get()!)
    await expectTitles(page, [
      { path: withAcme(`/activations?id=${host.id}`), title: acme('acme-lic01 – Activate Entitlements') },
      { path: withAcme('/activations'), title: acme('Activate Entitlements') },
    ])
  })

  test('an email and an alert are named by their subject and title', async ({ page }) => {
    await signIn(page, 'admin@acme.example')
    await gotoPortal(page, withAcme('/emails'))
    const subject = 'Licence file for host acme-lic-01'
    await page
      .getByRole('link', { name: `View email: ${subject}` })
      .first()
      .click()
    await expect(page).toHaveURL(/\/emails\/\d+\?customer=1000001$/)
    await expect(page).toHaveTitle(acme(subject))

    await gotoPortal(page, withAcme('/notifications-category/critical'))
    await page.getByRole('link', { name: 'Details of Elastic licensing outage' }).click()
    await expect(page).toHaveURL(/\/notification-details\/\d+\?customer=1000001$/)
    await expect(page).toHaveTitle(acme('Elastic licensing outage'))
  })

  test('the assignment matrix names itself and the customer, for users who have it from the seed', async ({ page }) => {
    const borealis = (screen: string) => title(screen, '1000002 Borealis Motors')
    for (const [email, customer, visits] of [
      [
        'webmatrix.admin@acme.example',
        '1000001',
        [
          { path: withAcme('/webassignments-v2'), title: acme('Assignments') },
          { path: withAcme('/webassignments-v2?page=2'), title: acme('Assignments') },
          { path: withAcme('/webassignments-v2?q=Design'), title: acme('Assignments') },
          // The classic address leads to the matrix that replaces it.
          {
            path: withAcme('/webassignments/users'),
            url: /^[^?]*\/webassignments-v2\?customer=1000001$/,
            title: acme('Assignments'),
          },
        ],
      ],
      [
        'webmatrix.viewer@acme.example',
        '1000001',
        [{ path: withAcme('/webassignments-v2'), title: acme('Assignments') }],
      ],
      [
        'webmatrix.admin@borealis.example',
        '1000002',
        [{ path: '/webassignments-v2?customer=1000002', title: borealis('Assignments') }],
      ],
    ] as const) {
      await signIn(page, email, { start: `/home?customer=${customer}` })
      await expectTitles(page, [...visits])
    }
  })

  test('notices, refusals and errors are named as their heading', async ({ page }) => {
    await signIn(page, 'admin@acme.example')
    await expectTitles(page, [
      { path: withAcme('/nopermissions?denied=1000001'), title: acme('Not enough permissions') },
      { path: withAcme('/noascaccess?denied=1000001'), title: acme('Support Coordinator required') },
      // Off by its feature flag: refused.
      { path: withAcme('/webassignments-v2'), title: acme('Not available') },
      { path: withAcme('/no-such-page'), title: acme('Page not found') },
      { path: withAcme('/notifications-category/unknown'), title: acme('Page not found') },
      { path: withAcme('/notification-details/999999'), title: acme('Page not found') },
      { path: withAcme('/emails/not-an-id'), title: acme('Email not found') },
    ])
  })

  test('without a selected customer the title names the screen and the portal', async ({ page }) => {
    await signIn(page, 'busops@vendor.example')
    await expectTitles(page, [
      { path: '/home', url: '/home', title: title('Home') },
      { path: '/emails', url: '/noselectedcustomer', title: title('No customer selected') },
      { path: '/noselectedcustomer', title: title('No customer selected') },
      { path: '/notifications', url: '/notifications', title: title('Active – Alerts') },
      { path: '/settings/features', url: '/settings/features', title: title('Features') },
      { path: '/customers?q=no-such-customer', url: /\/customers\?q=[^&]*$/, title: title('Select a customer') },
      { path: '/no-such-page', url: '/no-such-page', title: title('Page not found') },
      // The notices of other customers name them.
      { path: '/noaccess?customer=1000005', title: title('Access denied', '1000005 Embargo Industries') },
      { path: '/notypecustomer?customer=1000004', title: title('Customer type not allowed', '1000004 Delta Labs') },
    ])
  })

  test('a user without any customer reads the notice in the title', async ({ page }) => {
    await signIn(page, 'nobody@example.com')
    await expect(page).toHaveURL('/nocustomer')
    await expect(page).toHaveTitle(title('No customer'))
  })

  test('the sign-in and sign-out pages', async ({ page }) => {
    await page.goto('/auth/login')
    await expect(page).toHaveTitle(title('Sign in'))
    await page.goto('/auth/logout')
    await expect(page).toHaveTitle(title('Sign Out'))
    await page.goto('/auth/signed-out')
    await expect(page).toHaveTitle(title('Signed out'))
  })

  test('the title follows a navigation from the side menu', async ({ page }, testInfo) => {
    await signIn(page, 'admin@acme.example')
    await gotoPortal(page, withAcme('/home'))
    await expect(page).toHaveTitle(acme('Home'))
    // With JavaScript the page stays the same document: a mark left on it survives the navigation.
    const js = jsEnabled(testInfo)
    if (js) await page.evaluate(() => document.documentElement.setAttribute('data-title-test', 'same-document'))
    for (const [link, screen] of [
      ['Emails', 'Emails'],
      ['Elastic IP Settings', 'Elastic IP Settings'],
      ['Alerts', 'Active – Alerts'],
    ]) {
      await mainNav(page).getByRole('link', { name: link, exact: true }).click()
      await expect(page).toHaveTitle(acme(screen))
    }
    if (js) await expect(page.locator('html')).toHaveAttribute('data-title-test', 'same-document')
  })

  test('the title follows the tab chosen', async ({ page }, testInfo) => {
    await signIn(page, 'admin@acme.example')
    await gotoPortal(page, withAcme('/entitlementsFSA'))
    await expect(page).toHaveTitle(acme('Entitlements – Flexible Spending Account'))
    const js = jsEnabled(testInfo)
    if (js) await page.evaluate(() => document.documentElement.setAttribute('data-title-test', 'same-document'))
    const fsaTabs = page.getByRole('navigation', { name: 'Flexible Spending Account tabs' })
    for (const [tab, screen] of [
      ['History', 'Order History – Flexible Spending Account'],
      ['Order Products', 'Order Products – Flexible Spending Account'],
      ['Entitlements', 'Entitlements – Flexible Spending Account'],
    ]) {
      await fsaTabs.getByRole('link', { name: tab, exact: true }).click()
      await expect(fsaTabs.getByRole('link', { name: tab, exact: true })).toHaveAttribute('aria-current', 'page')
      await expect(page).toHaveTitle(acme(screen))
    }

    // With JavaScript the tabs change the page in place.
    if (js) await expect(page.locator('html')).toHaveAttribute('data-title-test', 'same-document')

    await gotoPortal(page, withAcme('/notifications'))
    await expect(page).toHaveTitle(acme('Active – Alerts'))
    if (js) await page.evaluate(() => document.documentElement.setAttribute('data-title-test', 'same-document'))
    await page
      .getByRole('tab', { name: 'Resolved' })
      .or(page.getByRole('link', { name: 'Resolved', exact: true }))
      .click()
    await expect(page).toHaveTitle(acme('Resolved – Alerts'))
    if (js) await expect(page.locator('html')).toHaveAttribute('data-title-test', 'same-document')
  })
})
