/**
 * GET /activations/license?customer=&serverId=&serverIdType=: the licence file of
 * one of the customer's hosts as it is now (every customer of the host the user
 * may see merged into one file), downloaded under the API's file name. The
 * editor's save ends here, and so do the download links of Manage Activations.
 */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireCustomerScreen } from '../guards/screen.server'
import { plainText, textFile } from '../request/text-file.server'
import { activationCalls } from '../api-client/activations.server'
import { failureStatus } from '../api-client/envelope'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, customerNumber } = await requireCustomerScreen(request, context, 'activations', { noRedirects: true })
  const params = new URL(request.url).searchParams
  const reply = await activationCalls(api).download({
    customerNumber,
    serverId: params.get('serverId') ?? '',
    serverIdType: params.get('serverIdType') ?? '',
  })
  if (reply.status !== 'SUCCESS') return plainText(reply.err, failureStatus(reply))
  return textFile(reply.data.licenseText, reply.data.licenseFileName)
}
