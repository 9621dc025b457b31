import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from './support/test'
import { waitForPortal } from './support/auth'
import { jsEnabled } from './support/env'
import { menuPopup, openUserMenu, userMenuLabel } from './support/shell'
import { SERVER_NODE_ARGS } from '../support/compiled-server'
import { startIdentityProvider, type IdentityProvider } from '../support/identity-provider'

/**
 * The portal signs in through any OpenID Connect provider by configuration
 * alone: a second portal, on its own fresh database, trusts an independent
 * provider (oauth2-mock-server, which publishes its keys where Keycloak does
 * and nothing at /jwks, and its issuer with a trailing slash, as Auth0 does)
 * and the licensing API accepts that provider's tokens. The provider signs in
 * every request at once as the demo customer admin.
 */
const EMAIL = 'admin@acme.example'

let idp: IdentityProvider
let portal: ChildProcess
let portalUrl: string
let dataDir: string
let portalLog = ''

/** A port no one listens on: both projects may run this file at the same time. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

async function healthy(url: string): Promise<boolean> {
  if (portal.exitCode !== null) throw new Error(`the second portal exited during start-up:\n${portalLog}`)
  try {
    return (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) })).ok
  } catch {
    return false
  }
}

test.beforeAll(async () => {
  idp = await startIdentityProvider({ email: EMAIL, trailingSlash: true })
  const port = await freePort()
  portalUrl = `http://127.0.0.1:${port}`
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-other-idp-'))
  portal = spawn(process.execPath, SERVER_NODE_ARGS, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: portalUrl,
      DATABASE_PATH: path.join(dataDir, 'portal.db'),
      OIDC_ISSUER: idp.url,
      OIDC_CLIENT_ID: 'licensing-portal',
      OIDC_CLIENT_SECRET: 'independent-provider-secret',
      WEB_CONCURRENCY: '1',
      LOG_REQUESTS: '0',
      PORTAL_ENVIRONMENT: 'dev',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  portal.stderr?.on('data', (chunk: Buffer) => (portalLog += chunk.toString()))
  await expect
    .poll(() => healthy(portalUrl), {
      message: 'the second portal answers /healthz',
      timeout: 60_000,
      intervals: [100, 250, 500],
    })
    .toBe(true)
})

test.afterAll(async () => {
  if (portal && portal.exitCode === null) {
    const exited = new Promise((resolve) => portal.once('exit', resolve))
    portal.kill('SIGTERM')
    await exited
  }
  await idp?.stop()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

/** Signs in afresh (a new portal session) and waits for /home. */
async function signInAfresh(page: Page) {
  await page.context().clearCookies()
  await page.goto(`${portalUrl}/auth/login`)
  // The only customer of this user is selected at once.
  await expect(page).toHaveURL(`${portalUrl}/home?customer=1000001`)
  await waitForPortal(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Adam' })).toBeVisible()
}

test('signs in through an independent provider whose issuer ends in a slash and whose keys are not at /jwks, and reaches /home with the API answering', async ({
  page,
}, testInfo) => {
  expect(idp.url, 'the issuer as Auth0 publishes it').toMatch(/\/$/)
  expect((await fetch(`${idp.url}jwks`)).status, 'nothing at /jwks').toBe(404)

  await page.goto(`${portalUrl}/auth/login`)
  // The only customer of this user is selected at once.
  await expect(page).toHaveURL(`${portalUrl}/home?customer=1000001`)
  await waitForPortal(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Adam' })).toBeVisible()
  await expect(page.getByTestId('selected-customer')).toHaveText('1000001 (Acme Aerospace)')

  // No profile page is known at this provider: the user menu offers none.
  const js = jsEnabled(testInfo)
  await openUserMenu(page, EMAIL, js)
  const menu = menuPopup(page, userMenuLabel(EMAIL), js)
  await expect(menu.getByText('Sign Out', { exact: true })).toBeVisible()
  await expect(menu.getByText(/Manage account/)).toHaveCount(0)

  // A page whose data the API gives: the customer's contacts.
  await page.goto(`${portalUrl}/portalaccess?customer=1000001`)
  await expect(page.getByRole('heading', { level: 1, name: 'Licensing Portal Access' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Contact 3 e-mail' })).toHaveValue('raj.patel@acme.example')
})

test('signs in again at once after the provider rotated its keys, twice within 30 s', async ({ page }) => {
  await signInAfresh(page)
  for (let rotation = 1; rotation <= 2; rotation++) {
    await idp.rotateKeys()
    await test.step(`sign-in after rotation ${rotation}`, () => signInAfresh(page))
  }
  await page.goto(`${portalUrl}/portalaccess?customer=1000001`)
  await expect(page.getByRole('textbox', { name: 'Contact 3 e-mail' })).toHaveValue('raj.patel@acme.example')
})
