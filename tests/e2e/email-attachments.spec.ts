/**
 * An e-mail with an attached licence file, with JavaScript off and on: the e-mail
 * page lists the file with its size, and its link downloads the file's text under
 * its name. The e-mail is written into 1000002's outbox for the test (as the
 * licence e-mail writes it) and removed afterwards, so no other journey's e-mail
 * counts change.
 */
import fs from 'node:fs'
import { eq } from 'drizzle-orm'
import { expect, test } from './support/test'
import { signIn } from './support/auth'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { withE2eDb } from './support/database'
import { mainRegion } from './support/shell'
import { emailAttachments, emails } from '../../db/schema'

test.describe.configure({ timeout: 120_000 })

const BOREALIS = '1000002'
const USER = 'marta.lindqvist@borealis.example'
const FILE_NAME = 'license_1000002_00155d0a7e01.lic'
const LICENSE = [
  '# Licence file for bm-lic',
  'SERVER bm-lic 00155d0a7e01 1055',
  'VENDOR ansyslmd',
  'USE_SERVER',
  '# 1. Motoröl Pro (A-1)',
  '',
].join('\n')

let emailId: number

test.beforeEach(async ({}, testInfo) => {
  emailId = await withE2eDb((db) => {
    const email = db
      .insert(emails)
      .values({
        accountId: BOREALIS,
        date: '2026-01-15 10:00:00',
        subject: `Licence file for bm-lic (${testInfo.project.name})`,
        to: USER,
        body: '<p>The licence file of bm-lic is attached.</p>',
        kind: 'licence-file',
      })
      .returning()
      .get()
    db.insert(emailAttachments)
      .values({ emailId: email.id, fileName: FILE_NAME, contentType: 'text/plain', content: LICENSE })
      .run()
    return email.id
  })
})

test.afterEach(async () => {
  await withE2eDb((db) => db.delete(emails).where(eq(emails.id, emailId)).run())
})

test('an e-mail lists its attached licence file, and the link downloads it', async ({ page }) => {
  await signIn(page, USER, { start: `/emails/${emailId}?customer=${BOREALIS}` })
  await expect(page.getByRole('heading', { level: 1, name: 'Email Details' })).toBeVisible()
  const attachments = mainRegion(page).getByRole('region', { name: 'Attachments' })
  const link = attachments.getByRole('link', { name: `Download ${FILE_NAME}`, exact: true })
  await expect(link).toBeVisible()
  // 'ö' is two bytes.
  await expect(attachments.getByText(`(${Buffer.byteLength(LICENSE)} bytes)`, { exact: true })).toBeVisible()
  await expectNoSeriousA11yViolations(page, { exclude: ['iframe'] })

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  expect(download.suggestedFilename()).toBe(FILE_NAME)
  expect(fs.readFileSync(await download.path(), 'utf8')).toBe(LICENSE)
  // The page stays where it was.
  await expect(page.getByRole('heading', { level: 1, name: 'Email Details' })).toBeVisible()
})
