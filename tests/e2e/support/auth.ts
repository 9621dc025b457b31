import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { getSessionStorage, type PortalSessionStorage, type SessionData } from '../../../app/auth/session.server'
import { safeReturnTo } from '../../../app/auth/return-to'
import { openDb } from '../../../db/client'
import { loadConfig } from '../../../server/config'
import { portalSignIn, readLoginForm } from '../../support/sign-in'
import { e2eServerEnv } from './data-dir'

/** Every demo user signs in with this password. */
export const DEMO_PASSWORD = 'demo'

function jsOn(): boolean {
  return test.info().project.name === 'js'
}

/**
 * With JavaScript, waits until the portal page runs its scripts: the toolbar's
 * customer search has become a combobox. Without JavaScript, nothing to wait for.
 */
export async function waitForPortal(page: Page) {
  if (!jsOn()) return
  await expect(page.getByRole('combobox', { name: 'Customer', exact: true })).toBeVisible()
}

/** Opens a portal page and, with JavaScript, waits until it is interactive. */
export async function gotoPortal(page: Page, path: string) {
  const response = await page.goto(path)
  await waitForPortal(page)
  return response
}

/**
 * Signs in through the identity provider's form in the page, starting from `start`
 * (the portal's sign-in address by default, or any portal page, which asks
 * for sign-in and comes back to itself). Waits until the portal shows again.
 * For the journeys about signing in and out; the others use `signIn`.
 */
export async function signInThroughForm(page: Page, email: string, { start = '/auth/login' }: { start?: string } = {}) {
  await page.goto(start)
  await expect(page, 'the identity provider asks for sign-in').toHaveURL(/\/oidc\/interaction\//)
  await expect(page.getByRole('heading', { name: 'Sign in to the Licensing Portal' })).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page, 'back in the portal after sign-in').not.toHaveURL(/\/oidc\/|\/auth\//)
  await waitForPortal(page)
}

/**
 * Signs in as `email` and opens `start` (by default the page the portal shows
 * after sign-in), with a portal session of the test's own (`addPortalSession`).
 * The context gets no session at the identity provider: a test that goes there
 * signed in uses `signInWithProvider`, one about signing in `signInThroughForm`.
 */
export async function signIn(page: Page, email: string, { start }: { start?: string } = {}) {
  await addPortalSession(page.context(), email)
  // Where the portal's callback would send the browser.
  await page.goto(safeReturnTo(start))
  await expect(page, 'in the portal after sign-in').not.toHaveURL(/\/oidc\/|\/auth\//)
  await waitForPortal(page)
}

/**
 * Gives the browser context a portal session of its own, signed in as `email`,
 * without opening a page: a copy, under a new id, of the session that signing in
 * through the portal's real flow gave this worker for that user (`storedSignIn`),
 * set as the context's session cookie. Each test still has its own session (a
 * portal session remembers the chosen customer and the one-shot message of a
 * change, so one shared between tests would let them see each other's); the
 * copies share only the user's tokens.
 */
export async function addPortalSession(context: BrowserContext, email: string) {
  const baseURL = suiteBaseUrl()
  const data = await storedSignIn(baseURL, email)
  const sessions = suiteSessions()
  const session = await sessions.getSession()
  for (const [key, value] of Object.entries(data)) session.set(key as keyof SessionData, value)
  const [pair] = (await sessions.commitSession(session)).split(';')
  const eq = pair.indexOf('=')
  await context.addCookies([
    { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: baseURL, httpOnly: true, sameSite: 'Lax' },
  ])
}

/** A stored sign-in is signed in again when its access token has less than this left (tests take seconds). */
const STORED_SIGN_IN_MIN_LIFE_MS = 15 * 60_000

/** Per user, what the portal stored at the end of this worker's real sign-in (user, tokens). */
const storedSignIns = new Map<string, Promise<Partial<SessionData>>>()

/**
 * The session data of `email`'s sign-in through the portal's own flow and the identity
 * provider's form, made once per worker (and again before its access token runs out, so
 * no copy needs a refresh).
 */
async function storedSignIn(baseURL: string, email: string): Promise<Partial<SessionData>> {
  const held = await storedSignIns.get(email)?.catch(() => undefined)
  if (held && (held.accessTokenExpiresAt ?? 0) - Date.now() > STORED_SIGN_IN_MIN_LIFE_MS) return held
  const signingIn = (async () => {
    const { cookie } = await portalSignIn(baseURL, email, { password: DEMO_PASSWORD })
    const { data } = await suiteSessions().getSession(cookie)
    expect(data.user?.email, `signed in as ${email}`).toBe(email)
    return { ...data }
  })()
  storedSignIns.set(email, signingIn)
  return signingIn
}

let portalSessions: PortalSessionStorage | undefined

/** The portal's own session storage on the suite server's database, with the server's configuration. */
function suiteSessions(): PortalSessionStorage {
  if (!portalSessions) {
    const config = loadConfig({ ...process.env, ...e2eServerEnv(Number(process.env.E2E_PORT ?? 3100)) })
    portalSessions = getSessionStorage({ db: openDb(config.databasePath), config })
  }
  return portalSessions
}

function suiteBaseUrl(): string {
  const baseURL = test.info().project.use.baseURL
  if (!baseURL) throw new Error('the browser suite has no baseURL')
  return baseURL
}

/**
 * Signs in as `email` and opens `start`, as `signIn` does, but through the real
 * sign-in: the portal's flow and the identity provider's form run through the
 * browser context's own HTTP client, which shares the context's cookies, so the
 * context also holds a session at the identity provider (for a test that opens
 * the provider's pages signed in), without loading the sign-in pages.
 */
export async function signInWithProvider(page: Page, email: string, { start }: { start?: string } = {}) {
  const http = page.context().request
  // Followed to the provider's sign-in form, keeping every cookie on the way.
  const formPage = await http.get(`/auth/login${start === undefined ? '' : `?returnTo=${encodeURIComponent(start)}`}`)
  expect(new URL(formPage.url()).pathname, 'the identity provider asks for sign-in').toMatch(/^\/oidc\/interaction\//)
  const form = readLoginForm(await formPage.text(), formPage.url())
  let url = form.action
  let response = await http.post(url, {
    form: { email, password: DEMO_PASSWORD, csrf: form.csrf },
    maxRedirects: 0,
  })
  // Through the provider's redirects to the portal's callback, whose redirect is the page to open.
  for (let hops = 0; hops < 10 && new URL(url).pathname !== '/auth/callback'; hops++) {
    const location = response.headers()['location']
    if (response.status() < 300 || response.status() >= 400 || !location) break
    url = new URL(location, url).toString()
    response = await http.get(url, { maxRedirects: 0 })
  }
  const landing = response.headers()['location']
  expect(landing, `signed in as ${email}: the portal's callback sends the browser on`).toBeTruthy()
  await page.goto(landing!)
  await expect(page, 'in the portal after sign-in').not.toHaveURL(/\/oidc\/|\/auth\//)
  await waitForPortal(page)
}
