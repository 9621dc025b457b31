/**
 * Check a Licence File, with JavaScript off and on: a customer administrator
 * downloads a host's licence file from Manage Activations, uploads it to the
 * check and learns it is genuine and current; a pasted copy with a changed
 * count is reported not genuine on that line; after a further activation the
 * original file is reported not current, with what differs. A view-only user
 * is refused. Each project makes its own host with an entitlement no other
 * journey takes.
 */
import fs from 'node:fs'
import { eq } from 'drizzle-orm'
import { expect, test, type Page } from './support/test'
import { signIn } from './support/auth'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { withE2eDb } from './support/database'
import { makeHost, removeHost, journeyActivationIds } from './support/test-host'
import { entitlements, fulfillments } from '../../db/schema'

const BOREALIS = '1000002'
const ADMIN = 'marta.lindqvist@borealis.example'
const PAGE = `/activations-history?customer=${BOREALIS}`

function ownHost() {
  const js = test.info().project.name === 'js'
  const stamp = (Date.now() % 0xffffff).toString(16).padStart(6, '0')
  return { name: `lc-${js ? 'j' : 'n'}-${stamp}`, mac: `ce${js ? 'b' : 'a'}0${stamp}`.padEnd(12, '0').slice(0, 12) }
}

/** One more active fulfilment of one seat of the journey's entitlement on the host. */
function activateOne(hostId: number, n: number): Promise<string> {
  const [activationId] = journeyActivationIds('check', test.info().project.name)
  return withE2eDb((db) => {
    const entitlement = db.select().from(entitlements).where(eq(entitlements.activationId, activationId)).get()!
    db.insert(fulfillments)
      .values({
        fulfillmentId: `FID-LC-${hostId}-${n}`,
        entitlementId: entitlement.id,
        hostId,
        accountId: BOREALIS,
        count: 1,
        status: 'ACTIVE',
        action: 'EDIT',
        modifiedBy: ADMIN,
        fulfilledAt: Date.now(),
      })
      .run()
    return activationId
  })
}

async function check(page: Page, { text, file }: { text?: string; file?: string }) {
  if (text !== undefined) await page.getByLabel('Licence file text').fill(text)
  if (file !== undefined) await page.getByLabel('Or upload a licence file (.lic)').setInputFiles(file)
  await page.getByRole('button', { name: 'Check', exact: true }).click()
  const result = page.getByRole('region', { name: /^Result/ })
  await expect(result).toBeVisible()
  return result
}

test('a downloaded licence file is genuine and current; a changed count and a further activation are reported', async ({
  page,
}) => {
  const { name, mac } = ownHost()
  const hostId = await makeHost({ name, serverId: mac, accounts: [BOREALIS] })
  try {
    const activationId = await activateOne(hostId, 0)
    await signIn(page, ADMIN, { start: PAGE })
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('region', { name: 'Active Servers table', exact: true })
        .getByRole('row')
        .filter({ hasText: name })
        .getByRole('link', { name: `Download the licence file of ${name}` })
        .click(),
    ])
    const path = (await download.path())!
    const text = fs.readFileSync(path, 'utf8')

    await page.getByRole('link', { name: 'Check a Licence File' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Check a Licence File' })).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    // As downloaded: genuine and current, with whose it is, its host and what it grants.
    let result = await check(page, { file: path })
    await expect(result.getByTestId('check-summary').getByRole('listitem')).toHaveText([
      'The licence line is genuine.',
      'Current: the file is what the host’s activations give today.',
    ])
    await expect(result).toContainText(`${BOREALIS} Borealis Motors`)
    await expect(result).toContainText(`${name}: ${mac}`)
    const line = result.getByTestId('license-line')
    await expect(line).toHaveCount(1)
    await expect(line).toContainText('Genuine')
    await expect(line).toContainText(activationId)
    await expect(line.getByRole('cell').nth(3)).toHaveText('1')
    await expectNoSeriousA11yViolations(page)

    // A count changed by hand: that line is not genuine, and the file differs from today.
    const tampered = text.replace(/^(INCREMENT \S+ \S+ \S+ \S+) 1 /m, '$1 5 ')
    expect(tampered).not.toBe(text)
    result = await check(page, { text: tampered })
    await expect(result.getByTestId('check-summary')).toContainText('1 of 1 licence lines is not genuine.')
    await expect(result.getByTestId('license-line')).toContainText(
      'Its signature does not match what it grants: it was changed after it was issued.',
    )
    await expect(result.getByTestId('check-differences')).toContainText('count 5 in the file, 1 today.')

    // A further activation on the host: the file as downloaded is no longer current.
    await activateOne(hostId, 1)
    result = await check(page, { text })
    await expect(result.getByTestId('check-summary').getByRole('listitem')).toHaveText([
      'The licence line is genuine.',
      'Not current: the file differs from what the host’s activations give today.',
    ])
    await expect(result.getByTestId('check-differences').getByRole('listitem')).toHaveText([
      new RegExp(`\\(${activationId}\\): count 1 in the file, 2 today\\.$`),
    ])
    await expectNoSeriousA11yViolations(page)
  } finally {
    await removeHost(hostId)
  }
})

test('bad input gets its reason, and the pasted text stays', async ({ page }) => {
  await signIn(page, ADMIN, { start: `/activations-history/check?customer=${BOREALIS}` })
  await page.getByRole('button', { name: 'Check', exact: true }).click()
  await expect(page.getByText('Paste the text of a licence file, or choose a .lic file to upload.')).toBeVisible()
  await page.getByLabel('Licence file text').fill('Dear customer, please find the file attached.')
  await page.getByRole('button', { name: 'Check', exact: true }).click()
  await expect(page.getByText('This is not a licence file:')).toBeVisible()
  await expect(page.getByLabel('Licence file text')).toHaveValue('Dear customer, please find the file attached.')
})

test('a view-only user is told who may check licence files', async ({ page }) => {
  await signIn(page, 'ole.hansen@borealis.example', { start: `/activations-history/check?customer=${BOREALIS}` })
  await expect(page.getByText('You may check the licence files of the customers you administer only.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Check', exact: true })).toHaveCount(0)
})
