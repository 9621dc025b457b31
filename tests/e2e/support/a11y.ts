import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'

const BLOCKING = new Set(['serious', 'critical'])
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

/**
 * axe needs to run script in the page. Without JavaScript it cannot, so the
 * page as the user has it (its DOM, with open disclosures, and its style
 * sheets) is shown again, scripts removed, in a scratch context where axe can run.
 */
async function withAnalyzablePage<T>(page: Page, run: (target: Page) => Promise<T>): Promise<T> {
  if (test.info().project.name === 'js') return run(page)
  const html = (await page.content())
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '')
  const url = page.url()
  // The document is asked for without the address's fragment (which may pick a :target, e.g. an open panel).
  const documentUrl = url.split('#')[0]
  const browser = page.context().browser()
  if (!browser) throw new Error('no browser to run axe in')
  const scratch = await browser.newContext({ javaScriptEnabled: true, bypassCSP: true, viewport: page.viewportSize() })
  try {
    const copy = await scratch.newPage()
    await copy.route('**/*', (route) => {
      const request = route.request()
      if (request.isNavigationRequest() && request.url() === documentUrl) {
        return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html })
      }
      if (request.resourceType() === 'script') return route.abort()
      return route.continue()
    })
    await copy.goto(url)
    return await run(copy)
  } finally {
    await scratch.close()
  }
}

export interface A11yCheckOptions {
  /** CSS selectors of parts axe leaves out, e.g. a sandboxed frame it cannot run in. */
  exclude?: string[]
}

/**
 * Runs axe (WCAG 2.x A and AA rules and best practices) on the page as it is
 * now and fails on any violation of impact serious or critical, printing each
 * one with its offending elements.
 */
export async function expectNoSeriousA11yViolations(page: Page, { exclude = [] }: A11yCheckOptions = {}) {
  const results = await withAnalyzablePage(page, (target) => {
    const axe = new AxeBuilder({ page: target }).withTags(TAGS)
    for (const selector of exclude) axe.exclude(selector)
    return axe.analyze()
  })
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''))
  const report = blocking
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `    - ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`)
        .join('\n')
      return `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}`
    })
    .join('\n')
  if (report) console.log(`Accessibility violations on ${page.url()}:\n${report}`)
  expect(
    blocking.map((v) => `${v.id} (${v.impact})`),
    `serious or critical axe violations on ${page.url()}\n${report}`,
  ).toEqual([])
}
