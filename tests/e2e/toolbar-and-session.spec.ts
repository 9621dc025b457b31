import { expect, test, type Page } from './support/test'
import { signIn, signInThroughForm, signInWithProvider } from './support/auth'
import { jsEnabled } from './support/env'
import { expectMenuOpen, mainNav, menuPopup, menuTrigger, openUserMenu, userMenuLabel } from './support/shell'
import { CUSTOMERS } from './support/expectations'

const DOCS_URL = 'https://docs.example.com/licensing'
const SUPPORT_URL = 'https://support.example.com/requests/new'
const PRIVACY_URL = 'https://www.example.com/privacy'

/** External sites are out of reach here: answer them with a stand-in page so new windows can load. */
async function standInForExternalSites(page: Page) {
  await page
    .context()
    .route(/^https:\/\/[^/]*example\.com\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>External</title><h1>External site</h1>' }),
    )
}

test.describe('toolbar menus', () => {
  test('the help menu offers Documentation and Get support in a new window', async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo)
    await standInForExternalSites(page)
    await signIn(page, 'admin@acme.example')
    const menu = menuPopup(page, 'Help', js)
    const docs = menu.getByText('Documentation (opens in a new window)')
    const support = menu.getByText('Get support (opens in a new window)')
    await expect(page.getByRole('banner').getByText('Documentation')).toBeHidden()

    await menuTrigger(page, 'Help', js).click()
    await expect(docs).toBeVisible()
    await expect(support).toBeVisible()
    await expect(docs).toHaveAttribute('href', DOCS_URL)
    await expect(support).toHaveAttribute('href', SUPPORT_URL)

    const popupPromise = page.context().waitForEvent('page')
    await docs.click()
    const popup = await popupPromise
    await expect(popup).toHaveURL(DOCS_URL)
    await popup.close()
    // The portal stays where it was.
    await expect(page).toHaveURL(`/home?customer=${CUSTOMERS.acme.id}`)
  })

  test('the user menu shows initials, name, role label and e-mail; Manage account opens in a new window', async ({
    page,
  }, testInfo) => {
    const js = jsEnabled(testInfo)
    const email = 'admin@acme.example'
    // The profile page at the identity provider needs a session there.
    await signInWithProvider(page, email)
    const trigger = menuTrigger(page, userMenuLabel(email), js)
    await expect(trigger).toHaveText('AA')
    await expect(page.getByText('(Portal Administrator Role)', { exact: true })).toBeHidden()

    await openUserMenu(page, email, js)
    const menu = menuPopup(page, userMenuLabel(email), js)
    await expect(menu.getByText('Adam Archer', { exact: true })).toBeVisible()
    await expect(menu.getByText('(Portal Administrator Role)', { exact: true })).toBeVisible()
    await expect(menu.getByText(email, { exact: true })).toBeVisible()
    const manage = menu.getByText('Manage account (opens in a new window)')
    await expect(manage).toBeVisible()
    await expect(menu.getByText('Sign Out', { exact: true })).toBeVisible()

    // The identity provider's profile page, in a new window.
    const popupPromise = page.context().waitForEvent('page')
    await manage.click()
    const profile = await popupPromise
    await expect(profile).toHaveURL(/\/oidc\/me$/)
    await expect(profile.getByRole('heading', { name: 'Your account' })).toBeVisible()
    await expect(profile.getByText(email)).toBeVisible()
    await profile.close()
    await expect(page).toHaveURL(`/home?customer=${CUSTOMERS.acme.id}`)
  })

  test('a menu closes again: Escape with JavaScript, the same control without', async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo)
    await signIn(page, 'viewer@acme.example')
    const trigger = menuTrigger(page, 'Help', js)
    const docs = page.getByRole('banner').getByText('Documentation')
    await trigger.click()
    await expect(docs).toBeVisible()
    if (js) {
      await expectMenuOpen(page, 'Help', true)
      await page.keyboard.press('Escape')
      await expectMenuOpen(page, 'Help', false)
      await expect(trigger).toBeFocused()
      // A click elsewhere closes it as well.
      await trigger.click()
      await expect(docs).toBeVisible()
      await page.mouse.click(700, 500)
    } else {
      await trigger.click()
    }
    await expect(docs).toBeHidden()
  })
})

test.describe('footer', () => {
  test('shows the copyright line, the build and the privacy notice link', async ({ page }) => {
    await signIn(page, 'viewer@acme.example')
    const footer = page.getByRole('contentinfo')
    const year = new Date().getFullYear()
    await expect(
      footer.getByText(`© ${year} Simulation Software Inc. All rights reserved.`, { exact: true }),
    ).toBeVisible()
    const build = footer.getByText(/^Build: /)
    await expect(build).toBeVisible()
    await expect(build).not.toHaveText('Build: unknown')
    await expect(build).toHaveText(/^Build: \S.+/)
    const privacy = footer.getByRole('link', { name: 'Privacy notice (opens in a new window)' })
    await expect(privacy).toHaveAttribute('href', PRIVACY_URL)
    await expect(privacy).toHaveAttribute('target', '_blank')
  })
})

test.describe('sign out', () => {
  test('signs out through the identity provider and asks for sign-in again', async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo)
    const email = 'asc@acme.example'
    await signInThroughForm(page, email)
    await openUserMenu(page, email, js)
    await menuPopup(page, userMenuLabel(email), js).getByText('Sign Out', { exact: true }).click()
    if (!js) {
      // Without JavaScript the identity provider asks for one more click.
      await expect(page.getByRole('heading', { name: 'Sign out of the Licensing Portal' })).toBeVisible()
      await page.getByRole('button', { name: 'Sign Out' }).click()
    }
    await expect(page).toHaveURL('/auth/signed-out')
    await expect(page.getByRole('heading', { level: 1, name: 'You have signed out.' })).toBeVisible()

    // The portal asks for sign-in again, and sign-in brings the user back to the page asked for.
    await page.goto('/home')
    await expect(page).toHaveURL(/\/oidc\/interaction\//)
    await expect(page.getByRole('heading', { name: 'Sign in to the Licensing Portal' })).toBeVisible()
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill('demo')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(`/home?customer=${CUSTOMERS.acme.id}`)
    await expect(mainNav(page)).toBeVisible()
  })

  test('"Sign in again" on the signed-out page leads to the sign-in form', async ({ page }) => {
    await page.goto('/auth/signed-out')
    await expect(page.getByRole('heading', { level: 1, name: 'You have signed out.' })).toBeVisible()
    await page.getByRole('link', { name: 'Sign in again' }).click()
    await expect(page).toHaveURL(/\/oidc\/interaction\//)
    await expect(page.getByLabel('Email')).toBeVisible()
  })
})

test.describe('keyboard stops before the content', () => {
  test("the skip link comes first, and the menu's group headings are no stops", async ({ page }, testInfo) => {
    await signIn(page, 'admin@acme.example')
    const stops: { text: string; navHeading: boolean }[] = []
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab')
      const stop = await page.evaluate(() => {
        const el = document.activeElement
        if (!el || el === document.body || el.closest('main')) return null
        const text = `${el.tagName}:${el.getAttribute('aria-label') ?? el.textContent?.trim()}`
        return { text, navHeading: !!el.closest('nav [id^="nav-group-"], nav summary') }
      })
      if (!stop) break
      stops.push(stop)
    }
    expect(stops[0].text).toBe('A:Skip to content')
    expect(stops.filter((s) => s.navHeading)).toEqual([])
    // Skip link, the toolbar, the alerts strip, the menu's own controls and its 15 screens, the features button.
    expect(stops.length).toBeLessThanOrEqual(jsEnabled(testInfo) ? 29 : 28)
  })
})
