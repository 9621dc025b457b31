/**
 * A view-only user in the activation editor, with JavaScript off and on: Email
 * (which writes the licence file into the customer's outbox) answers the
 * permission notice, and no e-mail is written.
 */
import { and, eq } from 'drizzle-orm'
import { expect, test } from './support/test'
import { signIn } from './support/auth'
import { withE2eDb } from './support/database'
import { emails, hosts } from '../../db/schema'
import { NOT_ENOUGH_PERMISSIONS } from '../../app/domain/activation-types'
import { LICENSE_EMAIL_KIND } from '../../api/license-files'

const ACME = '1000001'

const licenseEmails = () =>
  withE2eDb(
    (db) =>
      db
        .select({ id: emails.id })
        .from(emails)
        .where(and(eq(emails.accountId, ACME), eq(emails.kind, LICENSE_EMAIL_KIND)))
        .all().length,
  )

test('Email is refused to a view-only user with the permission notice, and nothing is sent', async ({ page }) => {
  const hostId = await withE2eDb((db) => db.select().from(hosts).where(eq(hosts.name, 'acme-lic01')).get()!.id)
  const before = await licenseEmails()
  await signIn(page, 'viewer@acme.example', { start: `/activations?customer=${ACME}&id=${hostId}` })
  await expect(page.getByRole('heading', { level: 1, name: 'Activate Entitlements' })).toBeVisible()
  await page.getByRole('button', { name: 'Email', exact: true }).click()
  // A section of the page without JavaScript, the save's dialog with it.
  await expect(page.getByRole('alert').filter({ hasText: NOT_ENOUGH_PERMISSIONS })).toBeVisible()
  expect(await licenseEmails()).toBe(before)
})
