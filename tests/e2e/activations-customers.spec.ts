/**
 * Customers sharing a host in the activation editor, with JavaScript off and on:
 * a channel partner opens a second customer's tab through Associated Customers,
 * activates a product for each customer on one host and downloads the shared
 * file; an export-denied customer's tab says so and shows no tables, and closes
 * again; a user with one customer sees neither the search nor tabs.
 */
import { and, eq } from 'drizzle-orm'
import type { Page } from '@playwright/test'
import { expect, test } from './support/test'
import { signIn } from './support/auth'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { withE2eDb } from './support/database'
import { availableLabel, journeyActivationIds, makeHost, removeHost } from './support/test-host'
import { fulfillments, hosts } from '../../db/schema'

test.describe.configure({ timeout: 120_000 })

const BOREALIS = '1000002'
const COBALT = '1000003'
const DENIED = 'Access to this customer is denied per Export Compliance restrictions.'

async function openCustomerTab(page: Page, js: boolean, text: string, label: string) {
  if (js) {
    await page.getByRole('combobox', { name: 'Associated Customers' }).fill(text)
    await page.getByRole('option', { name: label }).click()
  } else {
    await page.getByRole('searchbox', { name: 'Associated Customers' }).fill(text)
    await page.getByRole('button', { name: 'Find customers' }).click()
    await page.getByRole('link', { name: label }).click()
  }
  const customer = label.split(' ')[0]
  await expect(
    page.getByRole('navigation', { name: 'Customers' }).getByRole('link', { name: customer, exact: true }),
  ).toHaveAttribute('aria-current', 'page')
}

/** Activates one of an entitlement of the shown tab (in the draft). */
async function pickOne(page: Page, activationId: string) {
  const label = await availableLabel(page, activationId)
  const available = page.getByRole('region', { name: 'Available Entitlements table' })
  await available.getByLabel(`Activate ${label}`).check()
  await available.getByLabel(`Count of ${label}`).fill('1')
  await page.getByRole('button', { name: 'Update selection' }).click()
  // The editor's address holds its draft: the pick is applied once the address names it.
  await expect(page).toHaveURL(new RegExp(`[?&]add=[^&]*${activationId}`))
  await expect(page.getByRole('button', { name: 'Save & Generate' })).toBeVisible()
  return activationId
}

test.describe('two customers on one host', () => {
  let hostId: number
  let serverId: string

  test.beforeEach(async ({}, testInfo) => {
    serverId = testInfo.project.name === 'js' ? '0a0b0c0d0d01' : '0a0b0c0d0d02'
    hostId = await makeHost({ name: `e2e-shared-${testInfo.project.name}`, serverId, accounts: [COBALT] })
  })

  test.afterEach(() => removeHost(hostId))

  test('a partner activates a product for each of two customers on one host and gets the shared file', async ({
    page,
  }, testInfo) => {
    const js = testInfo.project.name === 'js'
    await signIn(page, 'partner@channel.example', { start: `/activations?customer=${COBALT}&id=${hostId}` })
    const [cobalt, borealis] = journeyActivationIds('customers', testInfo.project.name)
    const cobaltId = await pickOne(page, cobalt)
    await openCustomerTab(page, js, 'Borealis', `${BOREALIS} (Borealis Motors)`)
    await expectNoSeriousA11yViolations(page)
    const borealisId = await pickOne(page, borealis)

    await page.getByRole('button', { name: 'Save & Generate' }).click()
    const host = `e2e-shared-${testInfo.project.name}`
    const review = page.getByRole('region', { name: `Save 2 changes on ${host}` })
    if (js) await review.getByRole('tab', { name: COBALT }).click()
    await expect(review.getByRole('region', { name: `Customer ${COBALT}` })).toContainText(
      new RegExp(`Activate 1 × .+ \\(${cobaltId}\\) on ${host}`),
    )
    // With JavaScript the review shows one customer at a time, in tabs.
    if (js) await review.getByRole('tab', { name: BOREALIS }).click()
    await expect(review.getByRole('region', { name: `Customer ${BOREALIS}` })).toContainText(
      new RegExp(`Activate 1 × .+ \\(${borealisId}\\) on ${host}`),
    )
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      review.getByRole('button', { name: 'Activate and generate licence file' }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`license_${BOREALIS}-${COBALT}_${serverId}_shared.lic`)
    const active = await withE2eDb((db) =>
      db
        .select({ account: fulfillments.accountId, count: fulfillments.count })
        .from(fulfillments)
        .where(and(eq(fulfillments.hostId, hostId), eq(fulfillments.status, 'ACTIVE')))
        .all(),
    )
    expect(active.sort((a, b) => a.account.localeCompare(b.account))).toEqual([
      { account: BOREALIS, count: 1 },
      { account: COBALT, count: 1 },
    ])
  })
})

test('the review warns of a customer on the host the user does not manage, and names a customer with nothing to change', async ({
  page,
}, testInfo) => {
  const js = testInfo.project.name === 'js'
  const serverId = js ? '0a0b0c0d0d03' : '0a0b0c0d0d04'
  const hostId = await makeHost({
    name: `e2e-override-${testInfo.project.name}`,
    serverId,
    accounts: [COBALT, '1000001'],
  })
  try {
    await signIn(page, 'partner@channel.example', { start: `/activations?customer=${COBALT}&id=${hostId}` })
    // Nothing is saved here: any available product will do.
    const pick = page.getByRole('region', { name: 'Available Entitlements table' }).getByRole('checkbox').first()
    await pick.check()
    await page.getByRole('button', { name: 'Update selection' }).click()
    await openCustomerTab(page, js, 'Borealis', `${BOREALIS} (Borealis Motors)`)
    await page.getByRole('button', { name: 'Save & Generate' }).click()
    const review = page.getByTestId('review-dialog')
    await expect(
      review.getByText(
        'This server is shared by some customer numbers which you do not manage. If you proceed, they will be removed from the license file.',
        { exact: false },
      ),
    ).toBeVisible()
    if (js) await review.getByRole('tab', { name: BOREALIS }).click()
    await expect(review.getByRole('region', { name: `Customer ${BOREALIS}` })).toContainText(
      `No products will be activated or deactivated on Host ID: ${serverId}`,
    )
  } finally {
    await removeHost(hostId)
  }
})

test("an export-denied customer's tab says so and shows no tables, and closes again", async ({ page }, testInfo) => {
  const js = testInfo.project.name === 'js'
  const host = await withE2eDb((db) => db.select().from(hosts).where(eq(hosts.name, 'acme-lic01')).get()!)
  await signIn(page, 'busops@vendor.example', { start: `/activations?customer=1000001&id=${host.id}` })
  await openCustomerTab(page, js, 'Embargo', '1000005 (Embargo Industries)')
  await expect(page.getByText(DENIED)).toBeVisible()
  await expect(page.getByRole('region', { name: 'Available Entitlements table' })).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Assigned Entitlements table' })).toHaveCount(0)

  await page.getByRole('link', { name: 'Close 1000005' }).click()
  await expect(
    page.getByRole('navigation', { name: 'Customers' }).getByRole('link', { name: '1000005', exact: true }),
  ).toHaveCount(0)
  await expect(page).not.toHaveURL(/tabs=/)
  await expect(page.getByRole('region', { name: 'Assigned Entitlements table' })).toBeVisible()
})

test('a user with one customer sees neither Associated Customers nor tabs', async ({ page }) => {
  const host = await withE2eDb((db) => db.select().from(hosts).where(eq(hosts.name, 'acme-lic01')).get()!)
  await signIn(page, 'admin@acme.example', { start: `/activations?customer=1000001&id=${host.id}` })
  await expect(page.getByRole('region', { name: 'Assigned Entitlements table' })).toBeVisible()
  await expect(page.getByText('Associated Customers')).toHaveCount(0)
  await expect(page.getByRole('navigation', { name: 'Customers' })).toHaveCount(0)
})
