/** Locators and waits for one data grid, found by its table's label (e.g. 'Emails table'). */
import { expect, type Locator, type Page } from '@playwright/test'

/** The one Apply button of a grid's filter row (without JavaScript), in `scope` (a page or a grid's box). */
export const applyFiltersButton = (scope: Page | Locator) => scope.getByRole('button', { name: /^Apply filters/ })

/** Opens the menu (⋮) of the column headed `column` in `scope` (a page or a grid's box). */
export async function openColumnMenu(scope: Page | Locator, column: string) {
  const name = column.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  await scope
    .locator('th summary')
    .filter({ hasText: new RegExp(`^\\W*${name} column menu`) })
    .click()
}

export function gridLocators(label: string) {
  const grid = (page: Page) => page.getByRole('region', { name: label, exact: true })
  const rows = (page: Page) => grid(page).locator('tbody tr')
  const headerTexts = (page: Page) => grid(page).locator('thead tr').first().locator('th [data-header]').allInnerTexts()
  /** The texts of one column's cells, in row order. */
  const columnCells = async (page: Page, header: string) => {
    // Polled: without JavaScript a new page's address is there before the whole table has arrived.
    await expect
      .poll(async () => (await headerTexts(page)).indexOf(header), { message: `column ${header} is shown` })
      .toBeGreaterThanOrEqual(0)
    const index = (await headerTexts(page)).indexOf(header)
    await page.waitForLoadState('domcontentloaded')
    return rows(page)
      .locator(`td:nth-child(${index + 1})`)
      .allInnerTexts()
  }
  /**
   * Waits until the rows of the view asked for are shown (with JavaScript the header changes first).
   * The grid's own table is the one that tells whether it is busy (an open row may hold a table too).
   */
  const settled = (page: Page) =>
    expect(
      grid(page)
        .locator('table[aria-busy="false"]')
        // An empty list is a sentence in place of the table.
        .or(page.locator(`[data-empty-grid="${label}"]`)),
    ).toBeAttached()
  /** The texts of every shown row, cell by cell, as they are seen (without text for screen readers only). */
  const rowTexts = (page: Page) =>
    rows(page).evaluateAll((trs) =>
      trs.map((tr) =>
        [...tr.querySelectorAll(':scope > td')].map((td) => {
          const seen = td.cloneNode(true) as HTMLElement
          for (const hidden of seen.querySelectorAll('.sr-only')) hidden.remove()
          return (seen.textContent ?? '').trim()
        }),
      ),
    )
  /**
   * Applies a text filter of one column (header `column`, id `colId`): its Apply button without
   * JavaScript, the pause after typing with it; then waits for the rows of the filter.
   */
  const filterBy = async (page: Page, js: boolean, column: string, colId: string, text: string, prefix = '') => {
    await grid(page).getByLabel(`Filter ${column}`, { exact: true }).fill(text)
    if (js) {
      const param = `${prefix ? `${prefix}.` : ''}f.${colId}`
      await expect.poll(() => new URL(page.url()).searchParams.get(param)?.slice(2)).toBe(text)
    } else {
      await applyFiltersButton(grid(page)).click()
    }
    await settled(page)
  }
  /** Sorts by one column through its header's link. */
  const sortBy = async (page: Page, header: string, dir: 'ascending' | 'descending') => {
    await grid(page)
      .getByRole('link', { name: `Sort by ${header}, ${dir}`, exact: true })
      .click()
    await expect(grid(page).getByRole('columnheader', { name: header }).first()).toHaveAttribute('aria-sort', dir)
    await settled(page)
  }
  return { grid, rows, headerTexts, columnCells, rowTexts, settled, filterBy, sortBy }
}
