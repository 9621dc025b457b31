/**
 * The editor's controls, with JavaScript off and on, on a host of Borealis
 * Motors made for the test with two products on it: Remove All and Undo All,
 * Add All and Cancel, the product search and the product multi-select with
 * Select All; and the review that a product whose maintenance has lapsed
 * blocks, naming it, without a save button and keeping the selection.
 */
import { and, eq, inArray, lt } from 'drizzle-orm'
import type { Page } from '@playwright/test'
import { expect, test } from './support/test'
import { signIn } from './support/auth'
import { withE2eDb } from './support/database'
import { availableLabel, journeyActivationIds, makeHost, removeHost } from './support/test-host'
import { entitlements, fulfillments } from '../../db/schema'

test.describe.configure({ timeout: 120_000 })

const BOREALIS = '1000002'
let hostId: number
let n: number

test.beforeEach(async ({}, testInfo) => {
  n = (testInfo.project.name === 'js' ? 1 : 2) + (testInfo.title.startsWith('the review') ? 2 : 0)
  const serverId = `0a0b0c0d0b0${n}`
  hostId = await makeHost({ name: `e2e-controls-${n}`, serverId, accounts: [BOREALIS] })
})

test.afterEach(() => removeHost(hostId))

const editor = () => `/activations?customer=${BOREALIS}&id=${hostId}`
const assigned = (page: Page) => page.getByRole('region', { name: 'Assigned Entitlements table' })
const available = (page: Page) => page.getByRole('region', { name: 'Available Entitlements table' })
const generate = (page: Page, changed: boolean) =>
  page.getByRole('button', { name: changed ? 'Save & Generate' : 'Generate', exact: true })

/** The labels (product and activation id) of the available rows with room for more than `room`. */
async function roomyLabels(page: Page, room: number) {
  const labels: string[] = []
  for (const count of await available(page).getByRole('spinbutton').all()) {
    if (Number(await count.getAttribute('max')) > room) {
      labels.push((await count.getAttribute('aria-label'))!.replace(/^Count of /, ''))
    }
  }
  return labels
}

/** Puts one of each of two entitlements on the host, as a save would have. */
async function activate(activationIds: string[]) {
  await withE2eDb((db) => {
    const rows = db.select().from(entitlements).where(inArray(entitlements.activationId, activationIds)).all()
    for (const e of rows) {
      db.insert(fulfillments)
        .values({
          fulfillmentId: `e2e-controls-${hostId}-${e.id}`,
          entitlementId: e.id,
          hostId,
          accountId: BOREALIS,
          count: 1,
          status: 'ACTIVE',
          action: 'EDIT',
          fulfilledAt: Date.now(),
        })
        .run()
    }
  })
}

test('Remove All and Undo All, Add All and Cancel, the product search and the multi-select', async ({
  page,
}, testInfo) => {
  const js = testInfo.project.name === 'js'
  await signIn(page, 'marta.lindqvist@borealis.example', { start: editor() })
  const ids = journeyActivationIds('controls', testInfo.project.name)
  const two = [await availableLabel(page, ids[0]), await availableLabel(page, ids[1])]
  await activate(ids)
  await page.goto(editor())
  await expect(assigned(page).getByRole('row')).toHaveCount(3)

  await page.getByRole('button', { name: 'Remove All' }).click()
  for (const label of two) await expect(assigned(page).getByRole('button', { name: `Undo ${label}` })).toBeVisible()
  await expect(generate(page, true)).toBeVisible()
  await page.getByRole('button', { name: 'Undo All' }).click()
  for (const label of two) await expect(assigned(page).getByRole('button', { name: `Remove ${label}` })).toBeVisible()
  await expect(generate(page, false)).toBeVisible()

  await page.getByRole('button', { name: 'Add All' }).click()
  const boxes = available(page).getByRole('checkbox')
  await expect(boxes.first()).toBeChecked()
  for (const box of await boxes.all()) await expect(box).toBeChecked()
  await expect(generate(page, true)).toBeVisible()
  await page.getByRole('link', { name: 'Cancel' }).click()
  await expect(generate(page, false)).toBeVisible()
  for (const box of await boxes.all()) await expect(box).not.toBeChecked()

  // The product search: only rows of the product typed stay.
  const product = two[0].split(' ').slice(0, -1).join(' ')
  await page.getByRole('searchbox', { name: 'Product' }).fill(product)
  if (!js) await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(product).replace(/%20/g, '\\+')}`))
  for (const row of await available(page).getByRole('row').all()) {
    const text = await row.innerText()
    if (!/^Activate/.test(text)) expect(text).toContain(product)
  }
  await page.getByRole('searchbox', { name: 'Product' }).fill('')
  if (!js) await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).not.toHaveURL(/[?&]q=[^&]/)

  // The multi-select: one product picked, then Select All shows them all again.
  const other = two[1].split(' ').slice(0, -1).join(' ')
  await page.getByText('Products (all)').click()
  await page.getByRole('checkbox', { name: other, exact: true }).check()
  if (!js) await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page.getByText(/^Products \(1 of \d+\)$/)).toBeVisible()
  for (const row of await assigned(page).getByRole('row').all()) {
    const text = await row.innerText()
    if (!/^Entitlement/.test(text)) expect(text).toContain(other)
  }
  await expect(assigned(page).getByRole('row')).toHaveCount(product === other ? 3 : 2)
  // With JavaScript the list stays open after a pick; without, the page is new and it is closed.
  const selectAll = page.getByRole('button', { name: 'Select All' })
  if (!(await selectAll.isVisible())) await page.getByText(/^Products \(1 of \d+\)$/).click()
  await selectAll.click()
  await expect(page.getByText('Products (all)')).toBeVisible()
  await expect(assigned(page).getByRole('row')).toHaveCount(3)
})

test('the review of a product whose maintenance has lapsed names it and blocks the save, keeping the selection', async ({
  page,
}) => {
  const today = new Date().toISOString().slice(0, 10)
  const lapsed = await withE2eDb((db) =>
    db
      .select({ id: entitlements.activationId })
      .from(entitlements)
      .where(and(eq(entitlements.accountId, BOREALIS), lt(entitlements.versionDate, today)))
      .all()
      .map((e) => e.id),
  )
  await signIn(page, 'marta.lindqvist@borealis.example', { start: editor() })
  const label = (await roomyLabels(page, 0)).find((l) => lapsed.includes(l.split(' ').at(-1)!))!
  await available(page).getByLabel(`Activate ${label}`).check()
  await available(page).getByLabel(`Count of ${label}`).fill('1')
  await page.getByRole('button', { name: 'Update selection' }).click()
  await generate(page, true).click()
  const product = label.split(' ').slice(0, -1).join(' ')
  const activationId = label.split(' ').at(-1)!
  const review = page.getByRole('region', { name: `Activate 1 × ${product} on e2e-controls-${n}` })
  const block = review.getByRole('alert')
  await expect(
    block.getByText('The following products can not be activated or deactivated since their maintenance has expired.'),
  ).toBeVisible()
  // The block names the products it is about.
  await expect(block.getByRole('listitem')).toHaveText([`${product} (${activationId})`])
  await expect(block.getByText('Please unselect them and try again.')).toBeVisible()
  await expect(review.getByRole('button')).toHaveCount(0)
  await review.getByRole('link', { name: 'Cancel' }).click()
  await expect(page.getByTestId('review-dialog')).toHaveCount(0)
  // The selection is kept, to take the product out of it.
  await expect(available(page).getByLabel(`Activate ${label}`)).toBeChecked()
  await expect(page.getByRole('list', { name: 'Changes to save' })).toContainText(`Activate 1 × ${product}`)

  // Posted straight to the save, the same change is refused with the product's name.
  const reply = await page.request.post(`/activations?customer=${BOREALIS}`, {
    form: {
      customer: BOREALIS,
      id: String(hostId),
      intent: 'generate',
      confirmed: '1',
      add: `${BOREALIS}:${activationId}`,
      [`n.${BOREALIS}:${activationId}`]: '1',
    },
  })
  expect(reply.status()).toBe(409)
  expect(await reply.text()).toContain(`${product} (${activationId})`)
})
