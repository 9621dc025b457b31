import { expect, test, type Page, type TestInfo } from './support/test'
import { gotoPortal, signIn } from './support/auth'
import { apiData } from './support/api'
import { jsEnabled } from './support/env'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { flashPanel, mainNav } from './support/shell'
import { CUSTOMERS } from './support/expectations'

/**
 * Web > Assignments with the new layout switched on (webAssignmentsV2): the assignment
 * matrix. Feature flags are saved per user, so each project signs in as a writer that no
 * web licensing journey uses, on a named entitlement of its own: without JavaScript
 * Borealis' HFSS, with it Acme's Fluent. The users the test ticks are its own (a tag in
 * their names), found with the matrix's search, and removed afterwards.
 */
interface Setup {
  email: string
  customer: string
  product: RegExp
}

function setupFor(testInfo: TestInfo): Setup {
  return jsEnabled(testInfo)
    ? { email: 'asc@acme.example', customer: CUSTOMERS.acme.id, product: /Fluent - Named User$/ }
    : { email: 'marta.lindqvist@borealis.example', customer: CUSTOMERS.borealis.id, product: /HFSS - Named User$/ }
}

const V2_FLAGS = ['fsa', 'statementsV2', 'webAssignmentsV2']
const DEFAULT_FLAGS = ['fsa', 'statementsV2', 'webAssignmentsClassic']

interface EntitlementRow {
  activationId: string
  productName: string
  type: string
  seats: number
  holders: number
  free: number
}
interface UserRef {
  id: number
  email: string
  name: string
}
interface EntitlementDetail {
  seats: { id: number; endDate: string | null }[]
}

test.describe('Web > Assignments, the matrix', () => {
  test.describe.configure({ mode: 'serial' })

  let setup: Setup
  let baseURL: string
  let entitlement: EntitlementRow
  let tag: string
  let users: UserRef[] = []

  const call = <T>(path: string, body: Record<string, unknown>) =>
    apiData<T>(baseURL, setup.email, path, { body: { customerNumber: setup.customer, ...body } })
  const holders = async () =>
    (await call<EntitlementDetail>('/web/entitlement', { activationId: entitlement.activationId })).seats.map(
      (s) => s.id,
    )
  const matrixPath = () => `/webassignments-v2?customer=${setup.customer}&q=${tag}`
  const seat = (page: Page, user: UserRef) =>
    page.getByRole('checkbox', { name: `${entitlement.productName}: seat for ${user.name}` })
  const save = (page: Page) => page.getByRole('button', { name: 'Save seats' }).click()

  test.beforeAll(async ({ baseURL: url }, testInfo) => {
    setup = setupFor(testInfo)
    baseURL = url!
    await apiData(baseURL, setup.email, '/featureflag/features', { body: { features: V2_FLAGS } })
    const rows = await call<EntitlementRow[]>('/web/entitlements', { limit: 100 })
    entitlement = rows.find((r) => r.type === 'NAMED_USER' && setup.product.test(r.productName))!
    // Enough users of its own to go over the seats left, with a margin: the other journeys on this licence
    // give seats and take them back meanwhile.
    tag = `mx${testInfo.project.name.replace(/\W/g, '')}${Date.now().toString(36)}`
    const count = entitlement.free + 3
    users = []
    for (let i = 1; i <= count; i++) {
      users.push(
        await call<UserRef>('/web/users/add', { email: `${tag}.${i}@matrix.example`, name: `Matrix ${tag} ${i}` }),
      )
    }
    await call('/web/assignments/users', { activationId: entitlement.activationId, emails: [users[0].email] })
  })

  test.afterAll(async () => {
    for (const user of users) await call('/web/users/remove', { userId: user.id, confirm: true })
    await apiData(baseURL, setup.email, '/featureflag/features', { body: { features: DEFAULT_FLAGS } })
  })

  test.beforeEach(async ({ page }) => {
    await signIn(page, setup.email)
  })

  test('ticks for several users are saved at once', async ({ page }, testInfo) => {
    await gotoPortal(page, matrixPath())
    await expect(page).toHaveTitle(/^Assignments/)
    await expect(page.getByRole('heading', { level: 1, name: 'Assignments' })).toBeVisible()
    await expect(page.getByText(`Users 1–${users.length} of ${users.length}`)).toBeVisible()
    const [one, two] = users
    await expect(seat(page, one)).toBeChecked()
    await expect(seat(page, two)).not.toBeChecked()
    await expectNoSeriousA11yViolations(page)

    await seat(page, one).uncheck()
    await seat(page, two).check()
    if (jsEnabled(testInfo)) await expect(page.getByText('Unsaved ticks in 1 licence.')).toBeVisible()
    await save(page)
    await expect(flashPanel(page, 'Success', 'Seats saved for 1 licence.')).toBeVisible()
    await expect(seat(page, one)).not.toBeChecked()
    await expect(seat(page, two)).toBeChecked()
    const stored = await holders()
    expect(stored).toContain(two.id)
    expect(stored).not.toContain(one.id)
  })

  test('ticks past the seats are refused, naming the licence, and kept', async ({ page }, testInfo) => {
    await gotoPortal(page, matrixPath())
    const unticked = users.filter((_, i) => i !== 1)
    for (const user of unticked) await seat(page, user).check()
    if (jsEnabled(testInfo)) {
      // The header counts the unsaved ticks and warns before the save.
      await expect(page.getByTestId('matrix-over')).toContainText(`${entitlement.productName} has ${entitlement.seats}`)
    }
    const response = page.waitForResponse((r) => r.request().method() === 'POST')
    await save(page)
    expect((await response).status()).toBe(400)
    await expect(flashPanel(page, 'Error', `${entitlement.productName} has ${entitlement.seats} seats`)).toBeVisible()
    for (const user of unticked) await expect(seat(page, user)).toBeChecked()
    expect(await holders()).not.toContain(users[0].id)

    // Without JavaScript a link to the page as stored; with it, the ticks are put back in place.
    await page.getByRole(jsEnabled(testInfo) ? 'button' : 'link', { name: 'Undo unsaved ticks' }).click()
    for (const user of unticked) await expect(seat(page, user)).not.toBeChecked()
  })

  test('a save over someone else’s change is refused and shows what is stored, with the ticks kept', async ({
    page,
  }) => {
    const [one, two] = users
    await gotoPortal(page, matrixPath())
    await expect(seat(page, two)).toBeChecked()
    // Someone else takes the seat away while the page is open.
    await call('/web/assignments/users/remove', { activationId: entitlement.activationId, userId: two.id })

    await seat(page, one).check()
    const response = page.waitForResponse((r) => r.request().method() === 'POST')
    await save(page)
    expect((await response).status()).toBe(409)
    await expect(
      flashPanel(page, 'Error', 'Someone else changed these seats; here is what is stored now.'),
    ).toBeVisible()
    await expect(seat(page, one)).toBeChecked()
    await expect(seat(page, two)).not.toBeChecked()
    expect(await holders()).not.toContain(one.id)

    await save(page)
    await expect(flashPanel(page, 'Success', 'Seats saved for 1 licence.')).toBeVisible()
    const stored = await holders()
    expect(stored).toContain(one.id)
    expect(stored).not.toContain(two.id)
  })

  test('the matrix reflows at 320 px: only the table scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 })
    await gotoPortal(page, matrixPath())
    await expect(page.getByRole('region', { name: 'Assignment matrix' })).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})

test.describe('Web > Assignments, the matrix, view-only', () => {
  // A viewer who has the matrix from the seed: no flag is switched. One project is enough, the page is the server's.
  const viewer = 'webmatrix.viewer@acme.example'
  const customer = CUSTOMERS.acme.id
  let baseURL: string

  test.beforeAll(({ baseURL: url }, testInfo) => {
    test.skip(jsEnabled(testInfo), 'the view-only page is the server’s; one project is enough')
    baseURL = url!
  })

  test('a viewer sees the seats and can change none; a forged save is refused', async ({ page }) => {
    await signIn(page, viewer)
    await gotoPortal(page, `/webassignments-v2?customer=${customer}`)
    const boxes = page.getByRole('checkbox')
    await expect(boxes.first()).toBeVisible()
    for (const box of await boxes.all()) await expect(box).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Save seats' })).toHaveCount(0)
    await expect(page.getByText('You have view-only access: the seats cannot be changed.')).toBeVisible()

    const rows = await apiData<EntitlementRow[]>(baseURL, viewer, '/web/entitlements', {
      body: { customerNumber: customer, limit: 100 },
    })
    // Mechanical: every seat given directly.
    const named = rows.find((r) => r.type === 'NAMED_USER' && /Mechanical - Named User$/.test(r.productName))!
    const before = await apiData<EntitlementDetail>(baseURL, viewer, '/web/entitlement', {
      body: { customerNumber: customer, activationId: named.activationId },
    })
    const holder = before.seats[0].id
    // The form a writer would post, unticking a holder.
    const response = await page.request.post(`/webassignments-v2?customer=${customer}`, {
      headers: { origin: baseURL },
      form: { seen: JSON.stringify({ [named.activationId]: [holder] }), user: String(holder) },
    })
    expect(response.status()).toBe(403)
    const after = await apiData<EntitlementDetail>(baseURL, viewer, '/web/entitlement', {
      body: { customerNumber: customer, activationId: named.activationId },
    })
    expect(after.seats).toEqual(before.seats)
  })
})

test('a user who has the matrix from the seed finds it under Web > Assignments, from the classic addresses too', async ({
  page,
}) => {
  const acme = CUSTOMERS.acme.id
  const matrix = `/webassignments-v2?customer=${acme}`
  await signIn(page, 'webmatrix.viewer@acme.example', { start: `/home?customer=${acme}` })
  const assignments = mainNav(page).getByRole('link', { name: 'Assignments' })
  await expect(assignments).toHaveCount(1)
  await expect(assignments).toHaveAttribute('href', matrix)
  await assignments.click()
  await expect(page).toHaveURL(matrix)
  await expect(page.getByRole('table', { name: /^Web licences by user/ })).toBeVisible()
  // A bookmark of the classic screens leads to the matrix that replaces them.
  for (const path of ['/webassignments', '/webassignments/groups/Design', '/webassignments/users']) {
    const response = await gotoPortal(page, `${path}?customer=${acme}`)
    expect(response?.status(), path).toBe(200)
    await expect(page).toHaveURL(matrix)
    await expect(page.getByRole('heading', { level: 1, name: 'Assignments' })).toBeVisible()
  }
})
