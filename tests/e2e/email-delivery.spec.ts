/**
 * How an e-mail's delivery stands, on the Emails screens, with JavaScript off and on. The suite's
 * portal delivers its e-mails to the suite's own mail server (playwright.config.ts): a licence
 * file e-mailed here is shown Sent, in the list (its Delivery column) and on the e-mail's page.
 * An e-mail the mail server refused and one waiting for its next attempt are written into
 * Borealis' outbox for the test, as the delivery queue records them, and removed afterwards.
 */
import { inArray } from 'drizzle-orm'
import { expect, test, type Page } from './support/test'
import { gotoPortal, signIn } from './support/auth'
import { apiData } from './support/api'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { withE2eDb } from './support/database'
import { gridLocators } from './support/grid'
import { mainRegion } from './support/shell'
import { emailDeliveries, emails } from '../../db/schema'
import { DEMO_HOSTS } from '../../db/seed-hosts'

test.describe.configure({ timeout: 120_000 })

const BOREALIS = '1000002'
const ADMIN = 'marta.lindqvist@borealis.example'
/**
 * Reads the screens: a user no other journey opens the e-mail list with, as each list page saves
 * its view for the user (a filtered view saved here would be another journey's start).
 */
const READER = 'ole.hansen@borealis.example'
const HOST = DEMO_HOSTS.find((h) => h.key === 'bm-flex01')!
const REFUSAL = '550 5.1.1 <ops@borealis.example>: Recipient address rejected'

const { grid, rows, headerTexts } = gridLocators('Emails table')

/** The written e-mails of a test, removed after it (their deliveries with them). */
let written: number[] = []

test.afterEach(async () => {
  const ids = written
  written = []
  if (ids.length > 0) await withE2eDb((db) => db.delete(emails).where(inArray(emails.id, ids)).run())
})

/** An e-mail with a delivery the queue has recorded; returns its id. */
async function emailWithDelivery(
  subject: string,
  delivery: Omit<typeof emailDeliveries.$inferInsert, 'emailId' | 'messageId' | 'queuedAt'>,
) {
  const id = await withE2eDb((db) =>
    db.transaction((tx) => {
      const email = tx
        .insert(emails)
        .values({
          accountId: BOREALIS,
          date: '2026-01-15 10:00:00',
          subject,
          to: 'ops@borealis.example',
          body: `<p>${subject}</p>`,
          kind: 'general',
        })
        .returning()
        .get()
      tx.insert(emailDeliveries)
        .values({ emailId: email.id, messageId: `<e2e-${email.id}@localhost>`, queuedAt: Date.now(), ...delivery })
        .run()
      return email.id
    }),
  )
  written.push(id)
  return id
}

/** The e-mail's field on its page. */
const field = (page: Page, label: string) =>
  mainRegion(page)
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd')

/** The text of the list row's Delivery cell for the e-mail. */
async function deliveryCell(page: Page, id: number) {
  const column = (await headerTexts(page)).indexOf('Delivery')
  expect(column, 'the list has a Delivery column').toBeGreaterThanOrEqual(0)
  return rows(page)
    .filter({ has: page.locator(`a[href^="/emails/${id}?"]`) })
    .locator(`td:nth-child(${column + 1})`)
}

test('a licence file e-mailed from the portal is shown Sent, in the list and on its page', async ({
  page,
  baseURL,
}) => {
  const { emailId } = await apiData<{ emailId: number }>(baseURL!, ADMIN, '/fulfillments/email', {
    body: { customerNumber: BOREALIS, serverId: HOST.ids.join(','), serverIdType: HOST.idType },
  })
  written.push(emailId)

  await signIn(page, READER, { start: `/emails/${emailId}?customer=${BOREALIS}` })
  await expect(page.getByRole('heading', { level: 1, name: 'Email Details' })).toBeVisible()
  // The mail server takes it within moments; the page tells so when it is next loaded.
  await expect(async () => {
    await page.reload()
    await expect(field(page, 'Delivery')).toHaveText(/^Sent at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/, {
      timeout: 1_000,
    })
  }).toPass({ timeout: 30_000 })
  await expect(field(page, 'Message-ID')).toHaveText(/^<[0-9a-f-]{36}@localhost>$/)
  await expectNoSeriousA11yViolations(page, { exclude: ['iframe'] })

  await gotoPortal(page, `/emails?customer=${BOREALIS}&size=20`)
  expect(await headerTexts(page)).toEqual(['Show Details', 'Date', 'Subject', 'To', 'Delivery'])
  await expect(await deliveryCell(page, emailId)).toHaveText('Sent')
})

test('an e-mail the mail server refused shows its answer, and a queued one its next attempt', async ({
  page,
}, testInfo) => {
  // Each project its own e-mails: the two may run at once.
  const refusedSubject = `Refused by the mail server (${testInfo.project.name})`
  const queuedSubject = `Waiting for the mail server (${testInfo.project.name})`
  const failed = await emailWithDelivery(refusedSubject, {
    state: 'failed',
    attempts: 1,
    lastAttemptAt: Date.now(),
    answer: REFUSAL,
  })
  const queued = await emailWithDelivery(queuedSubject, {
    state: 'queued',
    attempts: 2,
    // Far enough ahead that the portal's worker leaves it alone during the test.
    nextAttemptAt: Date.UTC(2099, 0, 2, 3, 4),
    lastAttemptAt: Date.now(),
    answer: '451 4.3.0 Try again later',
  })

  await signIn(page, READER, { start: `/emails/${failed}?customer=${BOREALIS}` })
  await expect(field(page, 'Delivery')).toHaveText(`Failed: ${REFUSAL}`)
  await gotoPortal(page, `/emails/${queued}?customer=${BOREALIS}`)
  await expect(field(page, 'Delivery')).toHaveText(
    'Queued — next attempt at 2099-01-02 03:04:00 UTC; last answer: 451 4.3.0 Try again later',
  )

  // The list's Delivery column, filtered by its values.
  await gotoPortal(page, `/emails?customer=${BOREALIS}&size=100`)
  await expect(await deliveryCell(page, failed)).toHaveText('Failed')
  await expect(await deliveryCell(page, queued)).toHaveText('Queued')
  await gotoPortal(page, `/emails?customer=${BOREALIS}&size=100&f.delivery=in%3Afailed`)
  await expect(grid(page).getByRole('link', { name: `View email: ${refusedSubject}`, exact: true })).toBeVisible()
  await expect(grid(page).getByRole('link', { name: `View email: ${queuedSubject}`, exact: true })).toHaveCount(0)
})
