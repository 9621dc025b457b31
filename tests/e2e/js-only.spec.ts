import { expect, test } from './support/test'
import { gotoPortal, signIn } from './support/auth'
import { jsEnabled } from './support/env'
import { customerCombobox, mainNav, userMenuLabel } from './support/shell'
import { CUSTOMERS, display } from './support/expectations'

/** Behaviour that only exists with JavaScript: the combobox pause, the collapsible menu, menu keyboard. */
test.beforeEach(async ({}, testInfo) => {
  test.skip(!jsEnabled(testInfo), 'JavaScript only')
})

test.describe('customer combobox', () => {
  test('asks only after a one-second pause in typing, then offers the matches', async ({ page }) => {
    await signIn(page, 'busops@vendor.example')
    const box = await customerCombobox(page)
    const option = page.getByRole('option', { name: display(CUSTOMERS.borealis), exact: true })

    // Typing with short gaps: nothing is offered while the user keeps typing.
    await box.click()
    for (const chunk of ['bor', 'eal', 'is']) {
      await box.pressSequentially(chunk)
      await page.waitForTimeout(500)
      await expect(page.getByRole('option')).toHaveCount(0)
    }
    const lastKey = Date.now()
    await expect(option).toBeVisible({ timeout: 5_000 })
    const waited = Date.now() - lastKey
    expect(waited, 'options appear about one second after the last key').toBeGreaterThanOrEqual(900 - 500)
    await expect(page.getByRole('option')).toHaveCount(1)
  })

  test('no options show before the pause is over', async ({ page }) => {
    await signIn(page, 'busops@vendor.example')
    const box = await customerCombobox(page)
    await box.fill('cobalt')
    const typedAt = Date.now()
    await page.waitForTimeout(700)
    await expect(page.getByRole('option'), '0.7 s after typing').toHaveCount(0)
    await expect(page.getByRole('option', { name: display(CUSTOMERS.cobalt) })).toBeVisible({ timeout: 5_000 })
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(1_000)
  })

  test('a match is chosen with the keyboard', async ({ page }) => {
    await signIn(page, 'busops@vendor.example')
    const box = await customerCombobox(page)
    await box.fill('motors')
    await expect(page.getByRole('option').first()).toBeVisible({ timeout: 5_000 })
    // The option the arrow keys point at is the one announced as active.
    const active = async () => {
      const id = await box.getAttribute('aria-activedescendant')
      expect(id, 'an option is active').toBeTruthy()
      return (await page.locator(`[id="${id}"]`).innerText()).trim()
    }
    await page.keyboard.press('ArrowDown')
    const first = await active()
    await page.keyboard.press('ArrowDown')
    const chosen = await active()
    expect(chosen).not.toBe(first)
    expect(chosen).toMatch(/^\d+ \(.*Motors.*\)$/)
    await page.keyboard.press('Enter')
    const id = chosen.split(' ')[0]
    await expect(page).toHaveURL(`/home?customer=${id}`)
    await expect(page.getByText(chosen, { exact: true })).toBeVisible()
    await expect(await customerCombobox(page)).toHaveValue(chosen)
  })

  test('the list popup follows the ARIA combobox pattern: state, Home, End, Escape', async ({ page }) => {
    await signIn(page, 'busops@vendor.example')
    const box = await customerCombobox(page)
    await expect(box).toHaveAttribute('aria-expanded', 'false')
    await box.fill('motors')
    const options = page.getByRole('option')
    await expect(options.first()).toBeVisible({ timeout: 5_000 })
    await expect(box).toHaveAttribute('aria-expanded', 'true')
    const listbox = page.getByRole('listbox')
    await expect(listbox).toHaveAttribute('id', (await box.getAttribute('aria-controls'))!)
    const active = () => box.getAttribute('aria-activedescendant')
    const idOf = async (index: number) => options.nth(index).getAttribute('id')

    expect(await active(), 'no option is active before an arrow key').toBeNull()
    await box.press('ArrowDown')
    expect(await active()).toBe(await idOf(0))
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true')
    await box.press('End')
    expect(await active()).toBe(await idOf((await options.count()) - 1))
    await box.press('Home')
    expect(await active()).toBe(await idOf(0))
    await box.press('ArrowUp')
    expect(await active(), 'Up on the first option stays there').toBe(await idOf(0))

    // Escape closes the list and puts back the box's text (no customer selected yet).
    await box.press('Escape')
    await expect(options).toHaveCount(0)
    await expect(box).toHaveAttribute('aria-expanded', 'false')
    await expect(box).not.toHaveAttribute('aria-activedescendant')
    await expect(box).toHaveValue('')

    // A click chooses an option.
    await box.fill('cobalt')
    const cobalt = page.getByRole('option', { name: display(CUSTOMERS.cobalt), exact: true })
    await cobalt.click({ timeout: 5_000 })
    await expect(page).toHaveURL(`/home?customer=${CUSTOMERS.cobalt.id}`)
    const chosen = await customerCombobox(page)
    await expect(chosen).toHaveValue(display(CUSTOMERS.cobalt))

    // Down, without typing, searches for the text in the box.
    await chosen.focus()
    await chosen.press('ArrowDown')
    await expect(cobalt).toBeVisible({ timeout: 5_000 })
    await expect(chosen).toHaveAttribute('aria-expanded', 'true')
  })

  test('Enter without choosing opens the result list of the search', async ({ page }) => {
    await signIn(page, 'busops@vendor.example')
    const box = await customerCombobox(page)
    await box.fill('zzzz')
    await expect(page.getByRole('banner').getByText('No account found.')).toBeVisible({ timeout: 5_000 })
    await box.press('Enter')
    await expect(page).toHaveURL('/customers?q=zzzz')
    await expect(page.getByRole('main').getByText('No account found.')).toBeVisible()
  })
})

test.describe('side menu', () => {
  test('the menu collapses to a rail and opens again; the content follows', async ({ page }) => {
    await signIn(page, 'admin@acme.example')
    const nav = mainNav(page)
    const content = page.getByRole('main')
    const emails = nav.getByRole('link', { name: 'Emails' })
    await expect(emails).toBeVisible()
    // Spec 1 section 2.3: content margin 240 when the menu is open, 40 when closed.
    expect(Math.round((await content.boundingBox())!.x)).toBe(240)

    const close = nav.getByRole('button', { name: 'Close menu' })
    await expect(close).toHaveAttribute('aria-expanded', 'true')
    await close.click()
    await expect(emails).toBeHidden()
    const open = nav.getByRole('button', { name: 'Open menu' })
    await expect(open).toHaveAttribute('aria-expanded', 'false')
    await expect(nav.getByRole('button', { name: /Collapse All|Expand All/ })).toHaveCount(0)
    await expect.poll(async () => Math.round((await content.boundingBox())!.x)).toBe(40)

    await open.click()
    await expect(emails).toBeVisible()
    await expect.poll(async () => Math.round((await content.boundingBox())!.x)).toBe(240)
  })

  test('"Collapse All" folds every group and "Expand All" unfolds them', async ({ page }) => {
    await signIn(page, 'admin@acme.example')
    const nav = mainNav(page)
    const links = nav.getByRole('link').filter({ hasNotText: 'Settings > Features' })
    await expect(links).toHaveCount(15)
    for (const link of await links.all()) await expect(link).toBeVisible()

    await nav.getByRole('button', { name: 'Collapse All' }).click()
    for (const link of await links.all()) await expect(link).toBeHidden()
    // The group headings stay.
    await expect(nav.locator('summary', { hasText: 'Entitlements' })).toBeVisible()

    await nav.getByRole('button', { name: 'Expand All' }).click()
    for (const link of await links.all()) await expect(link).toBeVisible()
    await expect(nav.getByRole('button', { name: 'Collapse All' })).toBeVisible()
  })
})

test.describe('toolbar menus with the keyboard', () => {
  test('the help menu opens from the keyboard and its entries are menu items reached with the arrows', async ({
    page,
  }) => {
    await signIn(page, 'viewer@acme.example')
    const button = page.getByRole('button', { name: 'Help', exact: true })
    await button.focus()
    await page.keyboard.press('Enter')
    const menu = page.getByRole('menu', { name: 'Help' })
    await expect(menu).toBeVisible()
    const docs = menu.getByRole('menuitem', { name: 'Documentation (opens in a new window)' })
    const support = menu.getByRole('menuitem', { name: 'Get support (opens in a new window)' })
    await expect(docs).toBeVisible()
    await expect(support).toBeVisible()
    // The menu keeps focus and marks the active item (aria-activedescendant); Enter activates the first.
    await expect(docs).toHaveAttribute('data-focus', '')
    await page.keyboard.press('ArrowDown')
    await expect(support).toHaveAttribute('data-focus', '')
    await expect(menu).toHaveAttribute('aria-activedescendant', (await support.getAttribute('id')) ?? 'missing')
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(button).toBeFocused()
  })

  test('the user menu opens with the arrow key and Sign Out is reached and used from the keyboard', async ({
    page,
  }) => {
    const email = 'viewer@acme.example'
    await signIn(page, email)
    const button = page.getByRole('button', { name: userMenuLabel(email) })
    await button.focus()
    await page.keyboard.press('ArrowDown')
    const menu = page.getByRole('menu', { name: userMenuLabel(email) })
    await expect(menu).toBeVisible()
    await expect(menu.getByText('(Portal Viewer Role)')).toBeVisible()
    const manage = menu.getByRole('menuitem', { name: 'Manage account (opens in a new window)' })
    const signOut = menu.getByRole('menuitem', { name: 'Sign Out' })
    await expect(manage).toHaveAttribute('data-focus', '')
    await page.keyboard.press('ArrowDown')
    await expect(signOut).toHaveAttribute('data-focus', '')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL('/auth/signed-out')
  })
})

test.describe('the document and hydration', () => {
  test('the page data travels complete inside the document, and the page comes alive without asking for it again', async ({
    page,
  }) => {
    await signIn(page, 'admin@acme.example')
    const dataRequests: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('.data')) dataRequests.push(request.url())
    })
    await gotoPortal(page, '/home?customer=1000001')
    await expect(page.getByRole('heading', { name: /Welcome, / })).toBeVisible()
    // Interactive: the collapsible side menu only exists once the scripts run on this data.
    await expect(page.getByRole('button', { name: 'Collapse All' })).toBeVisible()
    expect(dataRequests, 'no data request while the page loads').toEqual([])

    const html = await (await page.request.get('/home?customer=1000001')).text()
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true)
    expect(html.split('streamController.enqueue(').length - 1, 'one data script').toBe(1)
    expect(html.split('streamController.close()').length - 1, 'the data stream is closed').toBe(1)
  })
})
