import { expect, test, type Locator } from './support/test'
import { signIn } from './support/auth'
import { CUSTOMERS } from './support/expectations'

/**
 * What a text browser (lynx, w3m) shows: the text of the page without its style
 * sheet, visually hidden words included. Words that only sit apart on screen run
 * together there, and an empty cell vanishes, shifting the columns after it.
 */
const readAsText = (locator: Locator) =>
  locator.evaluate((element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim())
/** Each cell of each row as a text browser reads it. */
const rowsAsText = (table: Locator) =>
  table.evaluate((element) =>
    Array.from((element as HTMLTableElement).tBodies[0].rows, (row) =>
      Array.from(row.cells, (cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim()),
    ),
  )

test('a text browser keeps the words of grids and page links apart and shows every cell', async ({ page }) => {
  const acme = CUSTOMERS.acme.id
  await signIn(page, 'admin@acme.example', { start: `/activations-history?customer=${acme}` })
  const servers = page.getByRole('table', { name: 'Active Servers', exact: true })
  await expect(servers).toBeVisible()
  // The row's toggle is named for screen readers by words hidden on screen; the host's name follows, apart.
  const toggle = servers.getByRole('link', { name: 'Show details of acme-lic01', exact: true })
  await expect(toggle).toBeVisible()
  const host = (await rowsAsText(servers)).find((cells) => cells[0].endsWith(' acme-lic01'))
  expect(host?.[0]).toBe('▶ Show details of acme-lic01 acme-lic01')
  // So do the row's actions; and the empty Shared With cell shows a dash.
  expect(host?.at(-1)).toBe('View Download Rehost Deactivate')
  expect(host).toContain('– none')

  const pages = page.getByRole('navigation', { name: 'Active servers pages', exact: true })
  const links = await readAsText(pages)
  expect(links).toMatch(/^«First page ‹Previous page Page 1 of \d+ Next page› Last page»$/)

  // Active sessions have no end yet: the cell shows a dash (and says 'none' to screen readers), so the columns stay put.
  await page.goto(`/transactions?customer=${acme}`)
  const usage = page.getByRole('table', { name: 'Usage Transactions', exact: true })
  await expect(usage).toBeVisible()
  const headers = await usage.locator('thead tr').first().locator('th [data-header]').allTextContents()
  const endColumn = headers.indexOf('End Time')
  const rows = await rowsAsText(usage)
  expect(rows.length).toBeGreaterThan(0)
  for (const cells of rows) {
    expect(cells, 'every cell shows something').not.toContain('')
    expect(cells).toHaveLength(headers.length)
  }
  const active = rows.filter((cells) => cells.includes('Active'))
  expect(active.length, 'the demo data has sessions still running').toBeGreaterThan(0)
  for (const cells of active) expect(cells[endColumn]).toBe('– none')
  const activeRow = usage.locator('tbody tr').filter({ hasText: 'Active' }).first()
  await expect(activeRow.locator('td').nth(endColumn).locator('[aria-hidden="true"]')).toHaveText('–')
})

test('a text browser keeps the words of the assignment matrix apart and shows every cell', async ({ page }) => {
  const acme = CUSTOMERS.acme.id
  // A user who has the matrix (webAssignmentsV2) from the seed.
  await signIn(page, 'webmatrix.admin@acme.example', { start: `/webassignments-v2?customer=${acme}` })
  const matrix = page.getByRole('table', { name: /^Web licences by user/ })
  await expect(matrix).toBeVisible()
  const headers = await matrix
    .locator('thead th')
    .evaluateAll((cells) => cells.map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim()))
  expect(headers[0]).toBe('User')
  expect(headers.length).toBeGreaterThan(2)
  for (const header of headers.slice(1)) {
    expect(header).toMatch(/^\S.* - (Shared Web|Named User) (Shared Web|Named User) \d+ of \d+ (held|in use now)$/)
  }
  const rows = await matrix.evaluate((element) =>
    Array.from((element as HTMLTableElement).tBodies[0].rows, (row) =>
      Array.from(row.cells, (cell) => ({
        text: (cell.textContent ?? '').replace(/\s+/g, ' ').trim(),
        checkbox: cell.querySelector('input[type="checkbox"]') !== null,
      })),
    ),
  )
  expect(rows.length).toBe(25)
  for (const [user, ...cells] of rows) {
    // The name and the e-mail apart.
    expect(user.text).toMatch(/^\S.* [^\s@]+@[^\s@]+$/)
    expect(cells).toHaveLength(headers.length - 1)
    // A named seat is a checkbox (a text browser shows it as one); a shared licence says who may use it.
    for (const cell of cells) expect(cell.checkbox || cell.text !== '', JSON.stringify(cell)).toBe(true)
  }
  const pages = page.getByRole('navigation', { name: 'Pages of users', exact: true })
  expect(await readAsText(pages)).toMatch(/^Users 1–25 of \d+ Next page$/)
  await page.goto(`/webassignments-v2?customer=${acme}&page=2`)
  expect(await readAsText(pages)).toMatch(/^Users 26–\d+ of \d+ Previous page$/)
})

/**
 * The inline elements (links, code, emphasis, text for screen readers) inside `scope` whose words
 * run into the text around them when read without the style sheet.
 */
const gluedInline = (scope: Locator) =>
  scope.evaluate((root) => {
    const word = /[\p{L}\p{N}]/u
    const glued: string[] = []
    for (const element of root.querySelectorAll('a, code, strong, em, span, abbr')) {
      const text = element.textContent ?? ''
      const parent = element.parentElement?.textContent ?? ''
      const at = parent.indexOf(text)
      if (!text.trim() || at < 0) continue
      const before = parent.charAt(at - 1)
      const after = parent.charAt(at + text.length)
      if ((word.test(text.charAt(0)) && word.test(before)) || (word.test(text.at(-1)!) && word.test(after))) {
        glued.push(`${before}[${text}]${after}`)
      }
    }
    return glued
  })

test('a text browser reads an answer of Ask anything and a help article with their words apart', async ({ page }) => {
  const acme = CUSTOMERS.acme.id
  const question = 'how much elastic credit is left'
  await signIn(page, 'admin@acme.example', { start: `/ask?${new URLSearchParams({ customer: acme, q: question })}` })
  const answer = page.getByTestId('ask-answer')
  await expect(answer).toHaveAttribute('data-kind', 'answered')
  // The words said only to screen readers come before the question, apart from it.
  expect(await readAsText(answer.getByRole('heading', { level: 2 }))).toBe(`Your question: ${question}`)
  expect(await gluedInline(answer)).toEqual([])

  await page.goto(`/help/find-why-a-web-checkout-was-denied?customer=${acme}`)
  const article = page.getByRole('article')
  await expect(article.getByRole('heading', { level: 1 })).toBeVisible()
  expect(await gluedInline(article)).toEqual([])
  const table = article.getByRole('table').first()
  const headers = await table.locator('thead th').allTextContents()
  const rows = await rowsAsText(table)
  expect(rows.length).toBeGreaterThan(0)
  for (const cells of rows) {
    expect(cells, 'every cell shows something').not.toContain('')
    expect(cells).toHaveLength(headers.length)
  }
})
