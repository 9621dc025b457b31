/**
 * Grids that fit their window (docs/design.md, Tables and grids): the columns with
 * amounts, currency and a row's actions stay in view or a cue says more columns
 * are to the right; on a phone the grids that cannot fit show each row as
 * 'label: value' lines; a one-line row is short; a heading holds its name, one
 * arrow when sorted and one menu; and the Columns panel starts closed.
 *
 * Every page is opened with its view in the URL, so a saved view never changes
 * what is measured.
 */
import { expect, test, type Locator, type Page } from './support/test'
import { gotoPortal, signIn } from './support/auth'
import { jsEnabled } from './support/env'
import { expectNoSeriousA11yViolations } from './support/a11y'

const ACME = '1000001'
const ADMIN = 'admin@acme.example'
const ELASTIC = `/elastic?customer=${ACME}&a.size=20&i.size=20`
const STATEMENT = `/statementv2?customer=${ACME}&size=20&p.size=20`
const ACTIVATIONS = `/activations-history?customer=${ACME}&size=20&i.size=20`
const USAGE = `/transactions?customer=${ACME}&size=20`

async function open(page: Page, width: number, path: string, user = ADMIN) {
  await page.setViewportSize({ width, height: width > 500 ? 900 : 844 })
  await signIn(page, user)
  await gotoPortal(page, path)
}

/** The grid around a table box (its status line, cue and table). */
const frameOf = (box: Locator) => box.locator('xpath=ancestor::*[contains(@class, "grid-frame")][1]')

/**
 * Whether the column headed `header` of the grid in `box` is inside the box and the
 * window, or else the grid shows its cue that more columns are to the right.
 */
async function columnSeenOrCued(page: Page, box: Locator, header: string) {
  const heading = box
    .locator('thead tr')
    .first()
    .locator('th')
    .filter({ has: page.locator(`[data-header]:text-is("${header}")`) })
  await expect(heading).toHaveCount(1)
  const right = (await heading.boundingBox())!
  const own = (await box.boundingBox())!
  const inView = right.x + right.width <= Math.min(own.x + own.width, page.viewportSize()!.width) + 0.5
  if (inView) return 'in view'
  const hint = frameOf(box).locator('.grid-scroll-hint')
  const cue = await hint.evaluate((el) => ({
    opacity: Number(getComputedStyle(el).opacity),
    text: getComputedStyle(el, '::before').content,
    height: el.getBoundingClientRect().height,
  }))
  return cue.opacity > 0.9 && cue.height > 0 && cue.text.includes('Scroll for more columns') ? 'cued' : 'hidden'
}

test.describe('at 1366 px', () => {
  test('Elastic Licensing: Currency is in view or a cue says more columns are to the right', async ({ page }) => {
    await open(page, 1366, ELASTIC)
    for (const name of ['Active Entitlements table', 'Inactive Entitlements table']) {
      const box = page.getByRole('region', { name, exact: true })
      expect(await columnSeenOrCued(page, box, 'Currency'), name).not.toBe('hidden')
      expect(await columnSeenOrCued(page, box, 'Total'), name).not.toBe('hidden')
    }
  })

  test('the statement: Period Used is in view or a cue says more columns are to the right', async ({ page }) => {
    await open(page, 1366, STATEMENT)
    const box = page.getByRole('region', { name: 'Usage by Purchase Order table', exact: true })
    expect(await columnSeenOrCued(page, box, 'Period Used')).not.toBe('hidden')
    // Amounts are right-aligned in tabular figures, their heading too.
    const cell = box.locator('tbody tr').first().locator('td').nth(6)
    expect(
      await cell.evaluate((el) => [getComputedStyle(el).textAlign, getComputedStyle(el).fontVariantNumeric]),
    ).toEqual(['right', 'tabular-nums'])
    const heading = box.locator('thead tr').first().locator('th').nth(6)
    expect(await heading.evaluate((el) => getComputedStyle(el).textAlign)).toBe('right')
  })

  test('a wide grid cues its hidden columns until it is scrolled to its end', async ({ page }, testInfo) => {
    await open(page, 1366, USAGE)
    const box = page.getByRole('region', { name: 'Usage Transactions table', exact: true })
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth), 'fourteen columns are wider than the box').toBe(
      true,
    )
    const frame = frameOf(box)
    // With JavaScript the box's scroll position drives the cue in any browser; without it, CSS scroll timelines.
    const driver = jsEnabled(testInfo) ? 'true' : null
    const hint = frame.locator('.grid-scroll-hint')
    await expect.poll(() => hint.evaluate((el) => Number(getComputedStyle(el).opacity))).toBeGreaterThan(0.9)
    expect(await frame.getAttribute('data-more-columns')).toBe(driver)
    await box.evaluate((el) => el.scrollTo({ left: el.scrollWidth }))
    await expect.poll(() => hint.evaluate((el) => Number(getComputedStyle(el).opacity))).toBeLessThan(0.1)
    expect(await frame.getAttribute('data-more-columns')).toBe(driver && 'false')
    if (driver) {
      // The attribute, not the scroll timeline, decides: as in a browser that has none.
      await frame.evaluate((el) => el.setAttribute('data-more-columns', 'true'))
      await expect.poll(() => hint.evaluate((el) => Number(getComputedStyle(el).opacity))).toBeGreaterThan(0.9)
    }
    // Back a little: the cue returns.
    await box.evaluate((el) => el.scrollBy({ left: -200 }))
    await expect.poll(() => hint.evaluate((el) => Number(getComputedStyle(el).opacity))).toBeGreaterThan(0.9)
  })

  test('a grid that fits its box shows no cue', async ({ page }) => {
    await open(page, 1366, `/emails?customer=${ACME}&size=20`)
    const box = page.getByRole('region', { name: 'Emails table', exact: true })
    expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
    const hint = frameOf(box).locator('.grid-scroll-hint')
    await expect.poll(() => hint.evaluate((el) => Number(getComputedStyle(el).opacity))).toBeLessThan(0.1)
  })

  test('Manage Activations keeps the row actions at the right edge of the box', async ({ page }) => {
    // Wide saved widths make the table wider than its box.
    await open(page, 1366, `${ACTIVATIONS}&w=name%3A600%2ChostId%3A600`)
    const box = page.getByRole('region', { name: 'Active Servers table', exact: true })
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
    const row = box.locator('tbody tr').filter({ hasText: 'acme-lic01' }).first()
    const actions = row.locator('td').last()
    const edges = async () => {
      const cell = (await actions.boundingBox())!
      const own = (await box.boundingBox())!
      return Math.abs(cell.x + cell.width - (own.x + own.width))
    }
    expect(await edges()).toBeLessThan(3)
    await box.evaluate((el) => el.scrollTo({ left: el.scrollWidth / 3 }))
    expect(await edges(), 'still at the edge after scrolling').toBeLessThan(3)
    await expect(row.getByRole('link', { name: /^View/ }).first()).toBeInViewport()
  })

  test('a one-line usage row is one line tall', async ({ page }) => {
    await open(page, 1366, USAGE)
    const rows = page.getByRole('region', { name: 'Usage Transactions table', exact: true }).locator('tbody tr')
    expect(await rows.count()).toBeGreaterThan(0)
    const heights = await rows.evaluateAll((trs) =>
      trs.map((tr) => {
        const lines = Math.max(
          ...[...tr.querySelectorAll('td')].map((td) => {
            const range = document.createRange()
            range.selectNodeContents(td)
            return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size
          }),
        )
        return { lines, height: tr.getBoundingClientRect().height }
      }),
    )
    const oneLine = heights.filter((h) => h.lines === 1)
    expect(oneLine.length, 'some rows have one line of text').toBeGreaterThan(0)
    for (const { height } of oneLine) expect(height).toBeLessThan(40)
  })

  test('a heading is its sort link with one arrow when sorted, and one menu', async ({ page }) => {
    // A user of its own: hiding a column is kept in the user's view, which other journeys read as Acme's admin.
    await open(page, 1366, `${USAGE}&sort=startTime.desc`, 'webmatrix.admin@acme.example')
    const head = page.getByRole('region', { name: 'Usage Transactions table', exact: true }).locator('thead tr').first()
    const start = head.locator('th').first()
    await expect(start.getByRole('link', { name: 'Remove sort by Start Time', exact: true })).toBeVisible()
    await expect(start.locator('[aria-hidden="true"]', { hasText: '▼' })).toHaveCount(1)
    // No other glyphs: no unsorted arrows, no "then by" links, no separate filter buttons.
    expect(await head.innerText()).not.toMatch(/[↕+▾]/)
    const product = head.locator('th').nth(2)
    await expect(product.locator('summary')).toHaveCount(1)
    await expect(product.getByRole('link')).toHaveCount(1)

    // The menu holds the rest: the filter's operator, the values dialog, hiding.
    await product.locator('summary').click()
    await expect(product.getByLabel('Product filter type')).toBeVisible()
    await expect(
      product.getByRole(jsEnabled(test.info()) ? 'button' : 'link', { name: /Product Filter: choose values/ }),
    ).toBeVisible()
    await product.getByRole('link', { name: 'Hide the Product column' }).click()
    await expect(page).toHaveURL(/cols=[^&]*-product/)
    await expect(head.locator('[data-header]', { hasText: /^Product$/ })).toHaveCount(0)
  })

  test('the Columns panel starts closed', async ({ page }) => {
    await open(page, 1366, USAGE)
    const panel = page.locator('details').filter({ has: page.locator('summary', { hasText: /^Columns$/ }) })
    await expect(panel).toHaveCount(1)
    await expect(panel).not.toHaveAttribute('open', /.*/)
    await expect(page.getByRole('checkbox', { name: 'Start Time', exact: true })).toBeHidden()
    // Its move buttons say what they do in words, with no raw values for a text browser to show.
    const moves = panel.locator('button[name*="move"]')
    expect(await moves.count()).toBeGreaterThan(0)
    for (const button of await moves.all()) {
      await expect(button).not.toHaveAttribute('value', /.*/)
      expect(await button.textContent()).toMatch(/^[↑↓]Move .+ (up|down)$/)
    }
  })
})

test.describe('at 390 px', () => {
  /** What a stacked cell shows: its label (the column heading, drawn before it) and its value. */
  const labelled = (cell: Locator) =>
    cell.evaluate((el) => ({
      label: getComputedStyle(el, '::before').content.replace(/^"|"$/g, ''),
      display: getComputedStyle(el).display,
      value: (el.textContent ?? '').replace(/\s+/g, ' ').trim(),
    }))

  const noSidewaysScroll = (page: Page) =>
    expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0)

  test("Manage Activations: every row's actions are in reach without scrolling sideways", async ({ page }) => {
    await open(page, 390, ACTIVATIONS)
    await noSidewaysScroll(page)
    const box = page.getByRole('region', { name: 'Active Servers table', exact: true })
    expect(await box.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1)
    const row = box.locator('tbody tr').filter({ hasText: 'acme-lic01' }).first()
    for (const action of await row.locator('td').last().locator('a, button').all()) {
      const edge = (await action.boundingBox())!
      expect(edge.x).toBeGreaterThanOrEqual(0)
      expect(edge.x + edge.width).toBeLessThanOrEqual(390)
    }
    expect(await labelled(row.locator('td').nth(1))).toMatchObject({ label: 'Host ID', display: 'grid' })
    expect(await labelled(row.locator('td').last())).toMatchObject({ label: 'Actions' })
  })

  test("the statement's grids and the partner's customers show each row as label: value", async ({ page }) => {
    await open(page, 390, STATEMENT)
    await noSidewaysScroll(page)
    const po = page.getByRole('region', { name: 'Usage by Purchase Order table', exact: true })
    const used = await labelled(po.locator('tbody tr').first().locator('td').nth(6))
    expect(used.label).toBe('Period Used')
    expect(used.value).toMatch(/^-?[\d,]+\.\d{2}$/)
    const products = page.getByRole('region', { name: 'Usage by Product table', exact: true })
    expect(await labelled(products.locator('tbody tr').first().locator('td').nth(2))).toMatchObject({
      label: 'Currency',
      display: 'grid',
    })
    // The cell's value sits beside its label, inside the window.
    const cell = (await po.locator('tbody tr').first().locator('td').nth(6).boundingBox())!
    expect(cell.x + cell.width).toBeLessThanOrEqual(390)

    await open(page, 390, '/home?view=customers', 'partner@channel.example')
    await noSidewaysScroll(page)
    const customers = page.getByRole('region', { name: 'Your customers table', exact: true })
    const figure = await labelled(customers.locator('tbody tr').first().locator('td').first())
    expect(figure.label).toBe('Elastic credit left')
  })

  test('Leases/Perpetuals and the Flexible Spending Account show their counts and amounts as label: value', async ({
    page,
  }) => {
    /** The first row's cell under `header`, as a stacked cell shows it. */
    const cellUnder = async (box: Locator, header: string) => {
      const headers = await box
        .locator('thead tr')
        .first()
        .locator('th')
        .evaluateAll((ths) => ths.map((th) => th.querySelector('[data-header]')?.textContent?.trim() ?? ''))
      const column = headers.indexOf(header)
      expect(column, header).toBeGreaterThanOrEqual(0)
      const cell = box.locator('tbody tr').first().locator('td').nth(column)
      const edge = (await cell.boundingBox())!
      expect(edge.x + edge.width, `${header} inside the window`).toBeLessThanOrEqual(390)
      return labelled(cell)
    }
    await open(page, 390, `/ssl?customer=${ACME}&a.size=20&i.size=20`)
    await noSidewaysScroll(page)
    const leases = page.getByRole('region', { name: 'Active Entitlements table', exact: true })
    expect(await cellUnder(leases, 'Total Activated')).toMatchObject({ label: 'Total Activated', display: 'grid' })

    await open(page, 390, `/entitlementsFSA?customer=${ACME}&a.size=20&i.size=20`)
    await noSidewaysScroll(page)
    const fsa = page.getByRole('region', { name: 'Active Entitlements table', exact: true })
    const remaining = await cellUnder(fsa, 'Remaining')
    expect(remaining).toMatchObject({ label: 'Remaining', display: 'grid' })
    expect(remaining.value).toMatch(/^[\d,]+\.\d{2}$/)
    expect(await cellUnder(fsa, 'Currency')).toMatchObject({ label: 'Currency' })
  })

  test('a stacked grid folds its headings and filters behind Sort and filter, open when a filter is set', async ({
    page,
  }) => {
    const LEASES = `/ssl?customer=${ACME}&a.size=20&i.size=20`
    await open(page, 390, LEASES)
    const box = page.getByRole('region', { name: 'Active Entitlements table', exact: true })
    const toggle = frameOf(box)
      .locator('summary')
      .filter({ hasText: /^Sort and filter$/ })
    const filter = box.getByLabel('Filter License Model', { exact: true })
    await expect(toggle).toBeVisible()
    await expect(filter).toBeHidden()
    // A stacked grid does not scroll sideways, so it has no scroll cue to keep a line for.
    await expect(frameOf(box).locator('.grid-scroll-hint')).toBeHidden()
    // The first row starts at the top of the box.
    const own = (await box.boundingBox())!
    const first = (await box.locator('tbody tr').first().boundingBox())!
    expect(first.y - own.y).toBeLessThan(4)
    await expectNoSeriousA11yViolations(page)

    await toggle.click()
    await expect(filter).toBeVisible()
    await expect(box.getByRole('link', { name: /^Sort by License Model/ })).toBeVisible()

    await gotoPortal(page, `${LEASES}&a.f.licenseModel=c%3ANetwork`)
    await expect(
      frameOf(box)
        .locator('summary')
        .filter({ hasText: /^Sort and filter/ }),
    ).toHaveText('Sort and filter (1 filter set)')
    await expect(filter).toBeVisible()
    await expect(filter).toHaveValue('Network')
  })

  test('the page links fit one line: First and Last show as arrows and keep their names', async ({ page }) => {
    await open(page, 390, `/ssl?customer=${ACME}&a.size=20&i.size=20`)
    const pages = page.getByRole('navigation', { name: 'Entitlements pages' }).first()
    const first = pages.getByRole('link', { name: 'First page', exact: true })
    const last = pages.getByRole('link', { name: 'Last page', exact: true })
    // Only the arrow takes room: the link is about as wide as one glyph and its padding.
    const width = async (link: Locator) => (await link.boundingBox())!.width
    expect(await width(first)).toBeLessThan(45)
    expect(await width(last)).toBeLessThan(45)
    // One line: every item's middle lies within the first link's height.
    const middles = await pages
      .locator(':scope > *')
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect()).map((r) => r.top + r.height / 2))
    const height = (await first.boundingBox())!.height
    expect(Math.max(...middles) - Math.min(...middles), 'one line').toBeLessThan(height / 2)

    await open(page, 1366, `/ssl?customer=${ACME}&a.size=20&i.size=20`)
    expect(await width(first), 'the word shows on a desktop').toBeGreaterThan(55)
  })

  test('on a desktop the stacked grids stay tables', async ({ page }) => {
    await open(page, 1366, ACTIVATIONS)
    const cell = page.getByRole('region', { name: 'Active Servers table', exact: true }).locator('tbody td').first()
    expect(await labelled(cell)).toMatchObject({ label: 'none', display: 'table-cell' })
    await expect(page.getByRole('table', { name: 'Active Servers', exact: true })).toBeVisible()
    await expect(page.locator('summary').filter({ hasText: /^Sort and filter/ })).toHaveCount(2)
    for (const toggle of await page
      .locator('summary')
      .filter({ hasText: /^Sort and filter/ })
      .all())
      await expect(toggle).toBeHidden()
    await expect(page.getByLabel('Filter Host ID', { exact: true }).first()).toBeVisible()
  })
})
