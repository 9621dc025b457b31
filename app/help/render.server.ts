/**
 * An article's Markdown as HTML. HTML written in an article is shown as text, not
 * rendered, so an article cannot add markup or scripts of its own. Links to the
 * portal's screens keep the selected customer and navigate inside the app (the
 * shell's click handler follows links marked as portal links).
 */
import MarkdownIt from 'markdown-it'
import { withCustomer } from '../ui/customer-href'

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false })

markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index]
  const href = String(token.attrGet('href') ?? '')
  if (href.startsWith('/')) {
    const customerNumber = typeof env?.customerNumber === 'string' ? env.customerNumber : null
    token.attrSet('href', withCustomer(href, customerNumber))
    token.attrSet('data-portal-link', '')
  }
  return self.renderToken(tokens, index, options)
}

/** The article body as HTML, its portal links keeping the customer. */
export function renderArticle(body: string, customerNumber: string | null): string {
  return markdown.render(body, { customerNumber })
}
