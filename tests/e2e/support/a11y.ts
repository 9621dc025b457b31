import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

const BLOCKING = new Set(['serious', 'critical'])

/**
 * Runs axe (WCAG 2.0/2.1/2.2 A and AA rules) on the page as it is now and fails
 * on any violation of impact serious or critical, printing each one with its
 * offending elements.
 */
export async function expectNoSeriousA11yViolations(page: Page, { include }: { include?: string } = {}) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
  if (include) builder = builder.include(include)
  const results = await builder.analyze()
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
  expect(blocking.map((v) => `${v.id} (${v.impact})`), `serious or critical axe violations on ${page.url()}\n${report}`).toEqual([])
}
