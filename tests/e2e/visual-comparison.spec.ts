import { expect, test, type Locator, type Page } from './support/test'
import { gotoPortal, signIn } from './support/auth'
import { jsEnabled } from './support/env'
import { mainNav } from './support/shell'

/**
 * The parts every screen is made of, compared with their approved images (docs/design.md), so an
 * unintended change of the look shows up: the shell, a grid's head, a form and a confirmation. Each
 * image holds what the demo data keeps the same from run to run (no dates, no counts other journeys
 * change). After a deliberate change of the look, approve the new images with
 * `npx playwright test tests/e2e/visual-comparison.spec.ts --update-snapshots` and look at them.
 */

const ACME = 'customer=1000001'
const SAME = { maxDiffPixelRatio: 0.01, animations: 'disabled' } as const

async function wide(page: Page) {
  await page.setViewportSize({ width: 1366, height: 900 })
  await signIn(page, 'admin@acme.example')
}

async function expectLook(part: Locator, name: string) {
  await expect(part).toBeVisible()
  await expect(part).toHaveScreenshot(`${name}.png`, SAME)
}

test.describe('the look of the parts', () => {
  test('the shell: toolbar and menu', async ({ page }) => {
    await wide(page)
    await gotoPortal(page, `/help?${ACME}`)
    await expectLook(page.getByRole('banner'), 'toolbar')
    await expectLook(mainNav(page), 'menu')
  })

  test("a grid's head: headings, column menus and the filter row", async ({ page }) => {
    await wide(page)
    await gotoPortal(page, `/elastic?${ACME}`)
    await expectLook(page.getByRole('main').locator('table thead').first(), 'grid-head')
  })

  test('a form', async ({ page }) => {
    await wide(page)
    await gotoPortal(page, `/activations-history/check?${ACME}`)
    await expectLook(page.getByRole('main').locator('form').first(), 'form')
  })

  test('a confirmation', async ({ page }, testInfo) => {
    await wide(page)
    await gotoPortal(page, `/clscredentials?${ACME}`)
    await page.getByLabel('PIN', { exact: true }).fill('482913')
    await page.getByRole('button', { name: 'Change PIN' }).click()
    // A dialog with JavaScript, a panel in the page without; the dialog's own element has no box.
    const confirmation = jsEnabled(testInfo)
      ? page.getByRole('dialog', { name: 'Confirm' }).getByTestId('confirm-dialog')
      : page.getByRole('region', { name: 'Confirm' })
    await expectLook(confirmation, 'confirmation')
  })
})
