import { describe, expect, it } from 'vitest'
import { parseArticle } from './front-matter'

describe('parseArticle', () => {
  it('reads the front matter fields and keeps the Markdown body', () => {
    const article = parseArticle(
      [
        '---',
        'title: Rehost a licence server',
        "summary: 'Move a server's licences: to a new host.'",
        'screen: activationsHistory, licenseCheck',
        'keywords: rehost, move server ,  new host',
        '---',
        '',
        '## Steps',
        '1. Open **Manage Activations**.',
      ].join('\n'),
    )
    expect(article.meta).toEqual({
      title: 'Rehost a licence server',
      summary: "Move a server's licences: to a new host.",
      screens: ['activationsHistory', 'licenseCheck'],
      keywords: ['rehost', 'move server', 'new host'],
    })
    expect(article.body).toBe('## Steps\n1. Open **Manage Activations**.')
  })

  it('takes Windows line ends and leaves out the optional fields', () => {
    const article = parseArticle('---\r\ntitle: Home\r\nsummary: The first page.\r\n---\r\nText')
    expect(article.meta).toEqual({ title: 'Home', summary: 'The first page.', screens: [], keywords: [] })
    expect(article.body).toBe('Text')
  })

  it.each([
    ['no front matter', 'title: x\n', /does not start/],
    ['an unclosed block', '---\ntitle: x\nsummary: y\n', /not closed/],
    ['a line without a key', '---\ntitle: x\nsummary y\n---\n', /without a key/],
    ['a missing summary', '---\ntitle: x\n---\n', /no summary/],
    ['a missing title', '---\nsummary: y\n---\n', /no title/],
    ['a key given twice', '---\ntitle: x\ntitle: z\nsummary: y\n---\n', /given twice/],
  ])('refuses %s', (_, source, message) => {
    expect(() => parseArticle(source)).toThrow(message)
  })
})
