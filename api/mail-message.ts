/** An outbox e-mail as the message the mail server gets. */
import type { ClaimedEmail } from './mail-queue'

/**
 * Links and images the portal writes as its own paths (`href="/elastic"`) made absolute, as they
 * must be in a message read outside the portal.
 */
export function absolutePortalLinks(html: string, publicUrl: string): string {
  return html.replace(/\b(href|src)=(["'])\/(?!\/)/gi, (_match, attribute: string, quote: string) => {
    return `${attribute}=${quote}${publicUrl}/`
  })
}

/** The message of a claimed e-mail: its recipients, subject, HTML body, files and its own Message-ID. */
export function mailMessage(email: ClaimedEmail, { from, publicUrl }: { from: string; publicUrl: string }) {
  return {
    from,
    to: email.to,
    subject: email.subject,
    html: absolutePortalLinks(email.body, publicUrl),
    messageId: email.messageId,
    attachments: email.attachments.map((a) => ({
      filename: a.fileName,
      contentType: a.contentType,
      content: Buffer.from(a.content, 'utf8'),
    })),
  }
}
