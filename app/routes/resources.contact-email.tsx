/**
 * Whether an address may be added as a portal contact, asked by the Licensing
 * Portal Access form when an e-mail field is left (JavaScript only; the save
 * checks the same on the server). The list of free mail providers stays on the
 * server: the answer is only the verdict and its message.
 *
 * GET /resources/contact-email?customer=NNN&email=... -> { email, message } (message null when acceptable)
 */
import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { requireCustomerScreen } from '../guards/screen.server'
import { emailProblem, normalizeEmail } from '../domain/portal-access'
import { FREE_EMAIL_DOMAINS } from '../domain/free-email-domains.server'
import type { ContactEmailVerdict } from '../portal-access/contact-email-check'

/** Longer text cannot be an address; the cap keeps the work bounded. */
const MAX_QUERY_LENGTH = 1000
const query = z.object({ email: z.string().max(MAX_QUERY_LENGTH) })

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The screen's own guard: signed in, access to the customer, the screen allowed (no notice redirects here).
  await requireCustomerScreen(request, context, 'portalAccess', { noRedirects: true })
  const parsed = query.safeParse({ email: new URL(request.url).searchParams.get('email') ?? '' })
  if (!parsed.success) throw data(`email: at most ${MAX_QUERY_LENGTH} characters.`, { status: 400 })
  const email = normalizeEmail(parsed.data.email)
  return Response.json({ email, message: emailProblem(email, FREE_EMAIL_DOMAINS) } satisfies ContactEmailVerdict, {
    headers: { 'Cache-Control': 'private, no-store' },
  })
}
