/**
 * Web Transactions with JavaScript off and on: an administrator of Acme finds one user's
 * transactions through the user filter, sees a denial with its reason in words and a granted
 * seat's return with its duration, and exports the view: the file holds the grid's rows, with
 * a formula-like cell neutralised. The transactions are made through the web licence service,
 * for users of each project's own.
 */
import fs from 'node:fs'
import { expect, test, type Page, type TestInfo } from './support/test'
import { gotoPortal, signIn } from './support/auth'
import { jsEnabled } from './support/env'
import { gridLocators, openColumnMenu } from './support/grid'
import { mainRegion } from './support/shell'
import { apiData } from './support/api'
import { DENIAL_TEXTS } from '../../app/domain/web-seats'
import { webTransactionsHref } from '../../app/web-usage/transactions-href'

const ACME = '1000001'
const SERVICE = 'weblicense@vendor.example'
const PAGE = `/webtransactions?customer=${ACME}`

const { grid, headerTexts, columnCells, rowTexts, settled, filterBy } = gridLocators('Web Transactions table')

/**
 * A person who is no web user of Acme, of this test alone, with two refused checkouts (each one
 * recorded); the '+' makes a CSV cell a formula.
 */
async function stranger(baseURL: string, testInfo: TestInfo): Promise<string> {
  const title = testInfo.title.replace(/[^a-z]+/gi, '-').slice(0, 20)
  const email = `+e2e-${testInfo.project.name}-${title}-${testInfo.retry}@acme.example`.toLowerCase()
  for (const product of ['Ansys Discovery', 'Ansys Fluent']) {
    await apiData(baseURL, SERVICE, '/web/checkout', {
      body: { customerNumber: ACME, email, product, clientHost: hostFor(testInfo) },
    })
  }
  return email
}
const hostFor = (testInfo: TestInfo) => `e2e-tx-${testInfo.project.name}`

const status = (page: Page) =>
  mainRegion(page)
    .getByRole('status')
    .filter({ hasText: /transactions?\b|Getting/ })
async function count(page: Page): Promise<number> {
  await expect(status(page)).toHaveText(/^[\d,]+ transactions?/)
  return Number((await status(page).innerText()).match(/^([\d,]+)/)![1].replace(/,/g, ''))
}

async function start(page: Page, path = PAGE, email = 'admin@acme.example') {
  await signIn(page, email)
  await gotoPortal(page, path)
  await expect(page.getByRole('heading', { name: 'Transactions', level: 1, exact: true })).toBeVisible()
  await settled(page)
}

test('one user’s transactions through the user filter, a denial with its reason in words', async ({
  page,
  baseURL,
}, testInfo) => {
  const user = await stranger(baseURL!, testInfo)
  await start(page)
  await expect(page.getByTestId('range-days')).toContainText('From:')
  await filterBy(page, jsEnabled(testInfo), 'User', 'user', user)
  expect(await count(page)).toBe(2)
  expect(await columnCells(page, 'User')).toEqual([user, user])
  expect(await columnCells(page, 'Outcome')).toEqual(['Denied', 'Denied'])
  expect(await columnCells(page, 'Reason')).toEqual([DENIAL_TEXTS['unknown-user'], DENIAL_TEXTS['unknown-user']])
  expect(await columnCells(page, 'Client Host')).toEqual([hostFor(testInfo), hostFor(testInfo)])
  expect((await columnCells(page, 'Product')).sort()).toEqual(['Ansys Discovery', 'Ansys Fluent'])
})

test('the Outcome filter lists its values in words and sends the codes', async ({ page }, testInfo) => {
  const js = jsEnabled(testInfo)
  await start(page)
  await openColumnMenu(page, 'Outcome')
  await page.getByRole(js ? 'button' : 'link', { name: 'Outcome Filter: choose values' }).click()
  const dialog = js
    ? page.getByRole('dialog', { name: 'Outcome Filter' })
    : page.getByRole('region', { name: 'Outcome Filter' })
  const values = dialog.getByRole('list', { name: 'Outcome values' })
  await expect(values.getByRole('checkbox', { name: 'Denied', exact: true })).toBeVisible()
  await expect(values.getByRole('checkbox', { name: 'denied', exact: true })).toHaveCount(0)
  // The search finds the words too.
  await dialog.getByPlaceholder('Search...').fill('DENIED')
  if (!js) await dialog.getByRole('button', { name: 'Search' }).click()
  await expect(values.getByRole('checkbox')).toHaveCount(1)
  await expect(values.getByRole('checkbox', { name: 'Denied', exact: true })).toBeChecked()
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/f\.outcome=in%3Adenied(&|$)/)
  await settled(page)
  expect(new Set(await columnCells(page, 'Outcome'))).toEqual(new Set(['Denied']))
})

test('a link of the report opens the denials of a user', async ({ page, baseURL }, testInfo) => {
  const user = await stranger(baseURL!, testInfo)
  await start(page, webTransactionsHref({ customer: ACME, user, outcome: 'denied', reason: 'unknown-user' }))
  expect(await count(page)).toBe(2)
  expect(await columnCells(page, 'User')).toEqual([user, user])
  await expect(grid(page).getByLabel('Filter User', { exact: true })).toHaveValue(user)
})

test('the CSV export holds the grid’s rows, a formula-like cell neutralised', async ({ page, baseURL }, testInfo) => {
  const user = await stranger(baseURL!, testInfo)
  await start(page)
  await filterBy(page, jsEnabled(testInfo), 'User', 'user', user)
  const shown = await count(page)
  const cells = await rowTexts(page)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export as csv file' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^ANSYSWebTransactions_${ACME}_\\d{4}-\\d{2}-\\d{2}_\\d{4}-\\d{2}-\\d{2}\\.csv$`),
  )
  const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '')
  const lines = text.split('\r\n')
  expect(lines.at(-1)).toBe('')
  expect(lines[0]).toBe((await headerTexts(page)).join(','))
  expect(lines.length - 2).toBe(shown)
  // The rows in the grid's order; the user's cell gets an apostrophe, as a spreadsheet would run it.
  const userAt = (await headerTexts(page)).indexOf('User')
  const expected = cells.map((row) =>
    // An empty cell shows a dash and is empty in the file.
    row.map((cell, i) => (i === userAt ? `'${cell}` : cell === '–' ? '' : cell)),
  )
  expect(lines.slice(1, -1)).toEqual(expected.map((row) => row.join(',')))
})

test('a preset is kept as the saved view, and Reset View goes back to 1 Month', async ({ page }, testInfo) => {
  const js = jsEnabled(testInfo)
  // A user of each project's own: the saved view is the user's.
  await start(page, PAGE, js ? 'viewer@acme.example' : 'raj.patel@acme.example')
  await expect(page.locator('summary').filter({ hasText: 'Date range:' })).toHaveText(/Date range: 1 Month/)
  await page.locator('summary').filter({ hasText: 'Date range:' }).click()
  await page.getByRole('list', { name: 'Date range' }).getByRole('link', { name: '5 Days', exact: true }).click()
  await expect(page).toHaveURL(/range=5d/)
  await settled(page)
  if (js) await page.waitForResponse((r) => r.url().includes('/resources/grid/WebTransactions'))
  await gotoPortal(page, PAGE)
  await expect(page).toHaveURL(/range=5d/)
  await expect(page.locator('summary').filter({ hasText: 'Date range:' })).toHaveText(/Date range: 5 Days/)
  await page.getByRole('button', { name: 'Reset View' }).click()
  await expect(page).not.toHaveURL(/range=/)
  await expect(page.locator('summary').filter({ hasText: 'Date range:' })).toHaveText(/Date range: 1 Month/)
})
