import { eq } from 'drizzle-orm'
import { test } from './support/test'
import { gotoPortal, signIn } from './support/auth'
import { withE2eDb } from './support/database'
import { hosts } from '../../db/schema'

/**
 * Every screen photographed at a desktop and a phone size, with and without JavaScript, into the
 * test report (docs/design.md asks for them to be looked at beside each other). Nothing is compared
 * here: visual-comparison.spec.ts guards a few screens against unintended change.
 */

const SIZES = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const

const ACME = 'customer=1000001'

/** [file name, address] of the screens a customer administrator sees. */
const ADMIN_SCREENS: [string, string][] = [
  ['home', `/home?${ACME}`],
  ['elastic', `/elastic?${ACME}`],
  ['ssl', `/ssl?${ACME}`],
  ['fsa', `/entitlementsFSA?${ACME}`],
  ['fsa-order', `/entitlementsFSA?${ACME}&tab=order`],
  ['fsa-history', `/entitlementsFSA?${ACME}&tab=history`],
  ['activations', `/activations?${ACME}`],
  ['activations-host', `/activations?${ACME}&id={acme-lic01}`],
  ['activations-history', `/activations-history?${ACME}`],
  ['activations-check', `/activations-history/check?${ACME}`],
  ['transactions', `/transactions?${ACME}`],
  ['statement', `/statementv2?${ACME}`],
  ['whitelistips', `/whitelistips?${ACME}`],
  ['clscredentials', `/clscredentials?${ACME}`],
  ['portalaccess', `/portalaccess?${ACME}`],
  ['portalaccess-audit', `/portalaccess/audit?${ACME}`],
  ['emails', `/emails?${ACME}`],
  ['notifications', `/notifications?${ACME}`],
  ['webassignments', `/webassignments?${ACME}`],
  ['webassignments-users', `/webassignments/users?${ACME}`],
  ['webtransactions', `/webtransactions?${ACME}`],
  ['webreporting', `/webreporting?${ACME}`],
  ['help', `/help?${ACME}`],
  ['ask', `/ask?${ACME}`],
]

/** A channel partner's customer list. */
const PARTNER_SCREENS: [string, string][] = [['customers', '/customers?q=a']]

/** The address with each `{host name}` replaced by that demo host's id. */
async function withHostIds(path: string): Promise<string> {
  const name = /\{([^}]+)\}/.exec(path)?.[1]
  if (!name) return path
  const host = await withE2eDb((db) => db.select({ id: hosts.id }).from(hosts).where(eq(hosts.name, name)).get())
  return path.replace(`{${name}}`, String(host!.id))
}

function photograph(user: string, screens: [string, string][]) {
  for (const size of SIZES) {
    test(`${user} at ${size.width} px`, async ({ page }, testInfo) => {
      test.slow()
      await page.setViewportSize({ width: size.width, height: size.height })
      await signIn(page, user)
      for (const [name, path] of screens) {
        await gotoPortal(page, await withHostIds(path))
        const file = testInfo.outputPath(`${name}-${size.name}-${testInfo.project.name}.png`)
        await page.screenshot({ path: file, fullPage: true })
        await testInfo.attach(name, { path: file, contentType: 'image/png' })
      }
    })
  }
}

test.describe('screens by eye', () => {
  photograph('admin@acme.example', ADMIN_SCREENS)
  photograph('partner@channel.example', PARTNER_SCREENS)
})
