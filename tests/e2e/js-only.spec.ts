import { expect, test } from './support/test'
import { gotoPortal, signIn, signInThroughForm } from './support/auth'
import { jsEnabled } from './support/env'
import { customerCombobox, expectMenuOpen, mainNav, menuPopup, menuTrigger, userMenuLabel } from './support/shell'
import { CUSTOMERS, display } from './support/expectations'

/** Behaviour that only exists with JavaScript: the combobox pause, the collapsible menu, closing the toolbar menus. */
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
    await expect(nav.getByRole('group', { name: 'Entitlements' })).toBeVisible()

    await nav.getByRole('button', { name: 'Expand All' }).click()
    for (const link of await links.all()) await expect(link).toBeVisible()
    await expect(nav.getByRole('button', { name: 'Collapse All' })).toBeVisible()
  })
})

test.describe('toolbar menus with the keyboard', () => {
  test('the help menu opens from the keyboard, Tab reaches its entries, Escape closes it and returns to it', async ({
    page,
  }) => {
    await signIn(page, 'viewer@acme.example')
    const trigger = menuTrigger(page, 'Help')
    await trigger.focus()
    await page.keyboard.press('Enter')
    await expectMenuOpen(page, 'Help', true)
    const menu = menuPopup(page, 'Help')
    const articles = menu.getByRole('link', { name: 'Help articles', exact: true })
    const docs = menu.getByRole('link', { name: 'Documentation (opens in a new window)' })
    const support = menu.getByRole('link', { name: 'Get support (opens in a new window)' })
    await page.keyboard.press('Tab')
    await expect(articles).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(docs).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(support).toBeFocused()
    await page.keyboard.press('Escape')
    await expectMenuOpen(page, 'Help', false)
    await expect(support).toBeHidden()
    await expect(trigger).toBeFocused()

    // Moving on past the last entry closes the menu as well.
    await page.keyboard.press('Enter')
    await expectMenuOpen(page, 'Help', true)
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab')
    await expect(menuTrigger(page, userMenuLabel('viewer@acme.example'))).toBeFocused()
    await expectMenuOpen(page, 'Help', false)
  })

  test('the user menu opens with Space and Sign Out is reached and used from the keyboard', async ({ page }) => {
    const email = 'viewer@acme.example'
    await signInThroughForm(page, email)
    await menuTrigger(page, userMenuLabel(email)).focus()
    await page.keyboard.press('Space')
    const menu = menuPopup(page, userMenuLabel(email))
    await expect(menu.getByText('(Portal Viewer Role)')).toBeVisible()
    const manage = menu.getByRole('link', { name: 'Manage account (opens in a new window)' })
    const signOut = menu.getByRole('button', { name: 'Sign Out' })
    await page.keyboard.press('Tab')
    await expect(manage).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(signOut).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL('/auth/signed-out')
  })

  test('choosing an entry closes the menu', async ({ page }) => {
    await signIn(page, 'viewer@acme.example')
    await page
      .context()
      .route(/^https:\/\/[^/]*example\.com\//, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>External</title>' }),
      )
    await menuTrigger(page, 'Help').click()
    const popupPromise = page.context().waitForEvent('page')
    await menuPopup(page, 'Help').getByRole('link', { name: 'Get support (opens in a new window)' }).click()
    await (await popupPromise).close()
    await expectMenuOpen(page, 'Help', false)
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
