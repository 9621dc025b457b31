/**
 * What the editor refuses, with JavaScript off and on: a view-only user who
 * marks a change and asks to save gets the permission notice (a section of the
 * page, or a dialog with JavaScript) and nothing is written, also when the form
 * is posted straight to the server; rehost mode says it is not supported.
 */
import { eq } from 'drizzle-orm'
import { expect, test } from './support/test'
import { signIn } from './support/auth'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { withE2eDb } from './support/database'
import { fulfillments, hosts } from '../../db/schema'

const ACME = '1000001'
const VIEWER = 'viewer@acme.example'
const NOTICE = 'You do not have enough permissions for such operation.'

const demoHost = () => withE2eDb((db) => db.select().from(hosts).where(eq(hosts.name, 'acme-lic01')).get()!)
const activeCounts = (hostId: number) =>
  withE2eDb((db) =>
    db
      .select({ id: fulfillments.id, count: fulfillments.count, status: fulfillments.status })
      .from(fulfillments)
      .where(eq(fulfillments.hostId, hostId))
      .all(),
  )

test('a view-only user gets the permission notice instead of a save, and nothing changes', async ({ page }) => {
  const host = await demoHost()
  const before = await activeCounts(host.id)
  await signIn(page, VIEWER, { start: `/activations?customer=${ACME}&id=${host.id}` })
  const assigned = page.getByRole('region', { name: 'Assigned Entitlements table' })
  const remove = assigned.getByRole('button', { name: /^Remove (?!All$)/ }).first()
  const label = await remove.getAttribute('aria-label')
  await remove.click()
  await expect(assigned.getByRole('button', { name: label!.replace(/^Remove/, 'Undo') })).toBeVisible()
  await page.getByRole('button', { name: 'Save & Generate' }).click()

  const notice = page.getByTestId('editor-notice')
  await expect(notice.getByText(NOTICE)).toBeVisible()
  await expect(page.getByTestId('review-dialog')).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
  await notice.getByRole('link', { name: 'Ok' }).click()
  await expect(page.getByTestId('editor-notice')).toHaveCount(0)
  // Back on the draft: the removal is still marked.
  await expect(assigned.getByRole('button', { name: label!.replace(/^Remove/, 'Undo') })).toBeVisible()

  // Posted straight to the server, the same change is refused with the same words.
  const activationId = label!.split(' ').at(-1)!
  const reply = await page.request.post(`/activations?customer=${ACME}`, {
    form: { customer: ACME, id: String(host.id), intent: 'generate', remove: `${ACME}:${activationId}` },
  })
  expect(reply.status()).toBe(403)
  expect(await reply.text()).toContain(NOTICE)
  expect(await activeCounts(host.id)).toEqual(before)
})

test('rehost mode says rehosting is not supported here', async ({ page }) => {
  const host = await demoHost()
  await signIn(page, 'admin@acme.example', { start: `/activations?customer=${ACME}&id=${host.id}` })
  await page.goto(`/activations?customer=${ACME}&id=${host.id}&action=rehost`)
  const notice = page.getByTestId('editor-notice')
  await expect(notice.getByText('Rehosting is not currently supported.')).toBeVisible()
  await notice.getByRole('link', { name: 'Ok' }).click()
  await expect(page).not.toHaveURL(/action=rehost/)
  await expect(page.getByRole('region', { name: 'Assigned Entitlements table' })).toBeVisible()
})
