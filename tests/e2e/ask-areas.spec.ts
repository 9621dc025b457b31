/**
 * Ask anything across the portal's areas, with and without JavaScript: each answer's figure is
 * the one the linked screen shows once the answer's link is followed, and that screen is filtered
 * as the answer says (elastic credit, a user's usage cost, where a product is activated, web seats,
 * the FSA balance, portal access). A follow-up 'what about last month?' keeps the question and
 * changes its period; a question about nothing in the portal offers where to look, without a figure.
 */
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/test'
import { gotoPortal, signIn } from './support/auth'
import { CUSTOMERS } from './support/expectations'
import { gridLocators } from './support/grid'
import { mainRegion } from './support/shell'

const ADMIN = 'admin@acme.example'
const acme = CUSTOMERS.acme.id
const askUrl = (customer: string, q: string) => `/ask?${new URLSearchParams({ customer, q })}`
const answerOf = (page: Page) => page.getByTestId('ask-answer')
const amount = (text: string) => Number(text.replace(/,/g, ''))

/** Asks on /ask for the customer; the answer must have figures (kind 'answered'). */
async function ask(page: Page, email: string, customer: string, question: string): Promise<Locator> {
  await signIn(page, email, { start: askUrl(customer, question) })
  const answer = answerOf(page)
  await expect(answer).toHaveAttribute('data-kind', 'answered')
  return answer
}

/** All matches of a pattern in the answer's sentence (its first paragraph after the question). */
async function figures(answer: Locator, pattern: RegExp): Promise<RegExpExecArray[]> {
  const text = await answer.locator('p').first().innerText()
  return [...text.matchAll(new RegExp(pattern, 'g'))]
}

/** Follows the answer's 'Show … in <screen>' link; returns its address as the answer gave it. */
async function follow(page: Page, answer: Locator, screen: string): Promise<URL> {
  const link = answer.getByRole('link', { name: new RegExp(`^Show .+ in ${screen}$`) })
  const href = new URL((await link.getAttribute('href'))!, 'http://portal')
  await link.click()
  await expect(page).toHaveURL((url) => url.pathname === href.pathname)
  return href
}

/** The first and last day of the calendar month before today's (UTC). */
function lastMonth(now = new Date()) {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0))
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) }
}

test('elastic credit left is the Remaining of each active entitlement on Elastic Licensing', async ({ page }) => {
  const answer = await ask(page, ADMIN, acme, 'how much elastic credit is left')
  const credits = await figures(answer, /\(([0-9A-F]{4}(?:-[0-9A-F]{4}){3})\): ([\d,.]+) USD left/)
  expect(credits.length).toBeGreaterThan(0)
  const href = await follow(page, answer, 'Elastic Licensing')
  expect(href.searchParams.get('customer')).toBe(acme)
  const active = mainRegion(page).getByRole('region', { name: 'Active Entitlements table', exact: true })
  await expect(active.locator('tbody tr')).toHaveCount(credits.length)
  const { columnCells } = gridLocators('Active Entitlements table')
  const remaining = await columnCells(page, 'Remaining')
  const entitlements = await columnCells(page, 'Entitlement')
  for (const [, activationId, left] of credits) {
    const row = entitlements.findIndex((e) => e.includes(activationId))
    expect(row, `${activationId} is listed`).toBeGreaterThanOrEqual(0)
    expect(remaining[row]).toMatch(new RegExp(`^${left.replace(/[.]/g, '\\.')}\\b`))
  }
})

test('a user’s usage cost last month is the sum of the Usage Transactions the link filters to', async ({ page }) => {
  const answer = await ask(page, ADMIN, acme, 'how much did jdoe use last month')
  const [[, cost]] = await figures(answer, /cost ([\d,]+\.\d\d) USD/)
  const href = await follow(page, answer, 'Usage Transactions')
  const { from, to } = lastMonth()
  expect(Object.fromEntries(href.searchParams)).toMatchObject({ customer: acme, from, to, 'f.user': 'in:jdoe' })
  await expect(page.getByTestId('range-days')).toHaveText(`From: ${from} To: ${to}`)

  // Every page of the filtered list at its largest page size: only jdoe's sessions, whose costs add up.
  const { columnCells, settled } = gridLocators('Usage Transactions table')
  const status = mainRegion(page)
    .getByRole('status')
    .filter({ hasText: /^[\d,]+ transactions?/ })
  await expect(status).toBeVisible()
  const count = amount(/^([\d,]+)/.exec(await status.innerText())![1])
  let total = 0
  for (let n = 1; (n - 1) * 100 < count; n++) {
    href.searchParams.set('size', '100')
    href.searchParams.set('page', String(n))
    await gotoPortal(page, `${href.pathname}${href.search}`)
    await settled(page)
    expect(new Set(await columnCells(page, 'User'))).toEqual(new Set(['jdoe']))
    for (const cell of await columnCells(page, 'Cost')) total += amount(cell)
  }
  // The list shows each cost to the cent: their sum is within half a cent a row of the answer's.
  expect(Math.abs(total - amount(cost))).toBeLessThanOrEqual(0.005 * count + 0.001)
})

test('where a product is activated: each host named is an active server whose history has the product', async ({
  page,
}) => {
  const product = 'Ansys Discovery'
  const answer = await ask(page, ADMIN, acme, `where is ${product} activated`)
  const [[, hostCount]] = await figures(answer, /activated on (\d+) hosts?/)
  const [[, list]] = await figures(answer, /activated on \d+ hosts?: (.*?)(?:, [\d,]+ in all)?\.$/)
  const hosts = [...list.matchAll(/(?:^|, | and )(\S+) \(\d+\)/g)].map((m) => m[1])
  expect(hosts).toHaveLength(Number(hostCount))
  await follow(page, answer, 'Manage Activations')
  const active = page.getByRole('region', { name: 'Active Servers table', exact: true })
  for (const host of hosts) {
    const row = active.getByRole('row').filter({ hasText: host })
    await row.getByRole('link', { name: `Show details of ${host}` }).click()
    await expect(active.getByRole('table', { name: `History of ${host}` })).toContainText(product)
  }
})

test('a product activated on one host: the link opens that host alone, its history showing the product', async ({
  page,
}) => {
  const product = 'Ansys CFX'
  const answer = await ask(page, ADMIN, acme, `where is ${product} activated`)
  const [[, host]] = await figures(answer, /activated on 1 host: (\S+) \(\d+\)\./)
  await follow(page, answer, 'Manage Activations')
  const active = page.getByRole('region', { name: 'Active Servers table', exact: true })
  // Filtered to the host, its row open.
  await expect(active.getByRole('link', { name: /^(Show|Hide) details of / })).toHaveCount(1)
  await expect(active.getByRole('link', { name: `Hide details of ${host}`, exact: true })).toBeVisible()
  await expect(active.getByRole('table', { name: `History of ${host}` })).toContainText(product)
})

test('web seats in use now and held, as the web entitlements list shows them', async ({ page }) => {
  const answer = await ask(page, ADMIN, acme, 'how many web seats are in use')
  const seats = await figures(answer, /(Ansys [^,:;]+?), (\d+) of (\d+) (?:shared|named) seats? (in use|held)/)
  expect(seats.length).toBeGreaterThan(0)
  const href = await follow(page, answer, 'Assignments')
  expect(href.pathname).toBe('/webassignments/entitlements')
  const { columnCells } = gridLocators('Web entitlements table')
  const products = await columnCells(page, 'Product')
  const columns = {
    seats: await columnCells(page, 'Seats'),
    inUse: await columnCells(page, 'In Use Now'),
    held: await columnCells(page, 'Held'),
  }
  for (const [, product, used, of, kind] of seats) {
    const row = products.indexOf(product)
    expect(row, `${product} is listed`).toBeGreaterThanOrEqual(0)
    expect(columns.seats[row]).toBe(of)
    expect((kind === 'in use' ? columns.inUse : columns.held)[row]).toBe(used)
  }
})

test('the FSA balance is the contract’s Available on the Flexible Spending Account screen', async ({ page }) => {
  const answer = await ask(page, ADMIN, acme, 'what is the FSA balance')
  const [[, contract, available]] = await figures(answer, /\(([0-9A-F-]{19})\) has ([\d,]+\.\d\d) USD available/)
  const href = await follow(page, answer, 'Flexible Spending Account')
  expect(href.searchParams.get('contract')).toBe(contract)
  const active = page.getByRole('region', { name: 'Active Entitlements table', exact: true })
  const row = active.locator('tbody tr').filter({ hasText: contract })
  await expect(row).toContainText(available)
})

test('who has portal access: as many people as Licensing Portal Access lists', async ({ page }) => {
  // Cobalt, whose contacts no other journey changes.
  const answer = await ask(page, 'partner@channel.example', CUSTOMERS.cobalt.id, 'who has portal access')
  const [[, people]] = await figures(answer, /^(\d+) (?:person has|people have) portal access/)
  await follow(page, answer, 'Licensing Portal Access')
  await expect(mainRegion(page).getByLabel(/^Contact \d+ e-mail/)).toHaveCount(Number(people))
})

test('a follow-up ‘what about last month?’ keeps the question and its user, for last month', async ({ page }) => {
  const answer = await ask(page, ADMIN, acme, 'how much did jdoe use this month')
  const before = new URL((await answer.getByRole('link', { name: /^Show .+ in / }).getAttribute('href'))!, 'http://p')
  const followUp = page.getByRole('search', { name: 'Ask a question' })
  await expect(followUp.locator('input[name="ctx"]')).toHaveCount(1)
  await followUp.getByRole('textbox', { name: 'Ask a follow-up question' }).fill('what about last month?')
  await followUp.getByRole('button', { name: 'Ask' }).click()
  await expect(page).toHaveURL(/q=what\+about\+last\+month/)
  await expect(answer.getByRole('heading', { name: 'what about last month?' })).toBeVisible()
  await expect(answer).toHaveAttribute('data-kind', 'answered')
  const href = await follow(page, answer, 'Usage Transactions')
  expect(Object.fromEntries(href.searchParams)).toMatchObject({ 'f.user': 'in:jdoe', ...lastMonth() })
  expect(href.searchParams.get('from')).not.toBe(before.searchParams.get('from'))
})

test('a question about nothing in the portal offers screens and help, and no figure', async ({ page }) => {
  await signIn(page, ADMIN, { start: askUrl(acme, 'what is the weather in Paris') })
  const answer = answerOf(page)
  await expect(answer).toHaveAttribute('data-kind', 'unsure')
  await expect(answer.locator('p').first()).not.toContainText(/\d/)
  const suggestions = answer.getByRole('listitem').getByRole('link')
  await expect(suggestions.filter({ hasNotText: /^Help:/ }).first()).toBeVisible()
  const help = suggestions.filter({ hasText: /^Help:/ }).first()
  await help.click()
  await expect(page).toHaveURL(/\/help/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})
