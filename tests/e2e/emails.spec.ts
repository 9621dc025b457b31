/**
 * Emails and the data grid, with JavaScript off and on: filter, sort, page, hide
 * and reorder columns, the saved view after a reload, a bookmarked view in a new
 * browser, Clear Filters, Reset View, the filter dialog, the CSV export, and the
 * e-mail detail with a hostile HTML body that must not run.
 *
 * Saved views belong to a user, so each project signs in as a different user of
 * 1000001 and the tests of this file run one after the other.
 */
import fs from 'node:fs'
import { expect, test, type Dialog, type Page, type Request, type TestInfo } from './support/test'
import { gotoPortal, signIn, signInThroughForm } from './support/auth'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { jsEnabled } from './support/env'
import { applyFiltersButton, gridLocators, openColumnMenu } from './support/grid'
import { mainNav, mainRegion } from './support/shell'
import { NOTICE } from './support/expectations'
import { lockAcmeOutbox, unlockAcmeOutbox } from './support/outbox-lock'
import { getAccessToken } from '../support/tokens'

// axe without JavaScript re-renders the page in a scratch browser, which takes a while.
test.describe.configure({ mode: 'serial', timeout: 120_000 })

// Acme's outbox keeps its demo figures while these journeys read it (FSA orders write to it too).
test.beforeEach(lockAcmeOutbox)
test.afterEach(unlockAcmeOutbox)

const ACME = '1000001'
const LIST = `/emails?customer=${ACME}`
const ACME_EMAILS = 26
const HOSTILE_SUBJECT = 'Action required: confirm your licensing portal session'

/**
 * One user per project, so the two projects never share a saved view, and users no other journey opens
 * the e-mail list with (a page without JavaScript saves the view it shows).
 */
const userFor = (testInfo: TestInfo) => (jsEnabled(testInfo) ? 'asc@acme.example' : 'viewer@acme.example')

const { grid, rows, headerTexts, columnCells, settled } = gridLocators('Emails table')
const status = (page: Page) =>
  mainRegion(page)
    .getByRole('status')
    .filter({ hasText: /emails|Getting/ })
const sortHeader = (page: Page, name: string) =>
  grid(page)
    .getByRole('columnheader')
    .filter({ has: page.locator(`[data-header]:text-is("${name}")`) })

/**
 * axe cannot run inside the e-mail body's sandbox (no scripts are allowed there) and
 * can hang trying to, so this page is checked around the frame; the frame element
 * itself (its title) is still checked.
 */
async function expectAccessibleOutsideBody(page: Page) {
  await expectNoSeriousA11yViolations(page, { exclude: ['iframe'] })
  await expect(page.locator('iframe')).toHaveAttribute('title', /^Message: /)
}

/** The view save that follows (with JavaScript, debounced); call it before the change that triggers it. */
function nextSave(page: Page, js: boolean, view: (query: string) => boolean): Promise<unknown> {
  // Without JavaScript the page load itself saved the view.
  if (!js) return Promise.resolve()
  return page.waitForResponse(
    (r) =>
      r.url().includes('/resources/grid/emailList') &&
      r.request().method() === 'POST' &&
      view(new URLSearchParams(r.request().postData() ?? '').get('view') ?? ''),
    { timeout: 15_000 },
  )
}
const DEFAULT_VIEW = (query: string) => query === 'size=20'

/** Applies a text filter: its Apply button without JavaScript, the pause after typing with it. */
async function filterBy(page: Page, js: boolean, column: string, text: string, op: 'Contains' | 'Equals' = 'Contains') {
  await openColumnMenu(page, column)
  await page.getByLabel(`${column} filter type`).selectOption({ label: `${op} the text` })
  const input = page.getByLabel(`Filter ${column}`, { exact: true })
  await input.fill(text)
  if (js) {
    // The debounced filter applies without pressing anything.
    await expect(page).toHaveURL(new RegExp(`f\\.${column.toLowerCase()}=`))
  } else {
    await applyFiltersButton(page).click()
  }
}

async function start(page: Page, testInfo: TestInfo) {
  await signIn(page, userFor(testInfo))
  // Start from the default view: a page load of the default view saves the empty preference.
  await gotoPortal(page, `${LIST}&size=20`)
  await expect(page.getByRole('heading', { level: 1, name: 'Emails' })).toBeVisible()
}

test('the list pages, sorts and filters, with Clear Filters and an empty result', async ({ page }, testInfo) => {
  const js = jsEnabled(testInfo)
  await start(page, testInfo)
  await expect(status(page)).toHaveText(`${ACME_EMAILS} emails`)
  await expect(rows(page)).toHaveCount(20)
  expect(await headerTexts(page)).toEqual(['Show Details', 'Date', 'Subject', 'To'])
  await expect(sortHeader(page, 'Date')).toHaveAttribute('aria-sort', 'descending')
  for (const d of await columnCells(page, 'Date'))
    expect(d).toMatch(/^\d{2}-(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-\d{4}$/)
  await expect(page.getByText('Emails 1–20 of 26')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Reset View' })).toBeDisabled()
  await expectNoSeriousA11yViolations(page)

  // Page 2.
  await page.getByRole('link', { name: 'Next page' }).click()
  await expect(page.getByText('Page 2 of 2')).toBeVisible()
  await expect(rows(page)).toHaveCount(ACME_EMAILS - 20)
  await expect(page).toHaveURL(/page=2/)

  // Sort by Subject: back to page 1, ascending. The link says what a click does.
  await sortHeader(page, 'Subject').getByRole('link', { name: 'Sort by Subject, ascending', exact: true }).click()
  await expect(sortHeader(page, 'Subject')).toHaveAttribute('aria-sort', 'ascending')
  await expect(page.getByText('Page 1 of 2')).toBeVisible()
  await settled(page)
  const subjects = await columnCells(page, 'Subject')
  expect(subjects).toEqual([...subjects].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
  if (js) await expect(sortHeader(page, 'Subject').getByRole('link').first()).toBeFocused()
  else await expect(page).toHaveURL(/#emailList-grid$/)
  await expect(page.getByRole('button', { name: 'Reset View' })).toBeEnabled()

  // Again: descending.
  await sortHeader(page, 'Subject').getByRole('link', { name: 'Sort by Subject, descending', exact: true }).click()
  await expect(sortHeader(page, 'Subject')).toHaveAttribute('aria-sort', 'descending')

  // A text filter (contains, case-insensitive).
  await filterBy(page, js, 'Subject', 'RENEWAL')
  await expect(rows(page)).toHaveCount(4)
  for (const s of await columnCells(page, 'Subject')) expect(s.toLowerCase()).toContain('renewal')
  await expect(status(page)).toHaveText('4 emails match the filters')
  await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeEnabled()

  // Equals needs the whole text.
  await filterBy(page, js, 'Subject', 'Renewal quote for your lease licences', 'Equals')
  await expect(rows(page)).toHaveCount(1)

  // A filter that matches nothing says so, once.
  await filterBy(page, js, 'Subject', 'no such thing at all')
  await expect(status(page)).toHaveText('No emails match these filters.')
  await expect(rows(page)).toHaveCount(0)

  await page.getByRole('button', { name: 'Clear Filters' }).click()
  await expect(rows(page)).toHaveCount(20)
  await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeDisabled()
  await expect(page.getByLabel('Filter Subject', { exact: true })).toHaveValue('')
  // The sort stays.
  await expect(sortHeader(page, 'Subject')).toHaveAttribute('aria-sort', 'descending')
})

test('hidden and reordered columns are saved: a reload shows them, Reset View restores the default', async ({
  page,
}, testInfo) => {
  const js = jsEnabled(testInfo)
  await start(page, testInfo)

  await page.getByText('Columns', { exact: true }).click()
  await page.getByRole('checkbox', { name: 'To', exact: true }).uncheck()
  if (!js) await page.getByRole('button', { name: 'Apply', exact: true }).click()
  await expect.poll(() => headerTexts(page)).toEqual(['Show Details', 'Date', 'Subject'])

  await page.getByRole('button', { name: 'Move Subject up' }).click()
  await expect.poll(() => headerTexts(page)).toEqual(['Show Details', 'Subject', 'Date'])
  const saved = nextSave(page, js, (q) => q.includes('f.subject=c%3Astatement') && q.includes('-to'))
  await filterBy(page, js, 'Subject', 'statement')
  await expect(rows(page)).toHaveCount(5)
  await saved

  // The menu link opens the list without a view: the saved one comes back.
  await gotoPortal(page, LIST)
  await expect(page).toHaveURL(/cols=/)
  await expect.poll(() => headerTexts(page)).toEqual(['Show Details', 'Subject', 'Date'])
  await expect(rows(page)).toHaveCount(5)
  await expect(page.getByLabel('Filter Subject', { exact: true })).toHaveValue('statement')
  await page.reload()
  await expect.poll(() => headerTexts(page)).toEqual(['Show Details', 'Subject', 'Date'])

  const reset = nextSave(page, js, DEFAULT_VIEW)
  await page.getByRole('button', { name: 'Reset View' }).click()
  await expect.poll(() => headerTexts(page)).toEqual(['Show Details', 'Date', 'Subject', 'To'])
  await expect(rows(page)).toHaveCount(20)
  await expect(page.getByRole('button', { name: 'Reset View' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeDisabled()
  await reset

  // The empty preference was saved: the bare list shows the default.
  await gotoPortal(page, LIST)
  await expect(page).toHaveURL(new RegExp(`/emails\\?customer=${ACME}$`))
  await expect.poll(() => headerTexts(page)).toEqual(['Show Details', 'Date', 'Subject', 'To'])
})

test('a bookmarked filtered view opens the same in a new browser', async ({ browser, page }, testInfo) => {
  await start(page, testInfo)
  const bookmark = `${LIST}&sort=subject.asc&f.subject=c%3Alicen&page=2&size=10&cols=date%2Csubject%2C-to%2Cdetails`
  const context = await browser.newContext({ javaScriptEnabled: jsEnabled(testInfo) })
  const other = await context.newPage()
  await signInThroughForm(other, userFor(testInfo), { start: bookmark })
  await expect(other).toHaveURL(/f\.subject=c%3Alicen/)
  await expect(other.getByText('Page 2 of 2')).toBeVisible()
  await expect.poll(() => headerTexts(other)).toEqual(['Date', 'Subject', 'Show Details'])
  // 16 subjects hold 'licen' (licence files and portal access): 10 on page 1, 6 on page 2.
  await expect(rows(other)).toHaveCount(6)
  for (const s of await columnCells(other, 'Subject')) expect(s.toLowerCase()).toContain('licen')
  await expect(other.getByLabel('Filter Subject', { exact: true })).toHaveValue('licen')
  await expect(sortHeader(other, 'Subject')).toHaveAttribute('aria-sort', 'ascending')
  await expect(other.getByLabel('Rows per page')).toHaveValue('10')
  await context.close()

  // Opening the bookmark saved it as this user's view; put the default back.
  await gotoPortal(page, `${LIST}&size=20`)
})

test('the filter dialog chooses values of a column', async ({ page }, testInfo) => {
  const js = jsEnabled(testInfo)
  await start(page, testInfo)
  await openColumnMenu(page, 'To')
  await page.getByRole(js ? 'button' : 'link', { name: 'To Filter: choose values' }).click()
  const dialog = js ? page.getByRole('dialog', { name: 'To Filter' }) : page.getByRole('region', { name: 'To Filter' })
  const title = dialog.getByRole('heading', { name: 'To Filter' })
  await expect(title).toBeVisible()
  // With JavaScript a modal: the page behind is hidden from assistive technology.
  if (js) await expect(mainNav(page)).toHaveCount(0)
  await expect(dialog.getByRole('checkbox', { name: 'Select All' })).toBeChecked()
  await expect(dialog.getByRole('checkbox', { name: 'lena.fischer@acme.example' })).toBeChecked()
  await expectNoSeriousA11yViolations(page)

  const search = dialog.getByPlaceholder('Search...')
  await search.fill('zzz')
  if (!js) await dialog.getByRole('button', { name: 'Search' }).click()
  await expect(dialog.getByText('No matches found.')).toBeVisible()

  await search.fill('raj')
  if (!js) await dialog.getByRole('button', { name: 'Search' }).click()
  const values = dialog.getByRole('list', { name: 'To values' }).getByRole('checkbox')
  await expect(values).toHaveCount(2)
  await dialog
    .getByRole('checkbox', { name: 'admin@acme.example, raj.patel@acme.example, webmatrix.admin@acme.example' })
    .uncheck()
  // With JavaScript Select All follows the choices; without it the form decides on Apply.
  if (js) await expect(dialog.getByRole('checkbox', { name: 'Select All' })).not.toBeChecked()
  await dialog.getByRole('button', { name: 'Apply' }).click()

  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/f\.to=in%3Araj\.patel%40acme\.example/)
  const to = await columnCells(page, 'To')
  expect(to.length).toBeGreaterThan(0)
  expect(new Set(to)).toEqual(new Set(['raj.patel@acme.example']))
  await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeEnabled()

  // Cancel keeps the filter; Clear removes it.
  await openColumnMenu(page, 'To')
  await page.getByRole(js ? 'button' : 'link', { name: 'To Filter: choose values (filtered)' }).click()
  await expect(dialog.getByRole('checkbox', { name: 'raj.patel@acme.example', exact: true })).toBeChecked()
  if (js) await expect(mainNav(page), 'opened again: still modal').toHaveCount(0)
  await expect(dialog.getByRole('checkbox', { name: 'admin@acme.example', exact: true })).not.toBeChecked()
  await (js ? dialog.getByRole('button', { name: 'Cancel' }) : dialog.getByRole('link', { name: 'Cancel' })).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/f\.to=/)

  await openColumnMenu(page, 'To')
  await page.getByRole(js ? 'button' : 'link', { name: 'To Filter: choose values (filtered)' }).click()
  await dialog.getByRole('button', { name: 'Clear' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).not.toHaveURL(/f\.to=/)
  await expect(status(page)).toHaveText(`${ACME_EMAILS} emails`)
})

test('CSV export holds exactly what the grid shows, every page, with spreadsheet formulas neutralised', async ({
  page,
}, testInfo) => {
  const js = jsEnabled(testInfo)
  await start(page, testInfo)
  // To hidden and 10 rows a page; the export still has every page.
  await page.getByText('Columns', { exact: true }).click()
  await page.getByRole('checkbox', { name: 'To', exact: true }).uncheck()
  if (!js) await page.getByRole('button', { name: 'Apply', exact: true }).click()
  await expect.poll(() => headerTexts(page)).toEqual(['Show Details', 'Date', 'Subject'])
  await page.getByLabel('Rows per page').selectOption('10')
  if (!js) await page.getByRole('button', { name: 'Show', exact: true }).click()
  await expect(rows(page)).toHaveCount(10)

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toBe('emails.csv')
  const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '')
  const lines = text.split('\r\n')
  expect(lines.at(-1)).toBe('')
  expect(lines[0]).toBe('Date,Subject')
  expect(lines.length - 2).toBe(ACME_EMAILS)
  // Newest first, as the grid shows, with the grid's date format.
  const firstRowDate = (await columnCells(page, 'Date'))[0]
  expect(lines[1].startsWith(`${firstRowDate},`)).toBe(true)
  // A subject starting with + or - would run as a formula in a spreadsheet: it gets an apostrophe.
  expect(lines.some((l) => l.endsWith(",'+1 seat added to FSA order 4711"))).toBe(true)
  expect(lines.some((l) => l.endsWith(",'-20% on multi-year renewals until the end of the quarter"))).toBe(true)

  // The export follows the filter.
  await filterBy(page, js, 'Subject', 'statement')
  const [filtered] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ])
  const filteredLines = fs
    .readFileSync((await filtered.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
  expect(filteredLines.slice(1).every((l) => l.includes('elastic statement'))).toBe(true)
  expect(filteredLines).toHaveLength(6)

  await page.getByRole('button', { name: 'Reset View' }).click()
  await expect(page.getByRole('button', { name: 'Reset View' })).toBeDisabled()
})

test('an e-mail with a hostile HTML body shows its text and runs nothing', async ({ page }, testInfo) => {
  await start(page, testInfo)
  const outside: string[] = []
  const onRequest = (r: Request) => {
    if (!r.url().startsWith('http://localhost') && !r.url().startsWith('data:') && !r.url().startsWith('about:'))
      outside.push(r.url())
  }
  const dialogs: string[] = []
  const onDialog = (d: Dialog) => {
    dialogs.push(d.message())
    void d.dismiss()
  }
  page.on('request', onRequest)
  page.on('dialog', onDialog)

  await page.getByRole('link', { name: `View email: ${HOSTILE_SUBJECT}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Email Details' })).toBeVisible()
  const fields = page.locator('dl')
  await expect(fields).toContainText('To')
  await expect(fields.getByText('admin@acme.example', { exact: true })).toBeVisible()
  await expect(fields.getByText(HOSTILE_SUBJECT, { exact: true })).toBeVisible()
  await expect(fields.getByText(ACME, { exact: true })).toBeVisible()
  await expect(fields.getByText('Acme Aerospace', { exact: true })).toBeVisible()
  await expect(fields.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/)).toBeVisible()

  const frameElement = page.locator('iframe')
  await expect(frameElement).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox')
  const body = page.frameLocator('iframe')
  await expect(body.getByRole('heading', { name: 'Your session has expired' })).toBeVisible()
  await expect(body.getByText('Regards, Licensing Portal Security')).toBeVisible()
  await expect(body.locator('script, style, form, input, iframe, object, svg, meta[http-equiv]')).toHaveCount(0)
  await expect(body.locator('img')).toHaveCount(0)
  await expect(body.locator('[onerror], [onclick], [onload]')).toHaveCount(0)
  await expect(body.getByText('Verify your account')).not.toHaveAttribute('href', /.+/)
  await expect(body.getByRole('link', { name: 'sign in here' })).toHaveAttribute('rel', 'noopener noreferrer')

  // The body cannot cover the portal: its text sits inside the frame's box, and the page still works.
  const frameBox = (await frameElement.boundingBox())!
  const overlayBox = (await body.getByRole('heading', { name: 'Your session has expired' }).boundingBox())!
  expect(overlayBox.y).toBeGreaterThanOrEqual(frameBox.y)
  await page.waitForTimeout(1000)
  await expect(page).toHaveURL(/\/emails\/\d+\?customer=1000001$/)
  expect(await page.title()).not.toBe('pwned')
  expect(dialogs).toEqual([])
  expect(outside).toEqual([])
  page.off('request', onRequest)
  page.off('dialog', onDialog)
  await expectAccessibleOutsideBody(page)

  await page.getByRole('link', { name: 'Back to Emails' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Emails' })).toBeVisible()
})

test('an e-mail of another customer is not found, like an unknown one: back to the list with a message', async ({
  page,
  baseURL,
}) => {
  const token = await getAccessToken(baseURL!, 'partner@channel.example')
  const res = await fetch(`${baseURL}/api/getemails`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ customerNumber: '1000003', limit: 1 }),
  })
  const cobaltId = ((await res.json()) as { data: { id: number }[] }).data[0].id

  await signIn(page, 'partner@channel.example')
  await gotoPortal(page, `/emails/${cobaltId}?customer=1000002`)
  await expect(page).toHaveURL(/\/emails\?customer=1000002$/)
  await expect(page.getByText('That email was not found for this customer.')).toBeVisible()

  // An Indirect customer has no e-mail list (spec 1 section 6).
  await gotoPortal(page, '/emails?customer=1000003')
  await expect(page).toHaveURL(/\/notypecustomer\?/)
  await expect(page.getByText(NOTICE.notypecustomer.text)).toBeVisible()

  await gotoPortal(page, '/emails/999999?customer=1000002')
  await expect(page).toHaveURL(/\/emails\?customer=1000002$/)
  await expect(page.getByText('That email was not found for this customer.')).toBeVisible()
})

test('an e-mail of a customer the user cannot see is not found either', async ({ page, baseURL }, testInfo) => {
  const token = await getAccessToken(baseURL!, 'partner@channel.example')
  const res = await fetch(`${baseURL}/api/getemails`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ customerNumber: '1000002', limit: 1 }),
  })
  const borealisId = ((await res.json()) as { data: { id: number }[] }).data[0].id
  await signIn(page, userFor(testInfo))
  await gotoPortal(page, `/emails/${borealisId}?customer=${ACME}`)
  await expect(page).toHaveURL(new RegExp(`/emails\\?customer=${ACME}$`))
  await expect(page.getByText('That email was not found for this customer.')).toBeVisible()
})

test.describe('with JavaScript only', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'dragging and resizing need JavaScript')

  test('columns drag to a new place and resize; both are kept in the URL and saved', async ({ page }, testInfo) => {
    await start(page, testInfo)
    // A heading drags onto another.
    await sortHeader(page, 'To').dragTo(sortHeader(page, 'Date'))
    await expect.poll(() => headerTexts(page)).toEqual(['Show Details', 'To', 'Date', 'Subject'])
    await expect(page).toHaveURL(/cols=details%2Cto%2Cdate%2Csubject/)

    const saved = nextSave(page, true, (q) => q.includes('w=subject'))
    const handle = page.getByRole('separator', { name: 'Resize Subject' })
    await handle.focus()
    await handle.press('ArrowRight')
    await handle.press('ArrowRight')
    await expect(page).toHaveURL(/w=subject%3A\d+/)
    const width = Number(/w=subject%3A(\d+)/.exec(page.url())![1])
    expect(width).toBeGreaterThan(100)
    await saved

    await gotoPortal(page, LIST)
    await expect(page).toHaveURL(new RegExp(`w=subject%3A${width}`))
    await expect.poll(() => headerTexts(page)).toEqual(['Show Details', 'To', 'Date', 'Subject'])

    const reset = nextSave(page, true, DEFAULT_VIEW)
    await page.getByRole('button', { name: 'Reset View' }).click()
    await expect.poll(() => headerTexts(page)).toEqual(['Show Details', 'Date', 'Subject', 'To'])
    await reset
  })

  test('pages, sorts and narrowing filters of a completely loaded list are answered in the browser', async ({
    page,
  }, testInfo) => {
    await start(page, testInfo)
    // The list's own data requests: a chunk for the browser's cache, or the route's server loader.
    const asked: string[] = []
    page.on('request', (r) => {
      const url = new URL(r.url())
      const chunk = url.pathname === '/resources/grid/emailList' && url.searchParams.has('chunk')
      // A data request without `_routes` runs every loader of the page, this list's included.
      const routes = url.searchParams.get('_routes')
      const loader =
        url.pathname.endsWith('.data') &&
        (routes === null || routes.split(',').includes('routes/_portal.emails._index'))
      if (chunk || loader) asked.push(`${url.pathname}?${url.searchParams}`)
    })
    /** What the grid shows, to compare with the server's own rendering of the same URL. */
    const shown = async () => ({
      status: await status(page).innerText(),
      subjects: await columnCells(page, 'Subject'),
      to: await columnCells(page, 'To'),
    })
    const serverRendered = async () => {
      const url = page.url()
      const copy = await page.context().newPage()
      await copy.goto(url)
      const result = {
        status: await status(copy).innerText(),
        subjects: await columnCells(copy, 'Subject'),
        to: await columnCells(copy, 'To'),
      }
      await copy.close()
      return result
    }

    // The first filter loads its whole result in one chunk.
    await filterBy(page, true, 'Subject', 'licence')
    await expect(status(page)).toHaveText(/^\d+ emails match the filters$/)
    expect(asked).toHaveLength(1)
    expect(asked[0]).toMatch(/chunk=0%2C300/)

    // A longer text only narrows it: no request, and the rows the server would show.
    asked.length = 0
    await filterBy(page, true, 'Subject', 'LICENCE FILE FOR')
    await expect(page).toHaveURL(/f\.subject=c%3ALICENCE(\+|%20)FILE(\+|%20)FOR/)
    await settled(page)
    const narrowed = await shown()
    expect(narrowed.subjects.length).toBeGreaterThan(1)
    for (const subject of narrowed.subjects) expect(subject.toLowerCase()).toContain('licence file for')

    // Values chosen in the filter dialog (IN) narrow it further, then a sort by To; still no request.
    await openColumnMenu(page, 'To')
    await page.getByRole('button', { name: 'To Filter: choose values' }).click()
    const dialog = page.getByRole('dialog', { name: 'To Filter' })
    await dialog.getByRole('checkbox', { name: 'raj.patel@acme.example', exact: true }).uncheck()
    await dialog.getByRole('button', { name: 'Apply' }).click()
    await expect(page).toHaveURL(/f\.to=in%3A/)
    await settled(page)
    await sortHeader(page, 'To').getByRole('link').first().click()
    await expect(sortHeader(page, 'To')).toHaveAttribute('aria-sort', 'ascending')
    await settled(page)
    const sorted = await shown()
    expect(sorted.to).not.toContain('raj.patel@acme.example')
    expect(asked).toEqual([])
    expect(sorted).toEqual(await serverRendered())

    // Without filters the list loads again, once; its pages and sorts then come from the browser.
    await page.getByRole('button', { name: 'Clear Filters' }).click()
    await expect(status(page)).toHaveText(`${ACME_EMAILS} emails`)
    expect(asked).toHaveLength(1)
    asked.length = 0
    await page.getByRole('link', { name: 'Next page' }).click()
    await expect(page.getByText('Page 2 of 2')).toBeVisible()
    await settled(page)
    await expect(rows(page)).toHaveCount(ACME_EMAILS - 20)
    await sortHeader(page, 'Subject').getByRole('link').first().click()
    await expect(sortHeader(page, 'Subject')).toHaveAttribute('aria-sort', 'ascending')
    await settled(page)
    expect(asked).toEqual([])
    expect(await shown()).toEqual(await serverRendered())

    await page.getByRole('button', { name: 'Reset View' }).click()
    await expect(page.getByRole('button', { name: 'Reset View' })).toBeDisabled()
  })

  test('the loading overlay says Getting Email... for an e-mail and Getting Emails... for the list', async ({
    page,
  }, testInfo) => {
    await start(page, testInfo)
    const overlay = (text: string) =>
      page.getByRole('status').filter({ hasText: new RegExp(`^${text.replace(/\./g, '\\.')}$`) })
    // The page's data is held back until the overlay has been read, so it stays up until then.
    let answer!: () => void
    let held = new Promise<void>((resolve) => (answer = resolve))
    await page.route(/\.data(\?|$)/, async (route) => {
      await held
      await route.continue()
    })
    await page.getByRole('link', { name: `View email: ${HOSTILE_SUBJECT}` }).click()
    await expect(overlay('Getting Email...')).toBeVisible()
    answer()
    await expect(page.getByRole('heading', { level: 1, name: 'Email Details' })).toBeVisible()
    await expect(overlay('Getting Email...')).toBeHidden()

    held = new Promise<void>((resolve) => (answer = resolve))
    await page.getByRole('link', { name: 'Back to Emails' }).click()
    await expect(overlay('Getting Emails...')).toBeVisible()
    answer()
    await expect(page.getByRole('heading', { level: 1, name: 'Emails' })).toBeVisible()
    await expect(overlay('Getting Emails...')).toBeHidden()
    await page.unrouteAll({ behavior: 'ignoreErrors' })
  })

  test('shift-click adds a second sort key', async ({ page }, testInfo) => {
    await start(page, testInfo)
    await sortHeader(page, 'To').getByRole('link').first().click()
    await sortHeader(page, 'Date')
      .getByRole('link')
      .first()
      .click({ modifiers: ['Shift'] })
    await expect(page).toHaveURL(/sort=to\.asc%2Cdate\.asc/)
    await expect(sortHeader(page, 'To')).toHaveAttribute('aria-sort', 'ascending')
    await page.getByRole('button', { name: 'Reset View' }).click()
    await expect(page.getByRole('button', { name: 'Reset View' })).toBeDisabled()
  })
})
