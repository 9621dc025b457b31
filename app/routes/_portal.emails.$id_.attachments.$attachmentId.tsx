/**
 * GET /emails/:id/attachments/:attachmentId: a file sent with one of the selected
 * customer's e-mails (a licence file), downloaded under its own name. Always
 * answered as plain text (and, as every reply of the server, with
 * X-Content-Type-Options: nosniff), so no stored file can act as a page of the portal.
 */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireCustomerScreen } from '../portal/screen-guard.server'
import { emailCalls } from '../upstream/emails.server'
import { failureStatus } from '../upstream/envelope'
import { parseRecordId } from '../domain/record-id'
import { attachmentDisposition } from '../domain/file-download'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, customerNumber } = await requireCustomerScreen(request, context, '/emails', { noRedirects: true })
  const emailId = parseRecordId(params.id)
  const attachmentId = parseRecordId(params.attachmentId)
  if (emailId === null || attachmentId === null) return text('There is no such attachment.', 404)
  const reply = await emailCalls(api).attachment(customerNumber, emailId, attachmentId)
  if (reply.status !== 'SUCCESS') return text(reply.err, failureStatus(reply))
  return new Response(reply.data.content, {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Disposition': attachmentDisposition(reply.data.fileName),
      'Cache-Control': 'no-store',
    },
  })
}

function text(message: string, status: number) {
  return new Response(message, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}
