import { expect, test, type Page } from '@playwright/test'

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
 * Signs in through the identity provider's form, starting from `start`
 * (the portal's sign-in address by default, or any portal page, which asks
 * for sign-in and comes back to itself). Waits until the portal shows again.
 */
export async function signIn(page: Page, email: string, { start = '/auth/login' }: { start?: string } = {}) {
  await page.goto(start)
  await expect(page, 'the identity provider asks for sign-in').toHaveURL(/\/oidc\/interaction\//)
  await expect(page.getByRole('heading', { name: 'Sign in to the Licensing Portal' })).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page, 'back in the portal after sign-in').not.toHaveURL(/\/oidc\/|\/auth\//)
  await waitForPortal(page)
}
