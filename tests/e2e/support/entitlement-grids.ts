/** Locators and steps for the two-grid entitlement screens (Elastic Licensing, Leases/Perpetuals). */
import { expect, type Page } from '@playwright/test'
import { applyFiltersButton, gridLocators } from './grid'

export type SectionName = 'Active Entitlements' | 'Inactive Entitlements'

/** The section (its heading names it), with the grid's buttons, status line and table. */
export const section = (page: Page, name: string) => page.getByRole('main').getByRole('region', { name, exact: true })
const locators = (name: SectionName) => gridLocators(`${name} table`)
export const table = (page: Page, name: SectionName) => locators(name).grid(page)
export const rows = (page: Page, name: SectionName) => locators(name).rows(page)
export const toggle = (page: Page, name: string) =>
  page.getByRole('main').getByRole('heading', { name, exact: true }).getByRole('link')
export const status = (page: Page, name: SectionName) =>
  section(page, name)
    .getByRole('status')
    .filter({ hasText: /entitlement|Getting/ })

export const headerTexts = (page: Page, name: SectionName) => locators(name).headerTexts(page)
export const columnCells = (page: Page, name: SectionName, header: string) => locators(name).columnCells(page, header)
/** Waits until the rows of the view asked for are shown (with JavaScript the header changes first). */
export const settled = (page: Page, name: SectionName) => locators(name).settled(page)

export const sortLink = (page: Page, name: SectionName, header: string, dir: 'ascending' | 'descending') =>
  table(page, name).getByRole('link', { name: `Sort by ${header}, ${dir}`, exact: true })

/** The prefix of each grid's parameters in the address. */
const PREFIX: Record<SectionName, string> = { 'Active Entitlements': 'a', 'Inactive Entitlements': 'i' }

/**
 * Applies a text filter of one grid (column `column`, id `colId`): its Apply button without
 * JavaScript, the pause after typing with it.
 */
export async function filterBy(
  page: Page,
  js: boolean,
  name: SectionName,
  column: string,
  colId: string,
  text: string,
) {
  const input = table(page, name).getByLabel(`Filter ${column}`)
  await input.fill(text)
  if (js) {
    const param = `${PREFIX[name]}.f.${colId}`
    await expect.poll(() => new URL(page.url()).searchParams.get(param)?.slice(2)).toBe(text)
  } else {
    await applyFiltersButton(table(page, name)).click()
  }
  await settled(page, name)
}
