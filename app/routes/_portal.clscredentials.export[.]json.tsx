/**
 * Export ID & PIN (spec 2 section 7): the stored PIN of the customer's elastic licence
 * server as a JSON file with clsid, Alias and PIN. A GET that changes nothing; the
 * screen links here only while the PIN on screen is the stored one.
 */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { credentialsExport, credentialsFileName } from '../domain/elastic-credentials'
import { requireElasticScreen } from '../guards/screen.server'
import { failureStatus } from '../api-client/envelope'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const screen = await requireElasticScreen(request, context, 'elasticCredentials')
  const first = await screen.calls.firstServer(screen.customerNumber, screen.info.customerName)
  if (first.status !== 'SUCCESS') return text('You do not have access to this Elastic License Server.', 403)
  const server = first.data
  if (!server) return text('This customer has no activated Elastic License Server.', 404)
  const reply = await screen.calls.getPin(screen.customerNumber, screen.info.customerName, server.deviceId)
  if (reply.status !== 'SUCCESS') {
    return text(`The PIN could not be exported: ${reply.err}`, failureStatus(reply))
  }
  const body = JSON.stringify(credentialsExport(server, reply.data.pin), null, 2)
  return new Response(body, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${credentialsFileName(server.deviceId)}"`,
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
