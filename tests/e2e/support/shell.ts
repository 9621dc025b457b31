import { expect, type Locator, type Page } from '@playwright/test'

/** A left-navigation group as the user sees it: its heading and its links, in order. */
export type NavGroupView = { group: string; items: string[] }

export function mainNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' })
}

/** The groups and items of the left navigation, read from what is on screen. */
export async function readNav(page: Page): Promise<NavGroupView[]> {
  const groups = mainNav(page).getByRole('group')
  const count = await groups.count()
  const result: NavGroupView[] = []
  for (let i = 0; i < count; i++) {
    const group = groups.nth(i)
    const heading = (await group.locator('[id^="nav-group-"]').innerText()).trim()
    const items = (await group.getByRole('link').allInnerTexts()).map((t) => t.trim())
    result.push({ group: heading, items })
  }
  return result
}

export async function expectNav(page: Page, expected: NavGroupView[]) {
  await expect(mainNav(page)).toBeVisible()
  // Headings are upper-cased by the style sheet: compare them case-insensitively.
  // Polled, because a page without JavaScript may still be arriving when the URL has changed.
  const normalize = (groups: NavGroupView[]) => groups.map((g) => ({ group: g.group.toLowerCase(), items: g.items }))
  await expect.poll(async () => normalize(await readNav(page))).toEqual(normalize(expected))
}

/** The toolbar's customer search box (a text box without JavaScript, a combobox with it). */
export function customerBox(page: Page): Locator {
  return page.getByLabel('Customer', { exact: true })
}

/**
 * The combobox of the customer search, once the page runs its scripts (before
 * that the plain search form is on screen).
 */
export async function customerCombobox(page: Page): Promise<Locator> {
  const box = page.getByRole('combobox', { name: 'Customer', exact: true })
  await expect(box).toBeVisible()
  return box
}

/**
 * The toolbar menu trigger: the summary of a <details> disclosure, named by its
 * aria-label (with and without JavaScript; `js` is kept for the callers that pass it).
 */
export function menuTrigger(page: Page, label: string, _js?: boolean): Locator {
  return page
    .getByRole('banner')
    .locator('summary')
    .and(page.getByLabel(label, { exact: true }))
}

/** A toolbar menu: the disclosure that holds the trigger and, while open, its entries. */
export function menuPopup(page: Page, label: string, js?: boolean): Locator {
  return menuTrigger(page, label, js).locator('xpath=..')
}

/** Whether a toolbar menu is open (its disclosure's state, which assistive technology reports as expanded). */
export async function expectMenuOpen(page: Page, label: string, open: boolean) {
  const menu = menuPopup(page, label)
  if (open) await expect(menu).toHaveAttribute('open', '')
  else await expect(menu).not.toHaveAttribute('open')
}

/** The toolbar's Menu control that opens the navigation on narrow windows: a link without JavaScript, a button with it. */
export function navMenuControl(page: Page, js: boolean): Locator {
  return page.getByRole('banner').getByRole(js ? 'button' : 'link', { name: 'Menu', exact: true })
}

export function userMenuLabel(email: string) {
  return `User menu for ${email}`
}

/** Opens the user menu with a click (the <details> summary without JavaScript). */
export async function openUserMenu(page: Page, email: string, js: boolean) {
  await menuTrigger(page, userMenuLabel(email), js).click()
  await expect(page.getByText(email, { exact: true }).last()).toBeVisible()
}

/** The role label shown in the opened user menu. */
export async function expectRoleLabel(page: Page, email: string, js: boolean, label: string) {
  await openUserMenu(page, email, js)
  const menu = menuPopup(page, userMenuLabel(email), js)
  await expect(menu.getByText(label, { exact: true })).toBeVisible()
}

/** A flash panel (success, error or warning) with its message. */
export function flashPanel(page: Page, kind: 'Success' | 'Error' | 'Warning', message: string): Locator {
  const role = kind === 'Error' ? 'alert' : 'status'
  return page
    .getByRole(role)
    .filter({ hasText: `${kind}:` })
    .filter({ hasText: message })
}

export function mainRegion(page: Page): Locator {
  return page.getByRole('main')
}

/** The breadcrumb trail under the toolbar, e.g. ['Settings', 'Elastic IP Settings']. */
export async function expectBreadcrumbs(page: Page, labels: string[]) {
  const items = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')
  // Each crumb but the last is followed by a separator sign.
  await expect(items).toHaveText(
    labels.map((l, i) => (i === labels.length - 1 ? l : new RegExp(`^${escapeRegExp(l)}\\W*$`))),
  )
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[aria-current="page"]')).toHaveText(
    labels[labels.length - 1],
  )
}

function escapeRegExp(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}
