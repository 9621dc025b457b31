/** Locators and waits for one data grid, found by its table's label (e.g. 'Emails table'). */
import { expect, type Page } from '@playwright/test'

export function gridLocators(label: string) {
  const grid = (page: Page) => page.getByRole('region', { name: label, exact: true })
  const rows = (page: Page) => grid(page).locator('tbody tr')
  const headerTexts = (page: Page) => grid(page).locator('thead tr').first().locator('th [data-header]').allInnerTexts()
  /** The texts of one column's cells, in row order. */
  const columnCells = async (page: Page, header: string) => {
    const index = (await headerTexts(page)).indexOf(header)
    expect(index, `column ${header} is shown`).toBeGreaterThanOrEqual(0)
    return rows(page)
      .locator(`td:nth-child(${index + 1})`)
      .allInnerTexts()
  }
  /**
   * Waits until the rows of the view asked for are shown (with JavaScript the header changes first).
   * The grid's own table is the one that tells whether it is busy (an open row may hold a table too).
   */
  const settled = (page: Page) => expect(grid(page).locator('table[aria-busy]')).toHaveAttribute('aria-busy', 'false')
  return { grid, rows, headerTexts, columnCells, settled }
}
