import { test } from '@playwright/test'
import { signIn } from './support/auth'
test('scratch', async ({ page }) => {
  await signIn(page, 'admin@acme.example')
  console.log(page.url())
  console.log(await page.getByRole('navigation', { name: 'Main' }).ariaSnapshot())
  console.log(await page.locator('header').ariaSnapshot())
  console.log(await page.locator('footer').ariaSnapshot())
  console.log(await page.locator('main').ariaSnapshot())
})
