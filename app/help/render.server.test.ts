import { describe, expect, it } from 'vitest'
import { renderArticle } from './render.server'

describe('renderArticle', () => {
  it('renders headings, numbered steps and emphasis', () => {
    const html = renderArticle('## Steps\n\n1. Open **Manage Activations**.\n2. Choose *Rehost*.', null)
    expect(html).toContain('<h2>Steps</h2>')
    expect(html).toContain('<ol>\n<li>Open <strong>Manage Activations</strong>.</li>')
    expect(html).toContain('<em>Rehost</em>')
  })

  it('shows HTML written in an article as text', () => {
    const html = renderArticle('Hello <script>alert(1)</script> <img src=x onerror=alert(1)>', null)
    expect(html).not.toContain('<script')
    expect(html).not.toContain('<img')
    expect(html).toContain('&lt;script&gt;')
  })

  it('refuses script addresses in links', () => {
    expect(renderArticle('[x](javascript:alert(1))', null)).not.toContain('href="javascript')
  })

  it('keeps the selected customer in links to the portal, and marks them as portal links', () => {
    expect(renderArticle('[Leases](/ssl) and [Usage](/transactions?period=month)', '1000001')).toBe(
      '<p><a href="/ssl?customer=1000001" data-portal-link="">Leases</a> and ' +
        '<a href="/transactions?period=month&amp;customer=1000001" data-portal-link="">Usage</a></p>\n',
    )
    expect(renderArticle('[Leases](/ssl)', null)).toBe('<p><a href="/ssl" data-portal-link="">Leases</a></p>\n')
  })
})
