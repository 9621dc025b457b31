/**
 * GET /emails/:id/attachments/:attachmentId: a file sent with one of the selected
 * customer's e-mails (a licence file), downloaded under its own name as plain text.
 */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireCustomerScreen } from '../guards/screen.server'
import { plainText, textFile } from '../request/text-file.server'
import { emailCalls } from '../api-client/emails.server'
import { failureStatus } from '../api-client/envelope'
import { parseRecordId } from '../domain/record-id'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, customerNumber } = await requireCustomerScreen(request, context, 'email', { noRedirects: true })
  const emailId = parseRecordId(params.id)
  const attachmentId = parseRecordId(params.attachmentId)
  if (emailId === null || attachmentId === null) return plainText('There is no such attachment.', 404)
  const reply = await emailCalls(api).attachment(customerNumber, emailId, attachmentId)
  if (reply.status !== 'SUCCESS') return plainText(reply.err, failureStatus(reply))
  return textFile(reply.data.content, reply.data.fileName)
}
