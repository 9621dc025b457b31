/**
 * Ask anything with JavaScript: the toolbar's box opens a conversation panel over the screen, each
 * answer is added to the conversation and a follow-up keeps the context of the last answer, all
 * without leaving the screen. The conversation stays while the user moves between screens and
 * when the page is reloaded, until 'New conversation'.
 */
import type { BrowserContext, Page } from '@playwright/test'
import { expect, test } from './support/test'
import { signIn } from './support/auth'
import { jsEnabled } from './support/env'
import { CUSTOMERS } from './support/expectations'

test.beforeEach(async ({}, testInfo) => {
  test.skip(!jsEnabled(testInfo), 'JavaScript only')
})

const acme = CUSTOMERS.acme.id
const borealis = CUSTOMERS.borealis.id

const panel = (page: Page) => page.getByRole('dialog', { name: 'Ask anything' })
const answers = (page: Page) => panel(page).getByTestId('ask-answer')

async function askFromToolbar(page: Page, question: string) {
  const box = page.getByRole('search', { name: 'Ask anything' })
  await box.getByRole('searchbox', { name: 'Ask anything' }).fill(question)
  await box.getByRole('button', { name: 'Ask', exact: true }).click()
}

async function askInPanel(page: Page, question: string) {
  const form = panel(page).getByRole('search', { name: 'Ask in the conversation' })
  await form.getByRole('textbox').fill(question)
  await form.getByRole('button', { name: 'Ask', exact: true }).click()
}

/**
 * Each elastic credit as the Elastic Licensing screen states it ('Remaining 1,234.5 USD of 5,000.0 USD'),
 * in the words of the answer: '(activation id): 1,234.5 USD left of 5,000.0 USD'.
 */
async function creditsOnScreen(context: BrowserContext, customer: string): Promise<string[]> {
  const screen = await context.newPage()
  await screen.goto(`/elastic?customer=${customer}`)
  const cards = screen.locator('[data-credit]')
  await expect(cards.first()).toBeVisible()
  const figures: string[] = []
  for (const card of await cards.all()) {
    const id = await card.getAttribute('data-credit')
    const chart = card.getByRole('img', { name: /Credit burn-down of/ })
    const description = await chart.evaluate((element) => {
      const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean)
      return ids.map((i) => element.ownerDocument.getElementById(i)?.textContent ?? '').join(' ')
    })
    const [, remaining, total] = /Remaining ([\d,.]+ \w+) of ([\d,.]+ \w+)/.exec(description) ?? []
    expect(remaining, `the remaining credit of ${id} on the screen`).toBeTruthy()
    figures.push(`(${id}): ${remaining} left of ${total}`)
  }
  await screen.close()
  return figures
}

test('a question from the toolbar is answered in the panel, and a follow-up for another customer keeps its context', async ({
  page,
  context,
}) => {
  await signIn(page, 'busops@vendor.example', { start: `/home?customer=${acme}` })
  const home = page.url()
  const acmeCredits = await creditsOnScreen(context, acme)
  const borealisCredits = await creditsOnScreen(context, borealis)

  await askFromToolbar(page, 'how much elastic credit is left')
  await expect(panel(page).getByRole('heading', { name: 'Ask anything' })).toBeVisible()
  await expect(panel(page).getByRole('textbox', { name: 'Ask a follow-up question' })).toBeFocused()
  await expect(answers(page)).toHaveCount(1)
  const first = answers(page).first()
  await expect(first.getByRole('heading', { name: 'how much elastic credit is left' })).toBeVisible()
  await expect(first).toHaveAttribute('data-kind', 'answered')
  for (const credit of acmeCredits) await expect(first).toContainText(credit)
  expect(page.url(), 'the panel opens over the screen, without navigating').toBe(home)

  await askInPanel(page, 'and for Borealis?')
  await expect(answers(page)).toHaveCount(2)
  const second = answers(page).nth(1)
  await expect(second).toHaveAttribute('data-kind', 'answered')
  for (const credit of borealisCredits) await expect(second).toContainText(credit)
  for (const credit of acmeCredits) await expect(second).not.toContainText(credit)
  expect(page.url()).toBe(home)

  // Closed and opened again, the conversation is still there; Escape returns to the toolbar's box.
  await page.keyboard.press('Escape')
  await expect(panel(page)).toBeHidden()
  await expect(page.getByRole('searchbox', { name: 'Ask anything' })).toBeFocused()
  await page.getByRole('button', { name: 'Conversation', exact: true }).click()
  await expect(answers(page)).toHaveCount(2)
  await panel(page).getByRole('button', { name: 'Close', exact: true }).click()
  await expect(panel(page)).toBeHidden()
  await expect(page.getByRole('searchbox', { name: 'Ask anything' })).toBeFocused()

  // A reload keeps it for the tab; 'New conversation' clears it.
  await page.reload()
  await page.getByRole('button', { name: 'Conversation', exact: true }).click()
  await expect(answers(page)).toHaveCount(2)
  await panel(page).getByRole('button', { name: 'New conversation' }).click()
  await expect(answers(page)).toHaveCount(0)
  await expect(panel(page).getByRole('textbox', { name: 'Your question' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: 'Conversation', exact: true })).toHaveCount(0)
})

test("'what about last month?' after a usage cost question answers for last month, as the page does", async ({
  page,
  context,
}) => {
  await signIn(page, 'admin@acme.example', { start: `/home?customer=${acme}` })
  await askFromToolbar(page, 'what did we spend on elastic usage this month')
  await expect(answers(page)).toHaveCount(1)
  await expect(answers(page).first()).toHaveAttribute('data-kind', 'answered')
  await expect(answers(page).first()).toContainText(/(Elastic|No elastic) usage .+ this month\./)

  await askInPanel(page, 'what about last month?')
  await expect(answers(page)).toHaveCount(2)
  const followUp = answers(page).nth(1)
  await expect(followUp).toHaveAttribute('data-kind', 'answered')
  await expect(followUp).toContainText(/Elastic usage cost .+ last month\./)
  const text = await followUp.getByRole('paragraph').first().innerText()
  expect(text).not.toBe(await answers(page).first().getByRole('paragraph').first().innerText())

  // The same question with the same context as a page (what a bookmark or the page without JavaScript shows).
  const asPage = panel(page).getByRole('link', { name: 'Open as a page' })
  const href = await asPage.getAttribute('href')
  expect(href).toMatch(/^\/ask\?customer=\d+&q=what\+about\+last\+month%3F&ctx=[\w-]+$/)
  const view = await context.newPage()
  await view.goto(href!)
  await expect(view.getByTestId('ask-answer').getByRole('paragraph').first()).toHaveText(text)
  await view.close()

  // Following the answer's link opens the screen filtered to it; the panel closes, the conversation stays.
  const toScreen = followUp.getByRole('link', { name: 'Show these sessions in Usage Transactions' })
  const target = await toScreen.getAttribute('href')
  expect(target).toMatch(/^\/transactions\?/)
  await toScreen.click()
  await expect(page).toHaveURL(target!)
  await expect(panel(page)).toBeHidden()
  await expect(page.getByRole('heading', { level: 1, name: 'Usage Transactions' })).toBeVisible()
  await page.getByRole('button', { name: 'Conversation', exact: true }).click()
  await expect(answers(page)).toHaveCount(2)
})

test('an empty question gets the message of the page, and nothing is added', async ({ page }) => {
  await signIn(page, 'admin@acme.example', { start: `/home?customer=${acme}` })
  await askFromToolbar(page, 'who has portal access')
  await expect(answers(page)).toHaveCount(1)
  await askInPanel(page, '   ')
  await expect(panel(page).getByRole('alert')).toHaveText(
    'Type a question, for example: how much elastic credit is left?',
  )
  await expect(answers(page)).toHaveCount(1)
})
