/**
 * Ask anything's answers from the customer's own data, with and without JavaScript: a figure and
 * the link to the screen filtered to show it; a follow-up that names another customer is answered
 * for that customer; a follow-up about an export-controlled customer is refused.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './support/test'
import { signIn } from './support/auth'
import { CUSTOMERS } from './support/expectations'
import { mainRegion } from './support/shell'

const askUrl = (customer: string, q: string) => `/ask?${new URLSearchParams({ customer, q })}`

async function followUp(page: Page, question: string) {
  await page.getByRole('search', { name: 'Ask a question' }).getByRole('textbox').fill(question)
  await page.getByRole('search', { name: 'Ask a question' }).getByRole('button', { name: 'Ask' }).click()
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(question).replace(/%20/g, '\\+')}`))
}

test('the leases that end soon, as many as the filtered Leases/Perpetuals list shows', async ({ page }) => {
  await signIn(page, 'admin@acme.example', { start: askUrl(CUSTOMERS.acme.id, 'which leases end in the next 90 days') })
  const answer = page.getByTestId('ask-answer')
  await expect(answer).toHaveAttribute('data-kind', 'answered')
  const [, count] = /(\d+) entitlements? ends? in the next 90 days/.exec(await answer.innerText()) ?? []
  expect(Number(count)).toBeGreaterThan(0)
  await answer.getByRole('link', { name: 'Show these entitlements in Leases/Perpetuals' }).click()
  await expect(page).toHaveURL(/\/ssl\?.*endDate/)
  const active = mainRegion(page).getByRole('region', { name: 'Active Entitlements' })
  await expect(active.getByText(new RegExp(`^${count} entitlements? match(es)? the filters$`))).toBeVisible()
})

test('a follow-up naming another customer is answered for it, and its link selects it', async ({ page }) => {
  await signIn(page, 'partner@channel.example', { start: askUrl(CUSTOMERS.cobalt.id, 'who has portal access') })
  await expect(page.getByTestId('ask-answer')).toContainText(`have portal access to ${CUSTOMERS.cobalt.name}`)
  await followUp(page, 'and for Borealis?')
  const answer = page.getByTestId('ask-answer')
  await expect(answer).toContainText(`portal access to ${CUSTOMERS.borealis.name}`)
  await answer.getByRole('link', { name: 'Show who has access in Licensing Portal Access' }).click()
  await expect(page).toHaveURL(`/portalaccess?customer=${CUSTOMERS.borealis.id}`)
})

test('a follow-up about an export-controlled customer is refused', async ({ page }) => {
  await signIn(page, 'sales@vendor.example', { start: askUrl(CUSTOMERS.acme.id, 'who has portal access') })
  await expect(page.getByTestId('ask-answer')).toHaveAttribute('data-kind', 'answered')
  await followUp(page, `and for ${CUSTOMERS.embargo.name}?`)
  const answer = page.getByTestId('ask-answer')
  await expect(answer).toHaveAttribute('data-kind', 'refused')
  await expect(answer).not.toContainText('people have portal access')
})
