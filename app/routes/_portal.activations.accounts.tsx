/**
 * GET /activations/accounts?customer=&q=: the accounts whose name or number
 * contains the text, up to 100, as JSON for the editor's Associated Customers
 * combobox (the page's own search form answers the same without JavaScript).
 */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireCustomerScreen } from '../guards/screen.server'
import { activationCalls } from '../api-client/activations.server'
import { failureStatus } from '../api-client/envelope'
import { ASSOCIATED_LIMIT } from '../domain/activation-editor'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireCustomerScreen(request, context, 'activations', { noRedirects: true })
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim()
  if (!q) return Response.json({ accounts: [] })
  const reply = await activationCalls(api).searchAccounts(q, ASSOCIATED_LIMIT)
  if (reply.status !== 'SUCCESS') return Response.json({ error: reply.err }, { status: failureStatus(reply) })
  return Response.json({ accounts: reply.data })
}
