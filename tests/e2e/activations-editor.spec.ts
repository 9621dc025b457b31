/**
 * The activation editor, with JavaScript off and on, on a host of its own
 * (Cobalt Energy's, made for the test and removed after it): a count above the
 * available one is refused, a product is activated through the review with the
 * licence lines it adds, and the downloaded file holds it; removing it again
 * returns the count, and the save stops at the licence stage, saying so, as the
 * host is then left without activations.
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
  const n = (testInfo.project.name === 'js' ? 1 : 2) + (testInfo.title.startsWith('the Server') ? 2 : 0)
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
  const max = Number(await available.getByLabel(`Count of ${label}`).getAttribute('max'))
  await expectNoSeriousA11yViolations(page)

  await first.check()
  await available.getByLabel(`Count of ${label}`).fill(String(max + 1))
  await page.getByRole('button', { name: 'Update selection' }).click()
  // Another journey may take one of the same entitlement meanwhile: the limit is what is available now.
  const refusal = page.getByText(/^Maximum is \d+\.$/)
  await expect(refusal).toBeVisible()
  expect(Number((await refusal.textContent())!.match(/\d+/)![0])).toBeLessThanOrEqual(max)

  await available.getByLabel(`Count of ${label}`).fill('1')
  await page.getByRole('button', { name: 'Save & Generate' }).click()
  const review = page.getByRole('region', { name: 'Confirm the changes' })
  await expect(review.getByText(`Activate 1 of ${activationId}`)).toBeVisible()
  // With JavaScript the review is a dialog over the editor.
  if (testInfo.project.name === 'js')
    await expect(
      page.getByRole('dialog', { name: 'Confirm the changes' }).getByRole('heading', { name: 'Confirm the changes' }),
    ).toBeVisible()
  await expect(review.getByText(new RegExp(`^\\+ SERVER e2e-editor-\\S+ ${serverId} 1055$`))).toBeVisible()
  await expect(review.getByText(/^\+ INCREMENT /).first()).toBeVisible()
  // The file downloads by itself once the save is through; the outcome page keeps a link to it.
  // With JavaScript the save runs live, stage by stage, through /activations/save.
  const live = testInfo.project.name === 'js' ? page.waitForRequest('**/activations/save?**') : null
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    review.getByRole('button', { name: 'Ok' }).click(),
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
  await expect(page.getByText(`Deactivate 1 of ${activationId}`)).toBeVisible()
  await page.getByRole('region', { name: 'Confirm the changes' }).getByRole('button', { name: 'Ok' }).click()
  const stopped = page.getByRole('region', { name: 'The save stopped' })
  await expect(stopped.getByText('Returning fulfillments... (processing 1/1 fulfillments) done')).toBeVisible()
  await expect(
    stopped.getByText(/^Error creating license file\. Please clear the error and retry\. No daemons/),
  ).toBeVisible()
  await stopped.getByRole('link', { name: 'Clear the error' }).click()
  await expect(page.getByRole('region', { name: 'Assigned Entitlements table' }).getByRole('row')).toHaveCount(1)
})

test('the Server search finds a host by its name or id and opens it; an unknown one is not found', async ({
  page,
}, testInfo) => {
  const js = testInfo.project.name === 'js'
  await signIn(page, 'partner@channel.example', { start: `/activations?customer=${COBALT}` })
  const search = async (text: string) => {
    if (js) {
      await page.getByRole('combobox', { name: 'Server' }).fill(text)
    } else {
      await page.getByRole('searchbox', { name: 'Server' }).fill(text)
      await page.getByRole('button', { name: 'Search' }).click()
    }
  }
  await search('no-such-host')
  await expect(page.getByText('No Server Found')).toBeVisible()

  await search(serverId.toUpperCase())
  const label = `${hostName} (MAC_ADDRESS=${serverId})`
  await (js ? page.getByRole('option', { name: label }) : page.getByRole('link', { name: label })).click()
  await expect(page).toHaveURL(new RegExp(`[?&]id=${hostId}(&|$)`))
  await expect(page.getByRole('heading', { level: 2, name: label })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Available Entitlements table' })).toBeVisible()
})
