import { expect, test, type Page } from './support/test'
import { gotoPortal, signIn } from './support/auth'
import { jsEnabled } from './support/env'

/** The browser renders what the server rendered: no hydration warning, no console error, no uncaught error. */
test.beforeEach(async ({}, testInfo) => {
  test.skip(!jsEnabled(testInfo), 'hydration needs JavaScript')
})

function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      errors.push(`console.${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  return errors
}

test.describe('the customer search result page', () => {
  test('comes alive without a hydration error, with results and with a refused search', async ({ page }) => {
    await signIn(page, 'busops@vendor.example')
    const errors = collectErrors(page)

    await gotoPortal(page, '/customers?q=motors')
    await expect(page.getByRole('heading', { level: 1, name: 'Select a customer' })).toBeVisible()
    expect(errors).toEqual([])
    await expect(page.getByText('At most 100 customers are listed at once.')).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: '1000002 (Borealis Motors)' })).toBeVisible()

    // Every customer: too many to list.
    await gotoPortal(page, '/customers?q=')
    await expect(page.getByRole('main').getByRole('alert')).toBeVisible()
    await expect(page.getByText('At most 100 customers are listed at once.')).toBeVisible()

    expect(errors).toEqual([])
  })
})
