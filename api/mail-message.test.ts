import { describe, expect, it } from 'vitest'
import { absolutePortalLinks, mailMessage } from './mail-message'

const PORTAL = 'https://portal.example.com'

describe('the message of an outbox e-mail', () => {
  it('makes the portal’s own links absolute and leaves other links as they are', () => {
    const html =
      '<a href="/elastic">Elastic</a> <a href=\'/emails?customer=1\'>x</a> <img src="/logo.png">' +
      ' <a href="https://other.example/x">o</a> <a href="//cdn.example/y">c</a> <a href="#top">t</a>'
    expect(absolutePortalLinks(html, PORTAL)).toBe(
      `<a href="${PORTAL}/elastic">Elastic</a> <a href='${PORTAL}/emails?customer=1'>x</a> <img src="${PORTAL}/logo.png">` +
        ' <a href="https://other.example/x">o</a> <a href="//cdn.example/y">c</a> <a href="#top">t</a>',
    )
  })

  it('carries the recipients, subject, body, Message-ID and every file as its UTF-8 bytes', () => {
    const message = mailMessage(
      {
        emailId: 7,
        claimToken: 't',
        messageId: '<m-7@portal.example.com>',
        queuedAt: 0,
        attempts: 1,
        to: 'a@acme.example, b@acme.example',
        subject: 'Licence file for acme-lic01',
        body: '<p>See <a href="/activations-history">your hosts</a>.</p>',
        attachments: [{ fileName: 'license.lic', contentType: 'text/plain', content: '# Motoröl\n' }],
      },
      { from: 'Licensing Portal <no-reply@portal.example.com>', publicUrl: PORTAL },
    )
    expect(message).toMatchObject({
      from: 'Licensing Portal <no-reply@portal.example.com>',
      to: 'a@acme.example, b@acme.example',
      subject: 'Licence file for acme-lic01',
      html: `<p>See <a href="${PORTAL}/activations-history">your hosts</a>.</p>`,
      messageId: '<m-7@portal.example.com>',
    })
    expect(message.attachments).toEqual([
      { filename: 'license.lic', contentType: 'text/plain', content: Buffer.from('# Motoröl\n', 'utf8') },
    ])
  })
})
