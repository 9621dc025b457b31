/**
 * The activation editor, with JavaScript off and on, on a host of its own
 * (Cobalt Energy's, made for the test and removed after it): a ticked product
 * starts at a count of 1 and shows in Changes to save, a count above the
 * available one is refused, a product is activated through the confirmation
 * (naming product, count and host) with the licence lines it adds, and the
 * downloaded file holds it; removing it again returns the count, and the save
 * stops at the licence stage, saying so, as the host is then left without
 * activations. With no host picked, the customer's hosts are listed with a search.
 */
import fs from 'node:fs'
import { eq } from 'drizzle-orm'
import { expect, test } from './support/test'
import { signIn } from './support/auth'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { withE2eDb } from './support/database'
import { availableLabel, journeyActivationIds, makeHost, removeHost } from './support/test-host'
import { hosts } from '../../db/schema'

test.describe.configure({ timeout: 120_000 })

const COBALT = '1000003'
let hostId: number
let serverId: string
let hostName: string

test.beforeEach(async ({}, testInfo) => {
  // A host per test and project, as they all run at once.
  const n = (testInfo.project.name === 'js' ? 1 : 2) + (testInfo.title.startsWith('with no host') ? 2 : 0)
  serverId = `0a0b0c0d0e0${n}`
  hostName = `e2e-editor-${n}`
  hostId = await makeHost({ name: hostName, serverId, accounts: [COBALT], borrowable: true })
})

test.afterEach(() => removeHost(hostId))

test('activate a product on a host, review the licence lines, download the file, then remove it', async ({
  page,
}, testInfo) => {
  await signIn(page, 'partner@channel.example', { start: `/activations?customer=${COBALT}&id=${hostId}` })
  await expect(page.getByRole('heading', { level: 1, name: 'Activate Entitlements' })).toBeVisible()
  const available = page.getByRole('region', { name: 'Available Entitlements table' })
  // Each project takes its own entitlement, as both run at once on the same customer.
  const [id] = journeyActivationIds('editor', testInfo.project.name)
  const label = await availableLabel(page, id)
  const first = available.getByLabel(`Activate ${label}`)
  const activationId = label.split(' ').at(-1)!
  const product = label.split(' ').slice(0, -1).join(' ')
  const count = available.getByLabel(`Count of ${label}`)
  const max = Number(await count.getAttribute('max'))
  await expectNoSeriousA11yViolations(page)
  // A count starts at 1, not at all that is available.
  await expect(count).toHaveValue('1')

  // A ticked product shows in Changes to save (without JavaScript once the selection is updated).
  const changes = page.getByRole('list', { name: 'Changes to save' })
  await first.check()
  if (testInfo.project.name === 'no-js') await page.getByRole('button', { name: 'Update selection' }).click()
  await expect(changes.getByRole('listitem')).toHaveCount(1)
  await expect(changes.getByRole('listitem')).toContainText(`Activate 1 × ${product}`)
  // The address keeps the count of the row picked, not every row's.
  const counts = [...new URL(page.url()).searchParams.keys()].filter((name) => name.startsWith('n.'))
  expect(counts).toEqual([`n.${COBALT}:${activationId}`])
  // Undo takes it back, and the box is clear again.
  await changes.getByRole('button', { name: `Undo: Activate 1 × ${product} (${activationId})` }).click()
  await expect(page.getByRole('list', { name: 'Changes to save' })).toHaveCount(0)
  await expect(first).not.toBeChecked()

  await first.check()
  await count.fill(String(max + 1))
  await page.getByRole('button', { name: 'Update selection' }).click()
  // Another journey may take one of the same entitlement meanwhile: the limit is what is available now.
  const refusal = page.getByText(/^Maximum is \d+\.$/)
  await expect(refusal).toBeVisible()
  expect(Number((await refusal.textContent())!.match(/\d+/)![0])).toBeLessThanOrEqual(max)

  await count.fill('1')
  await page.getByRole('button', { name: 'Save & Generate' }).click()
  // The confirmation names product, count and host, and its button says what happens.
  const title = `Activate 1 × ${product} on ${hostName}`
  const review = page.getByRole('region', { name: title })
  await expect(review.getByText(`Activate 1 × ${product} (${activationId}) on ${hostName}`)).toBeVisible()
  // With JavaScript the review is a dialog over the editor.
  if (testInfo.project.name === 'js')
    await expect(page.getByRole('dialog', { name: title }).getByRole('heading', { name: title })).toBeVisible()
  await expect(review.getByRole('button').or(review.getByRole('link'))).toHaveText([
    'Activate and generate licence file',
    'Cancel',
  ])
  await expect(review.getByText(new RegExp(`^\\+ SERVER e2e-editor-\\S+ ${serverId} 1055$`))).toBeVisible()
  await expect(review.getByText(/^\+ INCREMENT /).first()).toBeVisible()
  // The file downloads by itself once the save is through; the outcome page keeps a link to it.
  // With JavaScript the save runs live, stage by stage, through /activations/save.
  const live = testInfo.project.name === 'js' ? page.waitForRequest('**/activations/save?**') : null
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    review.getByRole('button', { name: 'Activate and generate licence file' }).click(),
  ])
  if (live) expect((await live).method()).toBe('POST')
  const outcome = page.getByRole('region', { name: 'Saved' })
  await expect(outcome.getByText('Creating fulfillments... (processing 1/1 fulfillments) done')).toBeVisible()
  const fileName = `license_${COBALT}_${serverId}.lic`
  await expect(outcome.getByRole('link', { name: `Download ${fileName}` })).toBeVisible()
  expect(download.suggestedFilename()).toBe(fileName)
  // The save keeps the host's Borrowable flag.
  const borrowable = await withE2eDb((db) => db.select().from(hosts).where(eq(hosts.id, hostId)).get()?.borrowable)
  expect(borrowable).toBe(1)
  const text = fs.readFileSync(await download.path(), 'utf8').replace(/ \\\n\t/g, ' ')
  expect(text).toContain(`SERVER e2e-editor-`)
  expect(text).toMatch(/^VENDOR \S+$/m)
  expect(text).toMatch(new RegExp(`^INCREMENT \\S+ \\S+ \\S+ \\S+ 1 .* SN=${activationId} `, 'm'))

  await page.goto(`/activations?customer=${COBALT}&id=${hostId}`)
  const assigned = page.getByRole('region', { name: 'Assigned Entitlements table' })
  await assigned.getByRole('button', { name: `Remove ${label}` }).click()
  await assigned.getByRole('button', { name: `Undo ${label}` }).click()
  await assigned.getByRole('button', { name: `Remove ${label}` }).click()
  await page.getByRole('button', { name: 'Save & Generate' }).click()
  const removal = page.getByRole('region', { name: `Remove 1 × ${product} from ${hostName}` })
  await expect(removal.getByText(`Remove 1 × ${product} (${activationId}) from ${hostName}`)).toBeVisible()
  await removal.getByRole('button', { name: 'Remove and generate licence file' }).click()
  const stopped = page.getByRole('region', { name: 'The save stopped' })
  await expect(stopped.getByText('Returning fulfillments... (processing 1/1 fulfillments) done')).toBeVisible()
  await expect(
    stopped.getByText(/^Error creating license file\. Please clear the error and retry\. No daemons/),
  ).toBeVisible()
  await stopped.getByRole('link', { name: 'Clear the error' }).click()
  await expect(page.getByRole('region', { name: 'Assigned Entitlements table' }).getByRole('row')).toHaveCount(1)
})

test('with no host picked the hosts are listed with a search, and one opens from the list', async ({
  page,
}, testInfo) => {
  const js = testInfo.project.name === 'js'
  await signIn(page, 'partner@channel.example', { start: `/activations?customer=${COBALT}` })
  await expect(page.getByRole('heading', { level: 2, name: 'Pick a licence host' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Add server' })).toBeVisible()
  const hostsTable = page.getByRole('table', { name: 'Licence hosts' })
  const row = hostsTable.getByRole('row').filter({ hasText: hostName })
  await expect(row.getByRole('cell')).toHaveText([hostName, `MAC_ADDRESS=${serverId}`, /Active/, 'Nothing activated'])
  const search = async (text: string) => {
    await page.getByRole('searchbox', { name: 'Server' }).fill(text)
    // With JavaScript the list follows the typing; without, the search is a form.
    if (!js) await page.getByRole('button', { name: 'Search' }).click()
  }
  await search('no-such-host')
  await expect(page.getByText('No Server Found')).toBeVisible()
  await expect(hostsTable).toHaveCount(0)

  await search(serverId.toUpperCase())
  await expect(hostsTable.getByRole('row')).toHaveCount(2)
  await hostsTable.getByRole('link', { name: hostName }).click()
  await expect(page).toHaveURL(new RegExp(`[?&]id=${hostId}(&|$)`))
  await expect(page.getByRole('heading', { level: 2, name: `${hostName} (MAC_ADDRESS=${serverId})` })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Available Entitlements table' })).toBeVisible()
  await expect(page).toHaveTitle(new RegExp(`^${hostName} – Activate Entitlements – `))

  // Once a host is open, the Server box still opens another (a combobox with JavaScript).
  if (js) {
    await page.getByRole('combobox', { name: 'Server' }).fill('no-such-host')
    await expect(page.getByText('No Server Found')).toBeVisible()
  } else {
    await search('no-such-host')
    await expect(page.getByText('No Server Found')).toBeVisible()
  }
})
