import { expect, test } from './support/test'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { gotoPortal, signIn } from './support/auth'
import { CUSTOMERS } from './support/expectations'
import { jsEnabled } from './support/env'

/**
 * Ask anything, with and without JavaScript: without it the toolbar's box asks on /ask for the
 * selected customer (with it, the box opens a conversation panel: ask-panel.spec.ts); the page
 * shows the question, its answer and a follow-up form carrying the customer, and says plainly when
 * a question is empty or too long.
 */
const acme = CUSTOMERS.acme.id

test.describe('Ask anything', () => {
  test('the toolbar box asks the question on /ask for the selected customer', async ({ page }, testInfo) => {
    const asked = `/ask?customer=${acme}&q=how+much+elastic+credit+is+left`
    if (jsEnabled(testInfo)) {
      // With JavaScript the box opens the conversation panel (ask-panel.spec.ts); the page still answers.
      await signIn(page, 'admin@acme.example', { start: asked })
    } else {
      await signIn(page, 'admin@acme.example', { start: `/home?customer=${acme}` })
      const box = page.getByRole('search', { name: 'Ask anything' })
      await box.getByRole('searchbox', { name: 'Ask anything' }).fill('how much elastic credit is left')
      await box.getByRole('button', { name: 'Ask' }).click()
    }
    await expect(page).toHaveURL(asked)
    await expect(page).toHaveTitle(`Ask anything – ${acme} Acme Aerospace – Licensing Portal`)
    const answer = page.getByTestId('ask-answer')
    await expect(answer.getByRole('heading', { name: 'how much elastic credit is left' })).toBeVisible()
    // Every answer offers a way on: a screen filtered to it, or the closest screens.
    const elastic = answer.getByRole('link', { name: /Elastic Licensing$/ })
    await expect(elastic.first()).toBeVisible()
    // The follow-up form keeps the customer.
    const followUp = page.getByRole('search', { name: 'Ask a question' })
    await expect(followUp.locator('input[name="customer"]')).toHaveValue(acme)
    await expect(followUp.getByRole('textbox', { name: 'Ask a follow-up question' })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await elastic.first().click()
    await expect(page).toHaveURL(new RegExp(`/elastic\\?.*customer=${acme}`))
  })

  test('an empty or too long question gets a clear message and no answer', async ({ page }) => {
    await signIn(page, 'admin@acme.example', { start: `/ask?customer=${acme}&q=%20%20` })
    await expect(page.getByRole('alert')).toHaveText('Type a question, for example: how much elastic credit is left?')
    await expect(page.getByTestId('ask-answer')).toHaveCount(0)
    await gotoPortal(page, `/ask?customer=${acme}&q=${'x'.repeat(301)}`)
    await expect(page.getByRole('alert')).toHaveText('A question can be at most 300 characters long.')
    await expect(page.getByTestId('ask-answer')).toHaveCount(0)
  })

  test('works without a selected customer, offering help only', async ({ page }) => {
    await signIn(page, 'sales@vendor.example', { start: '/ask' })
    await expect(page.getByRole('heading', { name: 'Ask anything', level: 1 })).toBeVisible()
    await expect(page.getByText('Select a customer to ask about its licences and usage.')).toBeVisible()
    await page.getByRole('textbox', { name: 'Your question' }).fill('where are the usage transactions')
    await page.getByRole('button', { name: 'Ask', exact: true }).last().click()
    await expect(page.getByTestId('ask-answer')).toHaveAttribute('data-kind', 'unsure')
    await expect(
      page.getByTestId('ask-answer').getByRole('link', { name: 'Usage Transactions', exact: true }),
    ).toBeVisible()
    await expect(page.getByTestId('ask-answer').getByRole('link', { name: 'Help: Usage Transactions' })).toBeVisible()
  })

  test('a how-to question is answered from the help articles, and the article opens', async ({ page }) => {
    await signIn(page, 'admin@acme.example', { start: `/ask?customer=${acme}&q=how+do+I+rehost+a+licence+server` })
    const answer = page.getByTestId('ask-answer')
    await expect(answer).toHaveAttribute('data-kind', 'help')
    await answer.getByRole('link', { name: 'Read ‘Rehost a licence server’' }).click()
    await expect(page).toHaveURL(/\/help\/rehost-a-licence-server/)
    await expect(page.getByRole('heading', { level: 1, name: 'Rehost a licence server' })).toBeVisible()
  })
})
