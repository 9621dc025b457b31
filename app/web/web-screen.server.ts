/**
 * What every /webassignments page starts with: the screen guard, the web calls, whether the
 * user may change anything, and the pages' addresses with the selected customer. Reads the
 * API refuses become the shell's error page; a refused change becomes the form's error.
 */
import { data, redirect, type AppLoadContext } from '@remix-run/node'
import type { SubmissionResult } from '@conform-to/react'
import { requireCustomerScreen } from '../guards/screen.server'
import { webCalls } from '../api-client/web.server'
import { failureStatus, type Envelope, type Failure } from '../api-client/envelope'
import { isViewOnly } from '../domain/permissions'
import { withCustomer } from '../ui/customer-href'
import { webPath, withoutMatrixParams } from './web-paths'

/** The area's screens in the registry: the overview, the lists and the record pages. */
export type WebScreenId =
  'webAssignments' | 'webEntitlements' | 'webEntitlement' | 'webGroups' | 'webGroup' | 'webUsers' | 'webUser'

export async function requireWebScreen(request: Request, context: AppLoadContext, id: WebScreenId) {
  const url = new URL(request.url)
  const plain = withoutMatrixParams(url.pathname)
  if (plain !== null) throw redirect(`${plain}${url.search}`)
  const screen = await requireCustomerScreen(request, context, id)
  return {
    ...screen,
    calls: webCalls(screen.api),
    viewOnly: isViewOnly(screen.user, screen.info),
    /** A page of the area, e.g. href('groups', 'Design'), with the customer. */
    href: (...segments: string[]) => withCustomer(webPath(...segments), screen.customerNumber),
  }
}

export type WebScreen = Awaited<ReturnType<typeof requireWebScreen>>

/** A read's data, or the page the API's refusal calls for (404 not found, 403 refused, 503 unavailable). */
export function readOrThrow<T>(reply: Envelope<T>): T {
  if (reply.status === 'SUCCESS') return reply.data
  throw data(reply.err, { status: failureStatus(reply) })
}

/** The answer of a form whose change the API refused: a refusal of the user (403) or an outage is the shell's page. */
export function refused(
  intent: string,
  result: (errors: { formErrors: string[] }) => SubmissionResult,
  reply: Failure,
) {
  const status = failureStatus(reply)
  if (status === 403 || status >= 500) throw data(reply.err, { status })
  return data({ intent, result: result({ formErrors: [reply.err] }), confirmation: null }, { status })
}

/** Exact-match filter of one field, ignoring case (a group by its name, a user by e-mail). */
export const equalsFilter = (name: string, value: string) => ({
  condition: 'ALL' as const,
  criteria: [{ name, method: 'EQUALS', value, casefold: true }],
})
