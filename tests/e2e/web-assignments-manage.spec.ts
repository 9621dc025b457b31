/**
 * Managing who may use Acme's web licences, with JavaScript off and on: a member taken out of a
 * group on the group's page (the group's licence follows), a named seat taken back on the
 * entitlement's page, a group unassigned from a shared entitlement (a checkout then follows
 * decision 0028's rule), a user's role changed and changed back, users imported from a CSV file
 * (and the file's limits), and the Users list's filter, sort, saved view and CSV export.
 *
 * Each test makes its own users and groups (named after the project and the moment) and, where it
 * counts seats, web entitlements of its own, so that journeys running at once never move the
 * figures it reads; it removes them at the end. What a page shows is checked against what the
 * licensing API answers afterwards.
 */
import fs from 'node:fs'
import { expect, test, type Page, type TestInfo } from './support/test'
import { gotoPortal, signIn } from './support/auth'
import { apiData } from './support/api'
import { withE2eDb } from './support/database'
import { jsEnabled } from './support/env'
import { gridLocators } from './support/grid'
import { flashPanel } from './support/shell'
import { makeWebEntitlement, removeWebEntitlement, type JourneyWebEntitlement } from './support/web-entitlement'
import { webUsers } from '../../db/schema'
import type { WebEntitlementType } from '../../app/domain/web-licenses'
import { IMPORT_MESSAGES, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '../../app/domain/web-user-import'

const ACME = '1000001'
const ADMIN = 'admin@acme.example'
const at = (path: string) => `${path}${path.includes('?') ? '&' : '?'}customer=${ACME}`

interface UserRef {
  id: number
  email: string
  name: string
  role: 'member' | 'admin'
}
interface GroupRef {
  id: number
  name: string
}
interface EntitlementDetail {
  entitlement: { seats: number; holders: number; free: number; inUse: number }
  assignedGroups: GroupRef[]
  seats: { id: number; email: string }[]
}
type Checkout = { outcome: 'granted'; checkoutId: string } | { outcome: 'denied'; reason: string }

/** A call of the licensing API as Acme's administrator, on Acme. */
function acme<T>(baseURL: string, path: string, body: Record<string, unknown> = {}) {
  return apiData<T>(baseURL, ADMIN, path, { body: { customerNumber: ACME, ...body } })
}

/** A tag unique to the test's project and run, for the names of its records. */
function tagFor(testInfo: TestInfo) {
  return `${testInfo.project.name.replace(/\W/g, '')}${Date.now().toString(36)}`
}

/** The web users, groups and entitlements a test makes, removed again when it ends (whatever happened). */
class Records {
  users: UserRef[] = []
  groups: GroupRef[] = []
  entitlements: JourneyWebEntitlement[] = []
  constructor(
    private baseURL: string,
    readonly tag: string,
  ) {}

  async user(label: string, role: UserRef['role'] = 'member') {
    const user = await acme<UserRef>(this.baseURL, '/web/users/add', {
      email: `e2e-${label}-${this.tag}@acme.example`.toLowerCase(),
      name: `E2E ${label} ${this.tag}`,
      role,
    })
    this.users.push(user)
    return user
  }

  async group(label: string, members: UserRef[]) {
    const group = await acme<GroupRef>(this.baseURL, '/web/groups/add', { name: `E2E ${label} ${this.tag}` })
    this.groups.push(group)
    if (members.length > 0)
      await acme(this.baseURL, '/web/groups/members/add', { groupId: group.id, emails: members.map((m) => m.email) })
    return group
  }

  async entitlement(type: WebEntitlementType, seats: number) {
    const made = await makeWebEntitlement({ customer: ACME, type, tag: this.tag, seats })
    this.entitlements.push(made)
    return made
  }

  async remove() {
    for (const user of this.users) await acme(this.baseURL, '/web/users/remove', { userId: user.id, confirm: true })
    for (const group of this.groups)
      await acme(this.baseURL, '/web/groups/remove', { groupId: group.id, confirm: true })
    for (const entitlement of this.entitlements) await removeWebEntitlement(entitlement)
  }
}

let records: Records
test.beforeEach(({ baseURL }, testInfo) => {
  records = new Records(baseURL!, tagFor(testInfo))
})
test.afterEach(async () => {
  await records.remove()
})

const entitlementPath = (e: JourneyWebEntitlement) => at(`/webassignments/entitlements/${e.activationId}`)
const groupPath = (g: GroupRef) => at(`/webassignments/groups/${encodeURIComponent(g.name)}`)
const userPath = (u: UserRef) => at(`/webassignments/users/${encodeURIComponent(u.email)}`)

/** A figure of the entitlement's page ('Seats', 'Held', 'Allowed Number Left' ...). */
const figure = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd')

test('a member taken out of a group on its page no longer holds the seat the group gave', async ({ page, baseURL }) => {
  const named = await records.entitlement('NAMED_USER', 3)
  const [stays, leaves] = [await records.user('stays'), await records.user('leaves')]
  const group = await records.group('Members', [stays, leaves])
  await acme(baseURL!, '/web/assignments/group', { activationId: named.activationId, groupId: group.id })

  await signIn(page, ADMIN)
  await gotoPortal(page, entitlementPath(named))
  await expect(figure(page, 'Held')).toHaveText('2')
  await expect(figure(page, 'Allowed Number Left')).toHaveText('1')

  await gotoPortal(page, groupPath(group))
  await expect(page.getByRole('heading', { level: 1, name: `Group ${group.name}` })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Members (2)' })).toBeVisible()
  await expect(
    page.getByRole('main').getByRole('region', { name: 'Licences', exact: true }).getByRole('link'),
  ).toHaveText([named.productName])
  await page.getByRole('button', { name: `Remove ${leaves.email} from the group` }).click()
  await expect(flashPanel(page, 'Success', 'The member has been taken out of the group.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Members (1)' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Members (1)' }).getByRole('listitem')).toHaveText([
    new RegExp(stays.email),
  ])

  // The group's licence follows: one holder fewer, one seat more to give.
  await page
    .getByRole('main')
    .getByRole('region', { name: 'Licences', exact: true })
    .getByRole('link', { name: named.productName })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: named.productName })).toBeVisible()
  await expect(figure(page, 'Held')).toHaveText('1')
  await expect(figure(page, 'Allowed Number Left')).toHaveText('2')

  const detail = await acme<{ members: UserRef[] }>(baseURL!, '/web/group', { groupId: group.id })
  expect(detail.members.map((m) => m.email)).toEqual([stays.email])
  const after = await acme<EntitlementDetail>(baseURL!, '/web/entitlement', { activationId: named.activationId })
  expect(after.entitlement).toMatchObject({ seats: 3, holders: 1, free: 2 })
  const user = await acme<{ groups: GroupRef[] }>(baseURL!, '/web/user', { userId: leaves.id })
  expect(user.groups.map((g) => g.name)).not.toContain(group.name)
})

test('a named seat taken back on the entitlement’s page leaves one more to give', async ({ page, baseURL }) => {
  const named = await records.entitlement('NAMED_USER', 2)
  const holder = await records.user('holder')
  await acme(baseURL!, '/web/assignments/users', { activationId: named.activationId, emails: [holder.email] })

  await signIn(page, ADMIN)
  await gotoPortal(page, entitlementPath(named))
  const seats = page.getByRole('main').getByRole('region', { name: 'Named Seats', exact: true })
  await expect(seats.getByRole('listitem')).toHaveText([new RegExp(holder.email)])
  await expect(figure(page, 'Allowed Number Left')).toHaveText('1')
  await expect(page.getByTestId('seats-left')).toContainText('1')

  await page.getByRole('button', { name: `Remove the seat of ${holder.email}` }).click()
  await expect(flashPanel(page, 'Success', `The seat of ${named.productName} has been taken back.`)).toBeVisible()
  await expect(figure(page, 'Allowed Number Left')).toHaveText('2')
  await expect(figure(page, 'Held')).toHaveText('0')
  await expect(seats.getByText('No user has a seat of this licence directly.')).toBeVisible()

  const after = await acme<EntitlementDetail>(baseURL!, '/web/entitlement', { activationId: named.activationId })
  expect(after.seats).toEqual([])
  expect(after.entitlement).toMatchObject({ seats: 2, holders: 0, free: 2 })
})

test('a group unassigned from a shared entitlement: with no group left, every web user may take a seat', async ({
  page,
  baseURL,
}, testInfo) => {
  const shared = await records.entitlement('SHARED_WEB', 2)
  const [member, outsider] = [await records.user('member'), await records.user('outsider')]
  const group = await records.group('Shared', [member])
  await acme(baseURL!, '/web/assignments/group', { activationId: shared.activationId, groupId: group.id })
  const checkout = (email: string) =>
    apiData<Checkout>(baseURL!, 'weblicense@vendor.example', '/web/checkout', {
      body: { customerNumber: ACME, email, product: shared.product, clientHost: `e2e-${testInfo.project.name}` },
    })
  const checkin = (granted: Checkout) =>
    granted.outcome === 'granted'
      ? apiData(baseURL!, 'weblicense@vendor.example', '/web/checkin', { body: { checkoutId: granted.checkoutId } })
      : null
  // While the group is assigned, only its members may take a seat.
  expect(await checkout(outsider.email)).toMatchObject({ outcome: 'denied', reason: 'not-in-group' })

  await signIn(page, ADMIN)
  await gotoPortal(page, entitlementPath(shared))
  const groups = page.getByRole('main').getByRole('region', { name: 'Groups', exact: true })
  await expect(groups.getByRole('link')).toHaveText([group.name])
  await page.getByRole('button', { name: `Remove group ${group.name}` }).click()
  await expect(flashPanel(page, 'Success', `${shared.productName} is no longer assigned to that group.`)).toBeVisible()
  await expect(groups.getByText('Assigned to no group.')).toBeVisible()
  await expect(groups.getByRole('combobox', { name: 'Group' }).getByRole('option', { name: group.name })).toHaveCount(1)

  const after = await acme<EntitlementDetail>(baseURL!, '/web/entitlement', { activationId: shared.activationId })
  expect(after.assignedGroups).toEqual([])
  // Decision 0028: a shared entitlement assigned to no group is open to every web user of the customer.
  const byMember = await checkout(member.email)
  const byOutsider = await checkout(outsider.email)
  try {
    expect(byMember.outcome).toBe('granted')
    expect(byOutsider.outcome).toBe('granted')
    await gotoPortal(page, entitlementPath(shared))
    await expect(figure(page, 'In Use Now')).toHaveText('2')
    await expect(figure(page, 'Free Now')).toHaveText('0')
  } finally {
    await checkin(byMember)
    await checkin(byOutsider)
  }
})

test('a user’s role changed to Customer Administrator and back, on the user’s page and in the Users list', async ({
  page,
  baseURL,
}, testInfo) => {
  const js = jsEnabled(testInfo)
  const user = await records.user('role')
  const list = gridLocators('Web users table')
  // A user of its own per project, whose flags no other journey switches: the list's view is saved per user.
  await signIn(page, js ? 'busops@vendor.example' : 'busops2@vendor.example')

  const changeRole = async (label: string) => {
    await gotoPortal(page, userPath(user))
    await expect(page.getByRole('heading', { level: 1, name: user.name })).toBeVisible()
    await page.getByRole('combobox', { name: 'Role' }).selectOption({ label })
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(flashPanel(page, 'Success', `${user.name} is now a ${label}.`)).toBeVisible()
    await expect(page.getByText(`${user.email}, ${label}`, { exact: true })).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Role' })).toHaveValue(label === 'Member' ? 'member' : 'admin')
  }
  const listedRole = async () => {
    await gotoPortal(page, at('/webassignments/users'))
    await list.filterBy(page, js, 'E-mail', 'email', user.email)
    expect(await list.rowTexts(page)).toEqual([[user.name, user.email, expect.any(String), '–', '0']])
    return (await list.columnCells(page, 'Role'))[0]
  }

  await changeRole('Customer Administrator')
  expect(await listedRole()).toBe('Customer Administrator')
  expect((await acme<{ user: UserRef }>(baseURL!, '/web/user', { userId: user.id })).user.role).toBe('admin')

  await changeRole('Member')
  expect(await listedRole()).toBe('Member')
  expect((await acme<{ user: UserRef }>(baseURL!, '/web/user', { userId: user.id })).user.role).toBe('member')
  await page.getByRole('button', { name: 'Reset View' }).click()
})

test('users imported from a CSV file: the report names the bad row and why; a file too large or too long is refused whole', async ({
  page,
  baseURL,
}, testInfo) => {
  const tag = records.tag
  const group = `E2E Import ${tag}`
  const good = [`e2e-imp1-${tag}@acme.example`, `e2e-imp2-${tag}@acme.example`]
  const file = testInfo.outputPath(`users-${tag}.csv`)
  fs.writeFileSync(
    file,
    [
      'email,name,role,groups',
      `${good[0]},Imported One ${tag},member,${group}`,
      `${good[1]},Imported Two ${tag},Customer Administrator,${group}`,
      `e2e-imp3-${tag}@acme.example,,member,`,
    ].join('\r\n'),
  )

  await signIn(page, ADMIN)
  await gotoPortal(page, at('/webassignments/users'))

  // A file over the limit is refused beside its field, and nothing is imported.
  const tooLarge = testInfo.outputPath(`too-large-${tag}.csv`)
  const line = `e2e-big-${tag}@acme.example,Too Large ${tag},member,\r\n`
  fs.writeFileSync(tooLarge, `email,name,role,groups\r\n${line.repeat(Math.ceil(MAX_IMPORT_BYTES / line.length))}`)
  await page.getByLabel('CSV file').setInputFiles(tooLarge)
  await page.getByRole('button', { name: 'Import' }).click()
  await expect(page.getByLabel('CSV file')).toHaveAccessibleDescription(/The file is larger than 1 MB\./)
  await expect(page.getByLabel('CSV file')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('heading', { name: 'Import Report' })).toHaveCount(0)

  // So is a file with more rows than one import takes, as a whole.
  const tooMany = testInfo.outputPath(`too-many-${tag}.csv`)
  const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `e2e-many${i}-${tag}@acme.example,Many ${i},,`)
  fs.writeFileSync(tooMany, ['email,name,role,groups', ...rows].join('\r\n'))
  await page.getByLabel('CSV file').setInputFiles(tooMany)
  await page.getByRole('button', { name: 'Import' }).click()
  await expect(flashPanel(page, 'Error', IMPORT_MESSAGES.tooMany)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Import Report' })).toHaveCount(0)

  await page.getByLabel('CSV file').setInputFiles(file)
  await page.getByRole('button', { name: 'Import' }).click()
  const report = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Import Report' }) })
  await expect(report).toContainText(`2 added, 0 already there, 1 refused. Groups created: ${group}.`)
  const bad = report.getByRole('row').filter({ hasText: `e2e-imp3-${tag}@acme.example` })
  await expect(bad.getByRole('cell')).toHaveText(['4', `e2e-imp3-${tag}@acme.example`, 'Refused', /name is missing/i])

  // What the API holds: the two good rows, in the group the file named; the bad row not at all.
  const listed = await acme<UserRef[]>(baseURL!, '/web/users', {
    filter: { condition: 'ALL', criteria: [{ name: 'email', method: 'CONTAINS', value: tag }] },
    limit: 10,
  })
  records.users.push(...listed)
  expect(listed.map((u) => [u.email, u.role]).sort()).toEqual([
    [good[0], 'member'],
    [good[1], 'admin'],
  ])
  const groups = await acme<(GroupRef & { members: number })[]>(baseURL!, '/web/groups', {
    filter: { condition: 'ALL', criteria: [{ name: 'name', method: 'EQUALS', value: group }] },
    limit: 10,
  })
  records.groups.push(...groups)
  expect(groups.map((g) => [g.name, g.members])).toEqual([[group, 2]])
  const big = await acme<UserRef[]>(baseURL!, '/web/users', {
    filter: { condition: 'ALL', criteria: [{ name: 'email', method: 'EQUALS', value: `e2e-big-${tag}@acme.example` }] },
    limit: 1,
  })
  expect(big).toEqual([])
  const many = await acme<UserRef[]>(baseURL!, '/web/users', {
    filter: { condition: 'ALL', criteria: [{ name: 'email', method: 'CONTAINS', value: `-${tag}@` }] },
    limit: 10,
  })
  expect(many.map((u) => u.email).filter((e) => e.startsWith('e2e-many'))).toEqual([])
})

test('the Users list: a filter, a sort, the saved view on a later visit, and its CSV export', async ({
  page,
  baseURL,
}, testInfo) => {
  const js = jsEnabled(testInfo)
  const tag = records.tag
  // Read-only users of their own per project (views are saved per user); with JavaScript a view-only
  // member of staff, whose view is saved by the page's scripts.
  const reader = js ? 'support@vendor.example' : 'lena.fischer@acme.example'
  const list = gridLocators('Web users table')
  await records.user('alpha')
  await records.user('bravo', 'admin')
  // A name a spreadsheet would run as a formula, as older data may hold (the API refuses new ones).
  const formula = `=1+2 E2E ${tag}`
  await withE2eDb((db) =>
    db
      .insert(webUsers)
      .values({ accountId: ACME, email: `e2e-formula-${tag}@acme.example`, name: formula, createdAt: Date.now() })
      .run(),
  )
  const [stored] = await acme<UserRef[]>(baseURL!, '/web/users', {
    filter: {
      condition: 'ALL',
      criteria: [{ name: 'email', method: 'EQUALS', value: `e2e-formula-${tag}@acme.example` }],
    },
    limit: 1,
  })
  records.users.push(stored)

  await signIn(page, reader)
  await gotoPortal(page, at('/webassignments/users'))
  await list.filterBy(page, js, 'E-mail', 'email', tag)
  expect(await list.columnCells(page, 'Name')).toEqual([formula, `E2E alpha ${tag}`, `E2E bravo ${tag}`])
  await list.sortBy(page, 'Name', 'descending')
  const shown = await list.rowTexts(page)
  expect(shown.map((cells) => cells[0])).toEqual([`E2E bravo ${tag}`, `E2E alpha ${tag}`, formula])
  expect(shown[0][2]).toBe('Customer Administrator')

  // The view is saved for this user: the API holds it, and the list without a view in its address shows it.
  await expect
    .poll(async () => {
      const view = await apiData<{ filterModel: unknown; sortModel: unknown } | null>(
        baseURL!,
        reader,
        '/preferences/get',
        { body: { customerNumber: ACME, tableName: 'webUserList' } },
      )
      return view && { filterModel: view.filterModel, sortModel: view.sortModel }
    })
    .toEqual({
      filterModel: { email: { filterType: 'text', type: 'contains', filter: tag } },
      sortModel: [{ colId: 'name', sort: 'desc', sortIndex: 0 }],
    })
  await gotoPortal(page, at('/webassignments/groups'))
  await gotoPortal(page, at('/webassignments/users'))
  await list.settled(page)
  await expect(list.grid(page).getByLabel('Filter E-mail', { exact: true })).toHaveValue(tag)
  expect(await list.rowTexts(page)).toEqual(shown)

  // The export holds what the grid shows: its header, its rows in its order, the formula made harmless.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ])
  const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '')
  const lines = text.split('\r\n')
  expect(lines.at(-1)).toBe('')
  expect(lines[0]).toBe((await list.headerTexts(page)).join(','))
  // The grid's dash for an empty cell is an empty field.
  const expected = shown.map((cells) => cells.map((c) => (c === formula ? `'${c}` : c === '–' ? '' : c)).join(','))
  expect(lines.slice(1, -1)).toEqual(expected)

  await page.getByRole('button', { name: 'Reset View' }).click()
  await expect(list.grid(page).getByLabel('Filter E-mail', { exact: true })).toHaveValue('')
})
