/**
 * The web assignments screens, with JavaScript off and on: an administrator of Acme creates a
 * group, imports users from a CSV file with one bad row, gives the group a shared licence and
 * a user a named seat, and is refused a seat of a licence with none left; a viewer sees it all
 * and can change nothing. Each project works on groups and users of its own.
 */
import { expect, test, type Page, type TestInfo } from './support/test'
import { gotoPortal, signIn } from './support/auth'
import { flashPanel } from './support/shell'
import { apiData } from './support/api'

const ACME = '1000001'
const at = (path: string) => `${path}${path.includes('?') ? '&' : '?'}customer=${ACME}`

const SPACECLAIM = 'Ansys SpaceClaim - Shared Web'
const MECHANICAL = 'Ansys Mechanical - Named User'
const FLUENT = 'Ansys Fluent - Named User'
const VIEW_ONLY = 'You have view-only access to this customer and cannot change its web licences.'

/** Names of this project's own records. */
function own(testInfo: TestInfo) {
  const p = testInfo.project.name
  return {
    group: `E2E Web ${p}`,
    inside: `e2e-web-in-${p}@acme.example`,
    outside: `e2e-web-out-${p}@acme.example`,
  }
}

async function openEntitlement(page: Page, productName: string) {
  await gotoPortal(page, at('/webassignments/entitlements'))
  await page.getByRole('link', { name: productName, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible()
}

test('an administrator creates a group, imports users and assigns licences', async ({ page }, testInfo) => {
  const { group, inside, outside } = own(testInfo)
  await signIn(page, 'admin@acme.example')

  await gotoPortal(page, at('/webassignments/groups'))
  await expect(page).toHaveTitle(/^Groups – Assignments – 1000001/)
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(group)
  await page.getByRole('button', { name: 'Create Group' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Group ${group}` })).toBeVisible()
  await expect(flashPanel(page, 'Success', `The group ${group} has been created.`)).toBeVisible()
  await expect(page).toHaveTitle(new RegExp(`^Group ${group} – Assignments`))

  await gotoPortal(page, at('/webassignments/users'))
  const csv = [
    'email,name,role,groups',
    `${inside},Inside ${testInfo.project.name},member,${group}`,
    `${outside},Outside ${testInfo.project.name},,`,
    'not-an-email,Bad Row,,',
  ].join('\n')
  await page.getByRole('textbox', { name: 'Or paste the CSV' }).fill(csv)
  await page.getByRole('button', { name: 'Import' }).click()
  const report = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Import Report' }) })
  await expect(report).toContainText('refused')
  const bad = report.getByRole('row').filter({ hasText: 'not-an-email' })
  await expect(bad).toContainText('Refused')
  await expect(bad.getByRole('cell').first()).toHaveText('4')

  await openEntitlement(page, SPACECLAIM)
  await page.getByRole('combobox', { name: 'Group' }).selectOption({ label: group })
  await page.getByRole('button', { name: 'Assign to Group' }).click()
  await expect(flashPanel(page, 'Success', `${group} may now use ${SPACECLAIM}.`)).toBeVisible()
  await expect(page.getByRole('link', { name: group, exact: true })).toBeVisible()

  await openEntitlement(page, FLUENT)
  await page.getByRole('textbox', { name: 'E-mail addresses' }).fill(inside)
  await page.getByRole('button', { name: 'Give Seats' }).click()
  await expect(flashPanel(page, 'Success', `${inside} has a seat of ${FLUENT}.`)).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: inside })).toBeVisible()

  await openEntitlement(page, MECHANICAL)
  await expect(page.getByTestId('seats-left')).toHaveText('All 5 seats are held: none is left to assign.')
  await page.getByRole('textbox', { name: 'E-mail addresses' }).fill(outside)
  await page.getByRole('button', { name: 'Give Seats' }).click()
  await expect(page.getByRole('alert')).toContainText(`${MECHANICAL} has 5 seats`)
})

type Checkout = { outcome: 'granted'; checkoutId: string } | { outcome: 'denied'; reason: string }

test('a checkout by a group member is granted and shows in use; one by a user outside the group is denied', async ({
  page,
  baseURL,
}, testInfo) => {
  const p = testInfo.project.name
  const group = `E2E Checkout ${p}`
  const inside = `e2e-co-in-${p}@acme.example`
  const outside = `e2e-co-out-${p}@acme.example`
  await signIn(page, 'admin@acme.example')
  await gotoPortal(page, at('/webassignments/users'))
  const csv = ['email,name,role,groups', `${inside},Checkout In ${p},,${group}`, `${outside},Checkout Out ${p},,`]
  await page.getByRole('textbox', { name: 'Or paste the CSV' }).fill(csv.join('\n'))
  await page.getByRole('button', { name: 'Import' }).click()
  await expect(page.getByRole('heading', { name: 'Import Report' })).toBeVisible()
  await openEntitlement(page, SPACECLAIM)
  await page.getByRole('combobox', { name: 'Group' }).selectOption({ label: group })
  await page.getByRole('button', { name: 'Assign to Group' }).click()
  await expect(flashPanel(page, 'Success', `${group} may now use ${SPACECLAIM}.`)).toBeVisible()

  const checkout = (email: string) =>
    apiData<Checkout>(baseURL!, 'weblicense@vendor.example', '/web/checkout', {
      body: { customerNumber: ACME, email, product: 'Ansys SpaceClaim', clientHost: `e2e-${p}` },
    })
  const denied = await checkout(outside)
  expect(denied.outcome).toBe('denied')
  const granted = await checkout(inside)
  expect(granted.outcome).toBe('granted')

  await gotoPortal(page, at(`/webassignments/users/${encodeURIComponent(inside)}`))
  await expect(page.getByRole('region', { name: 'Current Sessions' })).toContainText(`on e2e-${p}`)
  // The other project may hold a seat too: at least this one is in use now.
  await openEntitlement(page, SPACECLAIM)
  const inUse = page.locator('dt', { hasText: 'In Use Now' }).locator('xpath=following-sibling::dd')
  expect(Number(await inUse.textContent())).toBeGreaterThanOrEqual(1)
  await expect(page.getByTestId('seats-left')).toContainText('in use now')
  if (granted.outcome === 'granted') {
    await apiData(baseURL!, 'weblicense@vendor.example', '/web/checkin', { body: { checkoutId: granted.checkoutId } })
  }
})

test('a group is renamed and deleted, and a user with a seat removed, each after a confirmation', async ({
  page,
}, testInfo) => {
  const p = testInfo.project.name
  const group = `E2E Rename ${p}`
  const renamed = `E2E Renamed ${p}`
  const user = `e2e-rm-${p}@acme.example`
  await signIn(page, 'admin@acme.example')
  await gotoPortal(page, at('/webassignments/users'))
  await page
    .getByRole('textbox', { name: 'Or paste the CSV' })
    .fill(`email,name,role,groups\n${user},Remove Me ${p},,${group}`)
  await page.getByRole('button', { name: 'Import' }).click()
  await expect(page.getByRole('heading', { name: 'Import Report' })).toBeVisible()

  // A section's address with matrix parameters opens the section.
  await gotoPortal(page, at(`/webassignments/groups;sort=name/${encodeURIComponent(group)}`))
  await expect(page.getByRole('heading', { level: 1, name: `Group ${group}` })).toBeVisible()
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(renamed)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Group ${renamed}` })).toBeVisible()

  await page.getByRole('button', { name: 'Delete Group' }).click()
  await expect(page.getByText(`The group ${renamed} has 1 member.`)).toBeVisible()
  // Deleting is drawn as a danger: the red of docs/design.md, not the navy of an ordinary Yes.
  await expect(page.getByRole('button', { name: 'Yes' })).toHaveCSS(
    'background-color',
    /^(rgb\(193, 0, 7\)|oklch\(0\.505 0\.213 27\.518\))$/,
  )
  await page.getByRole('button', { name: 'Yes' }).click()
  await expect(flashPanel(page, 'Success', `The group ${renamed} has been deleted.`)).toBeVisible()

  await openEntitlement(page, FLUENT)
  await page.getByRole('textbox', { name: 'E-mail addresses' }).fill(user)
  await page.getByRole('button', { name: 'Give Seats' }).click()
  await expect(flashPanel(page, 'Success', `${user} has a seat of ${FLUENT}.`)).toBeVisible()
  await gotoPortal(page, at(`/webassignments/users/${encodeURIComponent(user)}`))
  await page.getByRole('button', { name: 'Remove User' }).click()
  await expect(page.getByText(`holds a named seat of ${FLUENT}`)).toBeVisible()
  await page.getByRole('button', { name: 'Yes' }).click()
  await expect(flashPanel(page, 'Success', `${user} has been removed.`)).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible()
})

test('a viewer sees the assignments and can change nothing', async ({ page, baseURL }) => {
  await signIn(page, 'viewer@acme.example')
  await openEntitlement(page, SPACECLAIM)
  const entitlement = new URL(page.url()).pathname
  await expect(page.getByText('You have view-only access')).toBeVisible()
  await expect(page.getByRole('button')).not.toHaveText(['Assign to Group'])
  await gotoPortal(page, at('/webassignments/groups'))
  await expect(page.getByRole('button', { name: 'Create Group' })).toHaveCount(0)
  await gotoPortal(page, at('/webassignments/users'))
  await expect(page.getByRole('button', { name: 'Import' })).toHaveCount(0)
  await expect(page.getByRole('table', { name: 'Web users' })).toBeVisible()

  // A change posted anyway to any page that takes a form is refused by the portal before the licensing API is
  // asked, with the view-only message inside the shell.
  const posts: [string, Record<string, string>][] = [
    ['/webassignments/groups', { intent: 'create', name: 'Viewer Group' }],
    ['/webassignments/groups/All%20Users', { intent: 'rename', name: 'Viewer Renamed' }],
    ['/webassignments/users', { intent: 'add', email: 'viewer-added@acme.example', name: 'Viewer Added' }],
    ['/webassignments/users/viewer%40acme.example', { intent: 'change', name: 'Viewer', role: 'admin' }],
    [entitlement, { intent: 'assign-users', emails: 'viewer-seat@acme.example' }],
  ]
  for (const [path, form] of posts) {
    const response = await page.request.post(at(path), { headers: { origin: baseURL! }, form })
    expect([path, response.status()]).toEqual([path, 403])
    expect(await response.text()).toContain(VIEW_ONLY)
  }
})
