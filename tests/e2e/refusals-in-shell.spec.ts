import { expect, test, type Page } from './support/test'
import { addPortalSession, waitForPortal } from './support/auth'
import { customerBox, mainNav } from './support/shell'
import { CUSTOMERS, NOTICE } from './support/expectations'
import { breadcrumbs } from '../../app/screens/breadcrumbs'

/**
 * Every screen, refused by one of its rules (a customer of the wrong type or under
 * export control, a view-only user posting a change, a customer the user may not
 * see, a screen switched off by its flag, something that does not exist): the
 * answer has the right status and shows its message inside the shell, so the
 * navigation, the customer search and the breadcrumbs stay.
 */

const USERS = {
  busops: 'busops@vendor.example',
  admin: 'admin@acme.example',
  viewer: 'viewer@acme.example',
  /** A viewer who has the assignment matrix (webAssignmentsV2) from the seed. */
  matrixViewer: 'webmatrix.viewer@acme.example',
  partner: 'partner@channel.example',
  /** Staff with no customer remembered in the session (each test has a session of its own). */
  support: 'support@vendor.example',
} as const
type UserKey = keyof typeof USERS

const MESSAGES = {
  elasticViewOnly: 'View-only users cannot change elastic server settings.',
  portalAccessViewOnly: 'You have view-only access to this customer and cannot change its contacts.',
  flagOff: 'This page is switched off by a feature flag.',
  webViewOnly: 'You have view-only access to this customer and cannot change its web licences.',
  forbiddenCustomer: (id: string) => `Customer ${id} was not found or you do not have access to it.`,
} as const

interface Refusal {
  screen: string
  user: UserKey
  path: string
  /** A form posted to the path instead of opening it. */
  form?: Record<string, string>
  status: number
  /** Where the refusal leads, when it is a redirect. */
  url?: string
  heading: string
  text: string
}

const embargo = CUSTOMERS.embargo.id
const notice = (page: keyof typeof NOTICE) => ({ heading: NOTICE[page].heading, text: NOTICE[page].text })
const noAccess = (screen: string, path: string): Refusal => ({
  screen,
  user: 'busops',
  path: `${path}${path.includes('?') ? '&' : '?'}customer=${embargo}`,
  status: 200,
  url: `/noaccess?customer=${embargo}`,
  ...notice('noaccess'),
})
const wrongType = (
  screen: string,
  path: string,
  customer: string = CUSTOMERS.delta.id,
  user: UserKey = 'busops',
): Refusal => ({
  screen,
  user,
  path: `${path}?customer=${customer}`,
  status: 200,
  url: `/notypecustomer?from=${encodeURIComponent(path.replace(/\/\d+$/, ''))}&customer=${customer}`,
  ...notice('notypecustomer'),
})

const REFUSALS: Refusal[] = [
  noAccess('Home', '/home'),
  wrongType('Emails', '/emails', CUSTOMERS.cobalt.id, 'partner'),
  wrongType('Email', '/emails/1', CUSTOMERS.cobalt.id, 'partner'),
  {
    screen: 'Email',
    user: 'admin',
    // Ids are decimal: 0x10 is no e-mail's id, not e-mail 16.
    path: `/emails/0x10?customer=${CUSTOMERS.acme.id}`,
    status: 404,
    heading: 'Email not found',
    text: 'There is no such email.',
  },
  noAccess('Alerts', '/notifications'),
  {
    screen: 'View Alert',
    user: 'admin',
    path: `/notification-details/999999?customer=${CUSTOMERS.acme.id}`,
    status: 404,
    heading: 'Page not found',
    text: 'This alert does not exist. It may have been removed.',
  },
  {
    screen: 'Category alerts',
    user: 'admin',
    path: `/notifications-category/unknown?customer=${CUSTOMERS.acme.id}`,
    status: 404,
    heading: 'Page not found',
    text: 'There is no such alert category.',
  },
  {
    screen: 'Licensing Portal Access',
    user: 'viewer',
    path: `/portalaccess?customer=${CUSTOMERS.acme.id}`,
    form: { 'contacts[0].email': 'new.person@acme.example', 'contacts[0].role': 'Viewer', baseline: '[]' },
    status: 403,
    heading: 'Not available',
    text: MESSAGES.portalAccessViewOnly,
  },
  noAccess('Change history', '/portalaccess/audit'),
  {
    screen: 'Elastic IP Settings',
    user: 'viewer',
    path: `/whitelistips?customer=${CUSTOMERS.acme.id}`,
    form: { 'rules[0].rulename': 'Viewer rule', 'rules[0].ipaddress': '192.0.2.1' },
    status: 403,
    heading: 'Not available',
    text: MESSAGES.elasticViewOnly,
  },
  {
    screen: 'Elastic IP Settings',
    user: 'admin',
    path: `/whitelistips?customer=${CUSTOMERS.borealis.id}`,
    status: 200,
    url: `/home`,
    heading: 'Welcome, Adam',
    text: MESSAGES.forbiddenCustomer(CUSTOMERS.borealis.id),
  },
  {
    screen: 'Elastic Credentials',
    user: 'viewer',
    path: `/clscredentials?customer=${CUSTOMERS.acme.id}`,
    form: { intent: 'changepin', pin: '123123', confirm: 'yes' },
    status: 403,
    heading: 'Not available',
    text: MESSAGES.elasticViewOnly,
  },
  noAccess('Feature flags', '/settings/features'),
  noAccess('Customer search', '/customers?q=acme'),
  wrongType('Elastic Licensing', '/elastic'),
  wrongType('Leases/Perpetuals', '/ssl'),
  noAccess('Flexible Spending Account', '/entitlementsFSA'),
  noAccess('Activate Entitlements', '/activations'),
  noAccess('Manage Activations', '/activations-history'),
  noAccess('Assignments', '/webassignments'),
  {
    screen: 'Assignments (new layout)',
    user: 'busops',
    path: `/webassignments-v2?customer=${CUSTOMERS.acme.id}`,
    status: 403,
    heading: 'Not available',
    text: MESSAGES.flagOff,
  },
  noAccess('Assignments (new layout)', '/webassignments-v2'),
  {
    screen: 'Assignments (new layout)',
    user: 'matrixViewer',
    path: `/webassignments-v2?customer=${CUSTOMERS.acme.id}`,
    // A forged save: refused before the form is read.
    form: { intent: 'save', seen: '{}', seat: '1:x' },
    status: 403,
    heading: 'Not available',
    text: MESSAGES.webViewOnly,
  },
  noAccess('Web Transactions', '/webtransactions'),
  noAccess('Web Reporting', '/webreporting'),
  noAccess('Usage Transactions', '/transactions'),
  noAccess('Elastic Statements', '/statementv2'),
  noAccess('Help', '/help'),
  noAccess('Help article', '/help/rehost-a-licence-server'),
  {
    screen: 'Help',
    user: 'admin',
    path: `/help?customer=${CUSTOMERS.borealis.id}`,
    status: 200,
    url: `/home`,
    heading: 'Welcome, Adam',
    text: MESSAGES.forbiddenCustomer(CUSTOMERS.borealis.id),
  },
  {
    screen: 'Help article',
    user: 'admin',
    path: `/help/no-such-article?customer=${CUSTOMERS.acme.id}`,
    status: 404,
    heading: 'Page not found',
    text: 'There is no help article at this address.',
  },
  // The notice pages stay while their reason does.
  {
    screen: 'No customer selected',
    user: 'support',
    path: '/noselectedcustomer',
    status: 200,
    ...notice('noselectedcustomer'),
  },
  {
    screen: 'Access denied',
    user: 'busops',
    path: `/noaccess?customer=${embargo}`,
    status: 200,
    ...notice('noaccess'),
  },
  {
    screen: 'Customer type not allowed',
    user: 'busops',
    path: `/notypecustomer?customer=${CUSTOMERS.delta.id}`,
    status: 200,
    ...notice('notypecustomer'),
  },
  {
    screen: 'Not enough permissions',
    user: 'admin',
    path: `/nopermissions?customer=${CUSTOMERS.acme.id}&denied=${CUSTOMERS.acme.id}`,
    status: 200,
    ...notice('nopermissions'),
  },
  {
    screen: 'Support Coordinator required',
    user: 'admin',
    path: `/noascaccess?customer=${CUSTOMERS.acme.id}&denied=${CUSTOMERS.acme.id}`,
    status: 200,
    ...notice('noascaccess'),
  },
]

/** Opens the path, or posts the form to it as a browser would, and answers the document's status. */
async function open(page: Page, refusal: Refusal): Promise<number | undefined> {
  const { form } = refusal
  if (!form) {
    const response = await page.goto(refusal.path)
    await waitForPortal(page)
    return response?.status()
  }
  // A page of the portal's own origin with the form on it: the post is a real browser form post (Origin included).
  await page.route(
    (url) => url.pathname === FORM_PAGE,
    (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: formPage(refusal.path, form) }),
  )
  await page.goto(FORM_PAGE)
  const [response] = await Promise.all([
    page.waitForResponse((res) => res.request().isNavigationRequest() && res.request().method() === 'POST'),
    page.getByRole('button', { name: 'Send' }).click(),
  ])
  await waitForPortal(page)
  return response.status()
}

const FORM_PAGE = '/test-form-page'

function formPage(action: string, fields: Record<string, string>) {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('')
  return `<!DOCTYPE html><title>Form</title><form method="post" action="${escape(action)}">${inputs}<button>Send</button></form>`
}

for (const refusal of REFUSALS) {
  test(`${refusal.screen}: ${refusal.path}${refusal.form ? ' (a posted change)' : ''} is refused inside the shell`, async ({
    page,
  }) => {
    // Signed in, straight to the page refused.
    await addPortalSession(page.context(), USERS[refusal.user])
    expect(await open(page, refusal), 'the status of the answer').toBe(refusal.status)
    if (refusal.url)
      await expect(page).toHaveURL(refusal.url.includes('?') ? refusal.url : new RegExp(`${refusal.url}(\\?|$)`))
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1, name: refusal.heading })).toBeVisible()
    await expect(main.getByText(refusal.text, { exact: false })).toBeVisible()
    // The shell around it.
    await expect(mainNav(page)).toBeVisible()
    await expect(customerBox(page)).toBeVisible()
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' })
    if (breadcrumbs(new URL(page.url()).pathname).length > 0) await expect(crumbs).toBeVisible()
  })
}
