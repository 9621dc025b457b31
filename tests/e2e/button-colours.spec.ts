import { expect, test, type Page } from './support/test'
import { gotoPortal, signIn } from './support/auth'

/**
 * One blue: the brand's navy (docs/design.md, "Colour"). Every button and every
 * link drawn as a button in the content of these screens has a background that
 * is none, white or grey, the navy family, or the danger red; never another
 * blue. Colours are read as the browser paints them (a canvas turns any CSS
 * colour, oklch included, into RGB).
 */

const SCREENS = [
  '/home',
  '/entitlementsFSA',
  '/entitlementsFSA?tab=order',
  '/entitlementsFSA?tab=history',
  '/whitelistips',
  '/clscredentials',
  '/portalaccess',
  '/portalaccess/audit',
  '/notifications',
  '/notifications?tab=resolved',
  '/emails',
  '/elastic',
  '/statementv2',
  '/webassignments/groups',
  '/webassignments/users',
  '/webassignments/entitlements',
  '/webreporting',
  '/webtransactions',
  '/help',
  '/ask',
]

/** The navy family: brand-50, -100, -600, -700, -800, -900. */
const BRAND = ['#eef6ff', '#d9eaff', '#1d5fbf', '#174c99', '#123b77', '#0d2a55']

type Painted = { text: string; rgba: [number, number, number, number] }

async function buttonBackgrounds(page: Page): Promise<Painted[]> {
  return page.locator('main').evaluate((main) => {
    const canvas = document.createElement('canvas')
    canvas.width = canvas.height = 1
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!
    const paint = (colour: string): [number, number, number, number] => {
      ctx.clearRect(0, 0, 1, 1)
      ctx.fillStyle = '#000'
      ctx.fillStyle = colour
      ctx.fillRect(0, 0, 1, 1)
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data
      return [r, g, b, a]
    }
    const buttons = main.querySelectorAll<HTMLElement>(
      'button, .btn, .btn-primary, .btn-secondary, .btn-danger, .btn-link, summary[class*="btn"]',
    )
    return [...buttons]
      .filter((el) => el.getClientRects().length > 0)
      .map((el) => ({
        text: (el.innerText || el.getAttribute('aria-label') || el.outerHTML).trim().slice(0, 60),
        rgba: paint(getComputedStyle(el).backgroundColor),
      }))
  })
}

const hex = (rgb: number[]) => `#${rgb.map((n) => n.toString(16).padStart(2, '0')).join('')}`
const near = (rgb: number[], colour: string) =>
  [1, 3, 5].every((at, i) => Math.abs(parseInt(colour.slice(at, at + 2), 16) - rgb[i]) <= 4)

/** Why a painted background is not allowed, or null when it is. */
function notAllowed([r, g, b, a]: Painted['rgba']): string | null {
  if (a === 0) return null
  if (Math.max(r, g, b) - Math.min(r, g, b) < 24) return null // white and greys
  if (BRAND.some((c) => near([r, g, b], c))) return null
  if (r > g + 60 && r > b + 60) return null // the danger red
  return `${hex([r, g, b])} is neither white, grey, the brand's navy nor the danger red`
}

test('no button is a blue other than the brand navy', async ({ page }) => {
  test.slow()
  expect(notAllowed([37, 99, 235, 255]), 'blue-600 is refused').not.toBeNull()
  expect(notAllowed([23, 76, 153, 255]), 'brand-700 is allowed').toBeNull()

  await signIn(page, 'admin@acme.example')
  for (const path of SCREENS) {
    await test.step(path, async () => {
      await gotoPortal(page, `${path}${path.includes('?') ? '&' : '?'}customer=1000001`)
      const painted = await buttonBackgrounds(page)
      const wrong = painted.flatMap((p) => {
        const why = notAllowed(p.rgba)
        return why ? [`${p.text}: ${why}`] : []
      })
      expect(wrong, path).toEqual([])
    })
  }
})

test('the sign-out page has the brand navy button', async ({ page }) => {
  await signIn(page, 'admin@acme.example')
  await page.goto('/auth/logout')
  const painted = await page
    .locator('main button')
    .evaluateAll((buttons) => buttons.map((b) => getComputedStyle(b).backgroundColor))
  expect(painted.length).toBeGreaterThan(0)
  for (const colour of painted) expect(colour).toBe('rgb(23, 76, 153)')
})
