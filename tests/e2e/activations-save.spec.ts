/**
 * The editor's save beyond Generate: Save & Email on a host of Borealis Motors
 * made for the test (the e-mail then shows under Emails), and, with JavaScript,
 * the live save's lines, which the page shows as the stages run: each stage
 * starts, ends, and a failed one stops the save with its message.
 */
import { and, eq, like } from 'drizzle-orm'
import type { Page } from '@playwright/test'
import { expect, test } from './support/test'
import { signIn } from './support/auth'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { withE2eDb } from './support/database'
import { availableLabel, journeyActivationIds, makeHost, removeHost } from './support/test-host'
import { emailAttachments, emails, fulfillments } from '../../db/schema'
import type { SaveEvent } from '../../app/domain/activation-editor'

test.describe.configure({ timeout: 120_000 })

const BOREALIS = '1000002'
const ADMIN = 'marta.lindqvist@borealis.example'
let hostId: number
let hostName: string

test.beforeEach(async ({}, testInfo) => {
  // A host per test and project, as they all run at once.
  const n = (testInfo.project.name === 'js' ? 2 : 0) + (testInfo.title.startsWith('Save') ? 1 : 2)
  const serverId = `0a0b0c0d0f0${n}`
  hostName = `e2e-save-${n}`
  hostId = await makeHost({ name: hostName, serverId, accounts: [BOREALIS] })
})

test.afterEach(async () => {
  await withE2eDb((db) => {
    const sent = db
      .select({ id: emails.id })
      .from(emails)
      .where(and(eq(emails.accountId, BOREALIS), like(emails.subject, `%${hostName}%`)))
      .all()
    for (const { id } of sent) {
      db.delete(emailAttachments).where(eq(emailAttachments.emailId, id)).run()
      db.delete(emails).where(eq(emails.id, id)).run()
    }
  })
  await removeHost(hostId)
})

test('Save & Email activates a product and sends the licence file, which shows under Emails', async ({
  page,
}, testInfo) => {
  await signIn(page, ADMIN, { start: `/activations?customer=${BOREALIS}&id=${hostId}` })
  const available = page.getByRole('region', { name: 'Available Entitlements table' })
  // Each project takes its own entitlement, as both run at once on the same customer.
  const label = await availableLabel(page, journeyActivationIds('save', testInfo.project.name)[0])
  const pick = available.getByLabel(`Activate ${label}`)
  await pick.check()
  // With JavaScript a tick applies at once: the buttons say there is something to save.
  if (testInfo.project.name === 'js') await expect(page.getByRole('button', { name: 'Save & Email' })).toBeVisible()
  await available.getByLabel(`Count of ${label}`).fill('1')
  await page.getByRole('button', { name: 'Update selection' }).click()
  await page.getByRole('button', { name: 'Save & Email' }).click()
  const product = label.split(' ').slice(0, -1).join(' ')
  const review = page.getByRole('region', { name: `Activate 1 × ${product} on ${hostName}` })
  await expect(review.getByText(`Activate 1 × ${product} (${label.split(' ').at(-1)}) on ${hostName}`)).toBeVisible()
  await review.getByRole('button', { name: 'Activate and e-mail licence file' }).click()

  const outcome = page.getByRole('region', { name: 'Saved' })
  await expect(outcome.getByText('Sending email... done')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await outcome.getByRole('link', { name: 'See it under Emails' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Emails' })).toBeVisible()
  await page.getByRole('link', { name: `Licence file for ${hostName}` }).click()
  await expect(page.getByText(new RegExp(`license_${BOREALIS}_0a0b0c0d0f0\\d\\.lic`))).toBeVisible()
})

/** The live save's reply, read as the page reads it. */
async function liveSave(page: Page, form: Record<string, string>) {
  const reply = await page.request.post(`/activations/save?customer=${BOREALIS}`, { form })
  const events = (await reply.text())
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as SaveEvent)
  return { status: reply.status(), events }
}

test('the live save reports each stage as it starts and ends, and stops at the first failure', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'js', 'the live save is what the page uses with JavaScript')
  await signIn(page, ADMIN, { start: `/activations?customer=${BOREALIS}&id=${hostId}` })
  const available = page.getByRole('region', { name: 'Available Entitlements table' })
  const activationId = (await available.getByRole('checkbox').last().getAttribute('aria-label'))!.split(' ').at(-1)!
  const key = `${BOREALIS}:${activationId}`

  // Nothing on the host: the licence stage fails, so the merge never runs.
  const empty = await liveSave(page, { customer: BOREALIS, id: String(hostId), intent: 'generate' })
  expect(empty.status).toBe(200)
  expect(empty.events.map((e) => (e.kind === 'stage' ? `${e.stage} ${e.status}` : e.kind))).toEqual([
    'return running',
    'return done',
    'create running',
    'create done',
    'group running',
    'group done',
    'generate running',
    'generate failed',
    'merge not run',
    'end',
  ])
  const stopped = empty.events.at(-1)!
  expect(stopped).toMatchObject({ kind: 'end', ok: false })

  const change = { customer: BOREALIS, id: String(hostId), intent: 'generate', add: key, [`n.${key}`]: '1' }
  // Changes go through the review first: posted without its Ok, the save sends the review's address.
  const unconfirmed = await liveSave(page, change)
  expect(unconfirmed.events).toEqual([{ kind: 'review', href: expect.stringContaining('review=generate') }])
  expect(unconfirmed.events[0]).toMatchObject({ href: expect.stringContaining(`add=${encodeURIComponent(key)}`) })

  const saved = await liveSave(page, { ...change, confirmed: '1' })
  expect(
    saved.events.map((e) => (e.kind === 'stage' ? `${e.stage} ${e.status} ${e.progress ?? ''}`.trim() : e.kind)),
  ).toEqual([
    'return running',
    'return done (processing 0/0 fulfillments)',
    'create running',
    'create running (processing 1/1 fulfillments)',
    'create done (processing 1/1 fulfillments)',
    'group running',
    'group done',
    'generate running',
    'generate done',
    'merge running',
    'merge done',
    'end',
  ])
  expect(saved.events.at(-1)).toMatchObject({
    kind: 'end',
    ok: true,
    landing: expect.stringContaining('saved=generate'),
  })
  const active = await withE2eDb((db) =>
    db
      .select()
      .from(fulfillments)
      .where(and(eq(fulfillments.hostId, hostId), eq(fulfillments.status, 'ACTIVE')))
      .all(),
  )
  expect(active.map((f) => f.count)).toEqual([1])

  // A count above what is available is refused before anything runs, naming the entitlement.
  const over = await liveSave(page, { ...change, confirmed: '1', [`n.${key}`]: '100000' })
  expect(over.status).toBe(400)
  expect(over.events).toEqual([
    { kind: 'refused', notice: expect.stringMatching(new RegExp(`^.+ \\(${activationId}\\): Maximum is \\d+\\.$`)) },
  ])
})
