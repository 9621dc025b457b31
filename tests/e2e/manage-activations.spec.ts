/**
 * Manage Activations with JavaScript off and on: a host's history opens in its
 * row, its activations show, its licence file and the table's history CSV
 * download; deactivate, delete and rehost ask first and do what they say (the
 * rehosted host's new file names the new host); a view-only user gets the
 * permission notice and nothing changes. Each test makes its own hosts with
 * activations of entitlements no other journey takes.
 */
import fs from 'node:fs'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { expect, test, type Locator, type Page } from './support/test'
import { signIn } from './support/auth'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { withE2eDb } from './support/database'
import { makeHost, removeHost, journeyActivationIds } from './support/test-host'
import { entitlements, fulfillments, hosts } from '../../db/schema'

const BOREALIS = '1000002'
const ADMIN = 'marta.lindqvist@borealis.example'
const PAGE = `/activations-history?customer=${BOREALIS}`
const NOTICE = 'You do not have enough permissions for such operation.'

const isJs = () => test.info().project.name === 'js'
/** A host name and id of this test's own, different per project and run (`tag`: two hexadecimal digits). */
function ownHost(tag: string) {
  const project = isJs() ? 'j' : 'n'
  const stamp = (Date.now() % 0xffffff).toString(16).padStart(6, '0')
  const mac = `${tag}${project === 'j' ? 'b' : 'a'}${stamp}`.padEnd(12, '0').slice(0, 12)
  return { name: `mh-${tag}-${project}-${stamp}`, mac }
}

/** Puts fulfilments of the journey's entitlements on the host: [entitlement index, count, fulfilled ms ago, returned ms ago?]. */
function activate(hostId: number, entries: [number, number, number, number?][]) {
  const ids = journeyActivationIds('history', test.info().project.name)
  return withE2eDb((db) => {
    const rows = db
      .select({ id: entitlements.id, activationId: entitlements.activationId })
      .from(entitlements)
      .where(inArray(entitlements.activationId, ids))
      .all()
    const now = Date.now()
    entries.forEach(([index, count, ago, returnedAgo], n) => {
      const entitlement = rows.find((r) => r.activationId === ids[index])!
      db.insert(fulfillments)
        .values({
          fulfillmentId: `FID-MH-${hostId}-${n}`,
          entitlementId: entitlement.id,
          hostId,
          accountId: BOREALIS,
          count,
          status: returnedAgo === undefined ? 'ACTIVE' : 'INACTIVE',
          action: 'EDIT',
          modifiedBy: 'marta.lindqvist@borealis.example',
          fulfilledAt: now - ago,
          ...(returnedAgo === undefined
            ? {}
            : { returnedAt: now - returnedAgo, returnedBy: 'ole.hansen@borealis.example' }),
        })
        .run()
    })
    return ids
  })
}

const activeOn = (hostId: number) =>
  withE2eDb((db) =>
    db
      .select({ count: fulfillments.count })
      .from(fulfillments)
      .where(and(eq(fulfillments.hostId, hostId), eq(fulfillments.status, 'ACTIVE')))
      .all(),
  )
const hostByMac = (mac: string) => withE2eDb((db) => db.select().from(hosts).where(eq(hosts.hostIds, mac)).get())

const table = (page: Page, active: boolean) =>
  page.getByRole('region', { name: active ? 'Active Servers table' : 'Inactive Servers table', exact: true })
const rowOf = (page: Page, active: boolean, name: string) =>
  table(page, active).getByRole('row').filter({ hasText: name })

function confirmation(page: Page): Locator {
  return isJs() ? page.getByRole('dialog', { name: 'Confirm' }) : page.getByRole('region', { name: 'Confirm' })
}

async function answer(page: Page, yes: boolean) {
  await confirmation(page)
    .getByRole(yes || isJs() ? 'button' : 'link', { name: yes ? 'Yes' : 'No' })
    .click()
  await expect(confirmation(page)).toHaveCount(0)
}

const readDownload = async (download: { path(): Promise<string | null> }) =>
  fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '')

test("a host's history opens in its row, its activations show, and its files download", async ({ page }) => {
  const { name, mac } = ownHost('a1')
  const hostId = await makeHost({ name, serverId: mac, accounts: [BOREALIS] })
  try {
    const hour = 3_600_000
    // Two activations 10 s apart are one change; a return is a change of its own.
    const ids = await activate(hostId, [
      [0, 1, 2 * hour],
      [0, 1, 2 * hour - 10_000],
      [1, 1, 50 * hour, 30 * hour],
    ])
    await signIn(page, ADMIN, { start: PAGE })
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Activations' })).toBeVisible()
    const row = rowOf(page, true, name)
    await expect(row).toContainText(mac)
    await expect(row).toContainText('MAC_ADDRESS')

    await row.getByRole('link', { name: `Show details of ${name}` }).click()
    const history = table(page, true).getByRole('table', { name: `History of ${name}` })
    await expect(history).toBeVisible()
    const lines = await history.locator('tbody tr').allInnerTexts()
    expect(lines).toHaveLength(3)
    expect(lines[0]).toContain('ACTIVATE (2)')
    expect(lines[0]).toContain(ids[0])
    expect(lines[1]).toContain('DEACTIVATE (1)')
    expect(lines[1]).toContain('ole.hansen@borealis.example')
    expect(lines[2]).toContain('ACTIVATE (1)')
    expect(lines[2]).toContain(ids[1])
    await expectNoSeriousA11yViolations(page)

    await rowOf(page, true, name)
      .getByRole('link', { name: `View activations on ${name}` })
      .click()
    const view = isJs()
      ? page
          .getByRole('dialog', { name: `The following products are activated on Host ID: ${mac}` })
          .getByTestId('host-activations-dialog')
      : page.getByRole('region', { name: `The following products are activated on Host ID: ${mac}` })
    await expect(view).toBeVisible()
    await expect(view.getByRole('row')).toHaveCount(2)
    await expect(view.getByRole('row').nth(1)).toContainText(ids[0])
    await expect(view.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText('2')
    await expectNoSeriousA11yViolations(page)
    await view.getByRole('link', { name: 'Ok' }).click()
    await expect(view).toHaveCount(0)

    const [license] = await Promise.all([
      page.waitForEvent('download'),
      rowOf(page, true, name)
        .getByRole('link', { name: `Download the licence file of ${name}` })
        .click(),
    ])
    expect(license.suggestedFilename()).toBe(`license_${BOREALIS}_${mac}.lic`)
    expect(await readDownload(license)).toContain(`SERVER ${name} ${mac} 1055`)

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('region', { name: 'Active Servers', exact: true })
        .getByRole('link', { name: 'Export CSV' })
        .click(),
    ])
    expect(csv.suggestedFilename()).toBe(`ANSYSActiveServers_${BOREALIS}.csv`)
    const csvLines = (await readDownload(csv)).split('\r\n')
    expect(csvLines[0]).toBe('Hostname (hostid),Time,Modified by,Action,Product,Entitlement,Count,Start Date,End Date')
    const own = csvLines.filter((l) => l.startsWith(`${name} (${mac}),`))
    expect(own.map((l) => l.split(',')[3])).toEqual(['ACTIVATE (2)', 'DEACTIVATE (1)', 'ACTIVATE (1)'])
  } finally {
    await removeHost(hostId)
  }
})

test('deactivate and delete ask first; No changes nothing, Yes retires the host and then deletes it', async ({
  page,
}) => {
  const { name, mac } = ownHost('d2')
  const hostId = await makeHost({ name, serverId: mac, accounts: [BOREALIS] })
  try {
    await activate(hostId, [[2, 1, 60_000]])
    await signIn(page, ADMIN, { start: PAGE })
    const deactivate = () =>
      rowOf(page, true, name)
        .getByRole('button', { name: `Deactivate ${name}` })
        .click()

    await deactivate()
    await expect(confirmation(page)).toContainText(`Deactivate host ${name} (${mac})?`)
    await expectNoSeriousA11yViolations(page)
    await answer(page, false)
    await expect(rowOf(page, true, name)).toHaveCount(1)
    expect(await activeOn(hostId)).toHaveLength(1)

    // The licensing service failing in the middle: the page says so and the host keeps everything.
    const trigger = `injected_failure_${hostId}`
    await withE2eDb((db) =>
      db.run(
        sql.raw(
          `CREATE TRIGGER ${trigger} BEFORE UPDATE ON fulfillments WHEN OLD.host_id = ${hostId} ` +
            `BEGIN SELECT RAISE(ABORT, 'injected'); END`,
        ),
      ),
    )
    try {
      await deactivate()
      await answer(page, true)
      await expect(page.getByRole('heading', { name: 'Licensing service not answering' })).toBeVisible()
    } finally {
      await withE2eDb((db) => db.run(sql.raw(`DROP TRIGGER IF EXISTS ${trigger}`)))
    }
    expect(await activeOn(hostId)).toHaveLength(1)
    expect((await hostByMac(mac))!.state).toBe('ACTIVE')
    await page.goto(PAGE)
    await expect(rowOf(page, true, name)).toHaveCount(1)

    await deactivate()
    await answer(page, true)
    await expect(page.getByText(`Host ${name} was deactivated.`)).toBeVisible()
    await expect(rowOf(page, true, name)).toHaveCount(0)
    await expect(rowOf(page, false, name)).toHaveCount(1)
    expect(await activeOn(hostId)).toEqual([])
    expect((await hostByMac(mac))!.state).toBe('INACTIVE')

    await rowOf(page, false, name)
      .getByRole('button', { name: `Delete ${name}` })
      .click()
    await expect(confirmation(page)).toContainText(`Delete host ${name} (${mac})?`)
    await answer(page, true)
    await expect(page.getByText(`Host ${name} was deleted.`)).toBeVisible()
    await expect(rowOf(page, false, name)).toHaveCount(0)
    await expect(rowOf(page, true, name)).toHaveCount(0)
  } finally {
    await removeHost(hostId)
  }
})

test('rehost moves the activations to a new host whose file names it; the old host is inactive', async ({ page }) => {
  const old = ownHost('f3')
  const busy = ownHost('b3')
  const target = ownHost('c3')
  const oldId = await makeHost({ name: old.name, serverId: old.mac, accounts: [BOREALIS], borrowable: true })
  const busyId = await makeHost({ name: busy.name, serverId: busy.mac, accounts: [BOREALIS] })
  try {
    const ids = await activate(oldId, [
      [3, 2, 60_000],
      [4, 1, 60_000],
    ])
    await signIn(page, ADMIN, { start: PAGE })
    await rowOf(page, true, old.name)
      .getByRole('link', { name: `Rehost ${old.name}` })
      .click()
    const form = isJs()
      ? page.getByRole('dialog', { name: `Rehost ${old.name}` }).getByTestId('rehost-dialog')
      : page.getByRole('region', { name: `Rehost ${old.name}` })
    await expect(form).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    // A bad id is refused by its field before anything is asked.
    await form.getByLabel('Host name').fill(target.name)
    await form.getByLabel('Host ID', { exact: true }).fill('zz')
    await form.getByRole('button', { name: 'Rehost' }).click()
    await expect(form.getByText(/^Invalid ETHERNET server id: zz\./)).toBeVisible()
    await expect(confirmation(page)).toHaveCount(0)

    // An active host of the same name and id is refused by the licensing API, after the question.
    await form.getByLabel('Host name').fill(busy.name)
    await form.getByLabel('Host ID', { exact: true }).fill(busy.mac)
    await form.getByRole('button', { name: 'Rehost' }).click()
    await answer(page, true)
    await expect(
      form.getByRole('alert').filter({ hasText: `Host ${busy.name} (${busy.mac}) is active.` }),
    ).toBeVisible()
    expect(await activeOn(oldId)).toHaveLength(2)

    await form.getByLabel('Host name').fill(target.name)
    await form.getByLabel('Host ID', { exact: true }).fill(target.mac.toUpperCase())
    await form.getByRole('button', { name: 'Rehost' }).click()
    await expect(confirmation(page)).toContainText(`Rehost ${old.name} (${old.mac}) to ${target.name} (${target.mac})?`)
    const [license] = await Promise.all([page.waitForEvent('download'), answer(page, true)])
    await expect(page.getByText(`Host ${old.name} was rehosted to ${target.name}.`)).toBeVisible()
    expect(license.suggestedFilename()).toBe(`license_${BOREALIS}_${target.mac}.lic`)
    const text = await readDownload(license)
    expect(text).toContain(`SERVER ${target.name} ${target.mac} 1055`)
    expect(text).not.toContain(old.mac)
    for (const id of ids.slice(3, 5)) expect(text).toContain(`SN=${id}`)

    await expect(rowOf(page, false, old.name)).toHaveCount(1)
    await expect(rowOf(page, true, old.name)).toHaveCount(0)
    await expect(rowOf(page, true, target.name)).toHaveCount(1)
    const moved = await hostByMac(target.mac)
    expect(moved).toMatchObject({ state: 'ACTIVE', borrowable: 1 })
    expect((await activeOn(moved!.id)).map((f) => f.count).sort()).toEqual([1, 2])
    expect(await activeOn(oldId)).toEqual([])
  } finally {
    const moved = await hostByMac(target.mac)
    if (moved) await removeHost(moved.id)
    await removeHost(oldId)
    await removeHost(busyId)
  }
})

test('a view-only user gets the permission notice for deactivate and rehost, and nothing changes', async ({ page }) => {
  const lic01 = await withE2eDb((db) => db.select().from(hosts).where(eq(hosts.name, 'acme-lic01')).get()!)
  const before = await activeOn(lic01.id)
  await signIn(page, 'viewer@acme.example', { start: '/activations-history?customer=1000001' })
  const notice = page.getByTestId('editor-notice')

  await rowOf(page, true, 'acme-lic01').getByRole('button', { name: 'Deactivate acme-lic01' }).click()
  await expect(notice.getByText(NOTICE)).toBeVisible()
  await expect(confirmation(page)).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
  await notice.getByRole('link', { name: 'Ok' }).click()
  await expect(notice).toHaveCount(0)

  await rowOf(page, true, 'acme-lic01').getByRole('link', { name: 'Rehost acme-lic01' }).click()
  await expect(notice.getByText(NOTICE)).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Host name' })).toHaveCount(0)

  // Posted straight to the server, with the Yes, the same change is refused.
  const reply = await page.request.post('/activations-history?customer=1000001', {
    form: { intent: 'deactivate', host: String(lic01.id), confirm: 'yes' },
  })
  expect(reply.status()).toBe(403)
  expect(await activeOn(lic01.id)).toEqual(before)
})

test('each table keeps its own view: sorted by Host Name descending, it comes back so, until Reset View', async ({
  page,
}) => {
  // Views are the user's: each project signs in as its own user of the customer, one that no other journey
  // here uses, so the saved order never moves a host another journey looks for onto another page.
  await signIn(page, isJs() ? 'partner@channel.example' : 'ole.hansen@borealis.example', { start: PAGE })
  const section = page.getByRole('region', { name: 'Inactive Servers', exact: true })
  // This customer has no inactive servers, so the grid shows one sentence and no headings to click:
  // its sorted view is opened by its address, which a page load saves like a click would.
  await expect(section.getByRole('status')).toHaveText('There are no inactive servers.')
  await page.goto(`${PAGE}&i.sort=name.desc&i.size=20`)
  await expect(section.getByRole('button', { name: 'Reset View' })).toBeEnabled()
  await page.goto(PAGE)
  await expect(page).toHaveURL(/i\.sort=name\.desc/)
  await expect(page).not.toHaveURL(/[?&]sort=/)
  await section.getByRole('button', { name: 'Reset View' }).click()
  await expect(page).not.toHaveURL(/i\.sort=/)
  await expect(section.getByRole('button', { name: 'Reset View' })).toBeDisabled()
})
