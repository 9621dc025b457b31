import { expect, test } from './support/test'
import { signIn, signInThroughForm } from './support/auth'
import { jsEnabled } from './support/env'
import { customerBox, expectBreadcrumbs, expectNav, expectRoleLabel, mainNav, mainRegion } from './support/shell'
import { CUSTOMERS, NAV_ACME, NAV_BOREALIS, NAV_COBALT, NAV_NO_CUSTOMER, NOTICE, display } from './support/expectations'
import type { NavGroupView } from './support/shell'

type Landing = {
  email: string
  firstName: string
  /** The label in the user menu, as spec 1 section 6 writes it. */
  roleLabel: string
  /** The customer selected automatically after sign-in, if any, and the role on it as the home page says it. */
  customer: { id: string; name: string } | null
  homeRole?: string
  nav: NavGroupView[]
}

/** Where each demo user lands after sign-in (spec 1 sections 4 and 6). */
const LANDINGS: Landing[] = [
  {
    email: 'busops@vendor.example',
    firstName: 'Bianca',
    roleLabel: 'Business Operations Role',
    customer: null,
    nav: NAV_NO_CUSTOMER,
  },
  {
    email: 'support@vendor.example',
    firstName: 'Samuel',
    roleLabel: 'Support Role',
    customer: null,
    nav: NAV_NO_CUSTOMER,
  },
  { email: 'sales@vendor.example', firstName: 'Sofia', roleLabel: 'Sales Role', customer: null, nav: NAV_NO_CUSTOMER },
  {
    email: 'salesaccess@vendor.example',
    firstName: 'Sean',
    roleLabel: 'Sales Access Role',
    customer: null,
    nav: NAV_NO_CUSTOMER,
  },
  {
    email: 'admin@acme.example',
    firstName: 'Adam',
    roleLabel: '(Portal Administrator Role)',
    customer: CUSTOMERS.acme,
    homeRole: 'Your role: Portal Administrator',
    nav: NAV_ACME,
  },
  {
    email: 'viewer@acme.example',
    firstName: 'Vera',
    roleLabel: '(Portal Viewer Role)',
    customer: CUSTOMERS.acme,
    homeRole: 'Your role: Portal Viewer',
    nav: NAV_ACME,
  },
  {
    email: 'asc@acme.example',
    firstName: 'Ashley',
    roleLabel: '(Support Coordinator)',
    customer: CUSTOMERS.acme,
    homeRole: 'Your role: Support Coordinator',
    nav: NAV_ACME,
  },
  // Two customers: nothing is chosen for the partner; with none selected the label is plain 'Customer'.
  { email: 'partner@channel.example', firstName: 'Paolo', roleLabel: 'Customer', customer: null, nav: NAV_NO_CUSTOMER },
]

test.describe('sign-in lands on /home', () => {
  for (const landing of LANDINGS) {
    test(`${landing.email} sees the role label and the navigation of their role`, async ({ page }, testInfo) => {
      const js = jsEnabled(testInfo)
      await signInThroughForm(page, landing.email)

      if (landing.customer) {
        await expect(page).toHaveURL(`/home?customer=${landing.customer.id}`)
        await expect(page.getByTestId('selected-customer')).toHaveText(display(landing.customer))
        await expect(mainRegion(page).getByText(landing.homeRole ?? '', { exact: true })).toBeVisible()
        await expect(customerBox(page)).toHaveValue(display(landing.customer))
      } else {
        await expect(page).toHaveURL('/home')
        // Several customers and none chosen: they are listed to choose from.
        await expect(page.getByRole('heading', { level: 2, name: 'Your customers' })).toBeVisible()
        await expect(customerBox(page)).toHaveValue('')
      }
      await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${landing.firstName}` })).toBeVisible()
      await expectNav(page, landing.nav)
      await expectRoleLabel(page, landing.email, js, landing.roleLabel)
    })
  }

  test('nobody@example.com has no customer and is sent to /nocustomer', async ({ page }) => {
    await signInThroughForm(page, 'nobody@example.com')
    await expect(page).toHaveURL('/nocustomer')
    await expect(page.getByRole('heading', { level: 1, name: NOTICE.nocustomer.heading })).toBeVisible()
    await expect(page.getByText(NOTICE.nocustomer.text)).toBeVisible()
    // Any other screen sends them back to the notice.
    await page.goto('/home')
    await expect(page).toHaveURL('/nocustomer')
    await page.goto('/elastic')
    await expect(page).toHaveURL('/nocustomer')
  })

  test('a wrong password is refused with a message and no session', async ({ page }) => {
    await page.goto('/auth/login')
    await page.getByLabel('Email').fill('admin@acme.example')
    await page.getByLabel('Password').fill('not-the-password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.')
    await expect(page).toHaveURL(/\/oidc\/interaction\//)
    await page.goto('/home')
    await expect(page).toHaveURL(/\/oidc\/interaction\//)
  })
})

test.describe('navigation follows the selected customer', () => {
  const cases: { email: string; customer: { id: string; name: string }; roleLabel: string; nav: NavGroupView[] }[] = [
    { email: 'busops@vendor.example', customer: CUSTOMERS.acme, roleLabel: 'Business Operations Role', nav: NAV_ACME },
    { email: 'support@vendor.example', customer: CUSTOMERS.borealis, roleLabel: 'Support Role', nav: NAV_BOREALIS },
    {
      email: 'partner@channel.example',
      customer: CUSTOMERS.borealis,
      roleLabel: '(Portal Administrator Role)',
      nav: NAV_BOREALIS,
    },
    {
      email: 'partner@channel.example',
      customer: CUSTOMERS.cobalt,
      roleLabel: '(Portal Administrator Role)',
      nav: NAV_COBALT,
    },
    {
      email: 'busops@vendor.example',
      customer: CUSTOMERS.delta,
      roleLabel: 'Business Operations Role',
      // Delta Labs is of type Undefined: its menu is the one without a customer.
      nav: NAV_NO_CUSTOMER,
    },
  ]
  for (const c of cases) {
    test(`${c.email} on ${display(c.customer)}`, async ({ page }, testInfo) => {
      await signIn(page, c.email)
      await page.goto(`/home?customer=${c.customer.id}`)
      await expect(page).toHaveURL(`/home?customer=${c.customer.id}`)
      await expect(page.getByText(display(c.customer), { exact: true })).toBeVisible()
      await expectNav(page, c.nav)
      await expectRoleLabel(page, c.email, jsEnabled(testInfo), c.roleLabel)
    })
  }

  test('every navigation link keeps the selected customer and opens its screen under its real route', async ({
    page,
  }) => {
    await signIn(page, 'admin@acme.example')
    for (const group of NAV_ACME) {
      for (const item of group.items) {
        const link = mainNav(page).getByRole('link', { name: item, exact: true })
        const href = await link.getAttribute('href')
        // Elastic Licensing's link also says it came from the menu (decision 0010).
        expect(href, `${group.group} > ${item}`).toMatch(/^\/[\w-]+\?(?:fromLeftMenu=true&)?customer=1000001$/)
        const target = new URL(href!, 'http://portal.invalid').pathname
        await link.click()
        // A screen with a saved view (e.g. the e-mail list's sort) adds it to the address.
        await expect(page).toHaveURL((url) => url.pathname === target && url.searchParams.get('customer') === '1000001')
        await expect(page.getByRole('heading', { name: /Page not found|Something went wrong/ })).toHaveCount(0)
        await expectBreadcrumbs(page, [group.group, item])
        // Every screen of the menu is built: none says it is not available yet.
        await expect(page.getByText(/not available yet/)).toHaveCount(0)
      }
    }
  })
})
