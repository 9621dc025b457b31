import { expect, test, type Browser, type Locator, type Page } from './support/test'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { gotoPortal, signIn } from './support/auth'
import { CUSTOMERS } from './support/expectations'

/**
 * A view-only user sees the settings screens with their controls disabled. A
 * disabled control looks unlike an editable one (background, cursor), and its
 * text stays readable: solid colours with a contrast of at least 4.5:1, not a
 * faded copy of the editable look.
 */

type Control = { name: string; find: (page: Page) => Locator }

const SCREENS: { path: string; controls: Control[] }[] = [
  {
    path: '/portalaccess',
    controls: [
      { name: 'e-mail input', find: (page) => page.getByLabel('Contact 2 e-mail', { exact: true }) },
      { name: 'role select', find: (page) => page.getByLabel('Contact 2 role', { exact: true }) },
      { name: 'Add contact button', find: (page) => page.getByRole('button', { name: 'Add contact' }) },
    ],
  },
  {
    path: '/whitelistips',
    controls: [
      { name: 'rule name input', find: (page) => page.getByRole('textbox', { name: 'Rule name, row 1', exact: true }) },
      { name: 'Add Rule button', find: (page) => page.getByRole('button', { name: 'Add Rule' }) },
    ],
  },
  {
    path: '/clscredentials',
    controls: [
      { name: 'PIN input', find: (page) => page.getByLabel('PIN', { exact: true }) },
      { name: 'usernames text area', find: (page) => page.getByLabel('Allowed usernames') },
    ],
  },
]

type Look = {
  background: string
  cursor: string
  opacity: string
  /** Text and background as sRGB channels 0-255 with alpha 0-1. */
  text: number[]
  fill: number[]
}

async function lookOf(control: Locator): Promise<Look> {
  return control.evaluate((element) => {
    const style = getComputedStyle(element)
    // The canvas turns any CSS colour (oklch included) into sRGB channels.
    const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!
    const rgba = (color: string) => {
      context.clearRect(0, 0, 1, 1)
      context.fillStyle = color
      context.fillRect(0, 0, 1, 1)
      const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data
      return [r, g, b, a / 255]
    }
    return {
      background: style.backgroundColor,
      cursor: style.cursor,
      opacity: style.opacity,
      text: rgba(style.color),
      fill: rgba(style.backgroundColor),
    }
  })
}

/** WCAG 2 contrast ratio of two opaque sRGB colours. */
function contrast(a: number[], b: number[]): number {
  const luminance = ([r, g, b]: number[]) => {
    const [R, G, B] = [r, g, b].map((c) => {
      const s = c / 255
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * R + 0.7152 * G + 0.0722 * B
  }
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light + 0.05) / (dark + 0.05)
}

async function signedIn(browser: Browser, email: string, javaScriptEnabled: boolean | undefined, baseURL?: string) {
  const context = await browser.newContext({ javaScriptEnabled, baseURL })
  const page = await context.newPage()
  await signIn(page, email)
  return { page, close: () => context.close() }
}

test.describe('disabled controls of a view-only user', () => {
  test.slow()

  test('look unlike the editable ones and keep their text readable', async ({ browser }, testInfo) => {
    const { javaScriptEnabled, baseURL } = testInfo.project.use
    const viewer = await signedIn(browser, 'viewer@acme.example', javaScriptEnabled, baseURL)
    const admin = await signedIn(browser, 'admin@acme.example', javaScriptEnabled, baseURL)
    try {
      for (const screen of SCREENS) {
        const path = `${screen.path}?customer=${CUSTOMERS.acme.id}`
        await gotoPortal(viewer.page, path)
        await gotoPortal(admin.page, path)
        for (const control of screen.controls) {
          await test.step(`${screen.path}: ${control.name}`, async () => {
            const disabled = control.find(viewer.page)
            const editable = control.find(admin.page)
            await expect(disabled).toBeDisabled()
            await expect(editable).toBeEnabled()
            const [off, on] = [await lookOf(disabled), await lookOf(editable)]
            expect(off.background, 'a background of its own').not.toBe(on.background)
            expect(off.cursor).toBe('not-allowed')
            expect(on.cursor).not.toBe('not-allowed')
            expect(off.opacity, 'not faded').toBe('1')
            expect(off.fill[3], 'an opaque background').toBe(1)
            expect(contrast(off.text, off.fill), 'text contrast').toBeGreaterThanOrEqual(4.5)
          })
        }
      }
    } finally {
      await viewer.close()
      await admin.close()
    }
  })

  test('the settings screens of a viewer pass the colour contrast checks', async ({ page }) => {
    await signIn(page, 'viewer@acme.example')
    for (const path of ['/portalaccess', '/whitelistips', '/clscredentials', '/settings/features']) {
      await test.step(path, async () => {
        if (path === '/settings/features') await page.goto(`${path}?customer=${CUSTOMERS.acme.id}`)
        else await gotoPortal(page, `${path}?customer=${CUSTOMERS.acme.id}`)
        await expect(page.getByRole('heading').first()).toBeVisible()
        await expectNoSeriousA11yViolations(page)
      })
    }
  })
})
