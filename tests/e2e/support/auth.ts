import { expect, test, type Page } from '@playwright/test'
import { readLoginForm } from '../../support/sign-in'

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
 * after sign-in). The portal's sign-in flow and the identity provider's form run
 * through the browser context's own HTTP client, which shares the context's
 * cookies, instead of in the page: each test still has sessions of its own at
 * the portal and the provider (a portal session remembers the chosen customer and
 * the one-shot message of a change, so one shared between tests would let them
 * see each other's), without loading and checking the sign-in pages each time.
 */
export async function signIn(page: Page, email: string, { start }: { start?: string } = {}) {
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
