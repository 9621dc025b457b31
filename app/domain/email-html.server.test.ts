import { describe, expect, it } from 'vitest'
import { demoEmails, HOSTILE_SUBJECT } from '../../db/seed-emails'
import { boxWideTables, emailDocument, sanitizeEmailHtml } from './email-html.server'

const hostile = demoEmails(new Date('2026-11-22T00:00:00Z')).find((e) => e.subject === HOSTILE_SUBJECT)!.body

describe('e-mail body sanitising', () => {
  const clean = sanitizeEmailHtml(hostile)

  it('removes scripts, style sheets, frames, forms, meta refreshes, objects and SVG', () => {
    for (const tag of ['<script', '<style', '<iframe', '<form', '<input', '<button', '<meta', '<object', '<svg']) {
      expect(clean.toLowerCase()).not.toContain(tag)
    }
    expect(clean).not.toContain('pwned')
    expect(clean).not.toContain('document.cookie')
  })

  it('removes event handlers and javascript: links', () => {
    expect(clean).not.toMatch(/\son\w+=/i)
    expect(clean).not.toMatch(/javascript:/i)
    expect(clean).toContain('Verify your account')
  })

  it('drops external images (tracking pixels) and keeps inline data images', () => {
    expect(clean).not.toContain('tracker.example')
    expect(clean).not.toContain('src="x"')
    const license = demoEmails()[0].body
    expect(sanitizeEmailHtml(license)).toMatch(/<img src="data:image\/png;base64,[^"]+" alt="Licensing Portal"/)
    expect(sanitizeEmailHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('')
  })

  it('drops positioning styles, so nothing can lay itself over the page', () => {
    expect(clean).not.toMatch(/position|z-index|100vw|inset/i)
    expect(clean).toContain('<p style="font-weight:bold">Regards, Licensing Portal Security</p>')
  })

  it('opens links in a new tab without referrer or opener', () => {
    expect(clean).toContain(
      '<a href="https://evil.example/login" rel="noopener noreferrer" target="_blank">sign in here</a>',
    )
  })

  it('keeps the formatting of a normal e-mail', () => {
    const html = sanitizeEmailHtml(
      '<table style="border-collapse: collapse"><tr><td style="padding: 4px 8px; text-align: right">25</td></tr></table><p><strong>Hi</strong> <a href="mailto:a@b.example">mail</a></p>',
    )
    expect(html).toBe(
      '<table style="border-collapse:collapse"><tr><td style="padding:4px 8px;text-align:right">25</td></tr></table><p><strong>Hi</strong> <a href="mailto:a@b.example" rel="noopener noreferrer" target="_blank">mail</a></p>',
    )
  })

  it('wraps the body in a document for the sandboxed frame', () => {
    const doc = emailDocument('<p>Hello</p>')
    expect(doc.startsWith('<!doctype html>')).toBe(true)
    expect(doc).toContain('<base target="_blank">')
    expect(doc).toContain('<p>Hello</p>')
  })

  it('puts each outermost table in a box that scrolls sideways', () => {
    expect(
      boxWideTables('<p>a</p><table><tr><td><table><tr><td>x</td></tr></table></td></tr></table><table></table>'),
    ).toBe(
      '<p>a</p><div style="overflow-x: auto"><table><tr><td><table><tr><td>x</td></tr></table></td></tr></table></div>' +
        '<div style="overflow-x: auto"><table></table></div>',
    )
    expect(emailDocument('<table><tr><td>1</td></tr></table>')).toContain(
      '<div style="overflow-x: auto"><table><tr><td>1</td></tr></table></div>',
    )
  })

  it('leaves text that only mentions a table alone', () => {
    expect(boxWideTables(sanitizeEmailHtml('<p title="<table>">&lt;table&gt;</p>'))).not.toContain('<div')
  })
})
