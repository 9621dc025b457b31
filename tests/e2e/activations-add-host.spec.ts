/**
 * Add New Host in the activation editor, with JavaScript off (a section of the
 * page) and on (a dialog): a single host and a triad are added and opened in
 * the editor, a bad name and host ID are refused by their fields with the
 * spec's words and nothing is written, a licence file fills the rows, and a
 * view-only user gets the permission notice. Each project adds hosts of its own
 * to Cobalt Energy and removes them afterwards.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { like } from 'drizzle-orm'
import type { Page } from '@playwright/test'
import { expect, test } from './support/test'
import { signIn } from './support/auth'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { withE2eDb } from './support/database'
import { hosts } from '../../db/schema'

test.describe.configure({ timeout: 120_000 })

const COBALT = '1000003'
const ADMIN = 'partner@channel.example'

/** Names and ids of this test's hosts: the project and the test apart, as they all run at once. */
function names(project: string, test: number) {
  const tag = `${project === 'js' ? 'j' : 'n'}${test}`
  const hex = `${project === 'js' ? 'a' : 'b'}${test}`
  cleanup = `e2e-add-${tag}`
  return { prefix: cleanup, id: (i: number) => `0a0b0c0d${hex}${String(i).padStart(2, '0')}` }
}

const madeHosts = (prefix: string) =>
  withE2eDb((db) =>
    db
      .select()
      .from(hosts)
      .where(like(hosts.name, `${prefix}%`))
      .all(),
  )

/** The host names the running test adds (each worker runs one test at a time). */
let cleanup: string | null = null

test.afterEach(async () => {
  const prefix = cleanup
  cleanup = null
  if (prefix)
    await withE2eDb((db) =>
      db
        .delete(hosts)
        .where(like(hosts.name, `${prefix}%`))
        .run(),
    )
})

const dialog = (page: Page) => page.getByRole('region', { name: 'Add New Host' })

async function openAddHost(page: Page) {
  await page.getByRole('link', { name: 'Add server' }).click()
  await expect(dialog(page).getByRole('heading', { name: 'Add New Host' })).toBeVisible()
}

test('a single host is added and opens in the editor; a bad name and id are refused by their fields', async ({
  page,
}, testInfo) => {
  const { prefix, id } = names(testInfo.project.name, 1)
  await signIn(page, ADMIN, { start: `/activations?customer=${COBALT}` })
  await openAddHost(page)
  if (testInfo.project.name === 'js') {
    await expect(page.getByRole('dialog', { name: 'Add New Host' }).getByRole('heading')).toBeVisible()
  }
  await expectNoSeriousA11yViolations(page)

  await dialog(page).getByLabel('Host name').fill(`${prefix} bad`)
  await dialog(page).getByLabel('Host ID', { exact: true }).fill('12345')
  await dialog(page).getByRole('button', { name: 'Save' }).click()
  await expect(dialog(page).getByText('Please remove spaces and special characters.')).toBeVisible()
  await expect(
    dialog(page).getByText('Invalid ETHERNET server id: 12345. It must be 12 hexadecimal (0-9, a-f, or A-F) digits.'),
  ).toBeVisible()
  await expect(dialog(page).getByLabel('Host name')).toHaveAttribute('aria-invalid', 'true')
  expect(await madeHosts(prefix)).toEqual([])

  await dialog(page).getByLabel('Host name').fill(prefix)
  await dialog(page)
    .getByLabel('Host ID', { exact: true })
    .fill(`ETHERNET=${id(1).toUpperCase()}`)
  await dialog(page).getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(`Host ${prefix} was added.`)).toBeVisible()
  const [made] = await madeHosts(prefix)
  expect(made).toMatchObject({ name: prefix, hostIds: id(1), hostIdTypes: 'ETHERNET', state: 'ACTIVE' })
  await expect(page).toHaveURL(new RegExp(`[?&]id=${made.id}(&|$)`))
  await expect(page.getByRole('heading', { level: 2, name: `${prefix} (MAC_ADDRESS=${id(1)})` })).toBeVisible()

  // The same identifier again is refused, by the API, in its words.
  await openAddHost(page)
  await dialog(page).getByLabel('Host name').fill(prefix)
  await dialog(page).getByLabel('Host ID', { exact: true }).fill(id(1))
  await dialog(page).getByRole('button', { name: 'Save' }).click()
  await expect(dialog(page).getByText(`Host identifier ${prefix} (${id(1)}) is already in use.`)).toBeVisible()
  expect(await madeHosts(prefix)).toHaveLength(1)
})

test('a triad is added with three rows', async ({ page }, testInfo) => {
  const { prefix, id } = names(testInfo.project.name, 2)
  await signIn(page, ADMIN, { start: `/activations?customer=${COBALT}` })
  await openAddHost(page)
  await dialog(page).getByRole('link', { name: 'Add a triad instead' }).click()
  for (const i of [1, 2, 3]) {
    const row = dialog(page).getByRole('group', { name: `Host ${i}` })
    await row.getByLabel('Host name').fill(`${prefix}-${i}`)
    await row.getByLabel('Host ID', { exact: true }).fill(id(i))
  }
  await dialog(page).getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(`Host ${prefix}-1,${prefix}-2,${prefix}-3 was added.`)).toBeVisible()
  const [made] = await madeHosts(prefix)
  expect(made).toMatchObject({ hostIds: [id(1), id(2), id(3)].join(','), state: 'ACTIVE' })
})

test('Upload from license fills the rows from the file, which then saves', async ({ page }, testInfo) => {
  const { prefix, id } = names(testInfo.project.name, 3)
  const file = path.join(os.tmpdir(), `${prefix}.lic`)
  fs.writeFileSync(
    file,
    [1, 2, 3].map((i) => `SERVER ${prefix}-${i} ${id(i)} 27000`).join('\n') + '\nVENDOR ansyslmd\nUSE_SERVER\n',
  )
  await signIn(page, ADMIN, { start: `/activations?customer=${COBALT}` })
  await openAddHost(page)
  await dialog(page).getByRole('button', { name: 'Upload from license' }).click()
  await expect(dialog(page).getByText('Choose the licence file to read the host from.')).toBeVisible()

  await dialog(page).getByLabel('Licence file').setInputFiles(file)
  await dialog(page).getByRole('button', { name: 'Upload from license' }).click()
  await expect(dialog(page).getByText(`The host was read from ${prefix}.lic. Check it and Save.`)).toBeVisible()
  await expect(dialog(page).getByRole('group', { name: 'Host 3' }).getByLabel('Host ID', { exact: true })).toHaveValue(
    id(3),
  )
  await expect(dialog(page).getByRole('group', { name: 'Host 1' }).getByLabel('Host name')).toHaveValue(`${prefix}-1`)
  await dialog(page).getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(`Host ${prefix}-1,${prefix}-2,${prefix}-3 was added.`)).toBeVisible()
  expect(await madeHosts(prefix)).toHaveLength(1)
})

test('a view-only user gets the permission notice instead of Add New Host', async ({ page }) => {
  cleanup = 'e2e-add-viewer'
  await signIn(page, 'wei.chen@cobalt.example', { start: `/activations?customer=${COBALT}` })
  await page.getByRole('link', { name: 'Add server' }).click()
  const notice = page.getByTestId('editor-notice')
  await expect(notice.getByText('You do not have enough permissions for such operation.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Add New Host' })).toHaveCount(0)
  await notice.getByRole('link', { name: 'Ok' }).click()
  await expect(page).not.toHaveURL(/addHost/)

  const reply = await page.request.post(`/activations?customer=${COBALT}`, {
    multipart: { intent: 'addHost', 'name.0': 'e2e-add-viewer', 'hostId.0': '0a0b0c0d0c01', 'type.0': 'ETHERNET' },
  })
  expect(reply.status()).toBe(403)
  expect(await madeHosts('e2e-add-viewer')).toEqual([])
})
