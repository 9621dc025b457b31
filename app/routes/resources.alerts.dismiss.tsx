import { data, redirect, type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { requireAuth } from '../guards/auth.server'
import { commitSession } from '../auth/session.server'
import { safeReturnTo } from '../auth/return-to'
import { dismissAlerts } from '../api-client/notifications.server'

/** The ids the banner showed, sent as one comma-separated field. */
const schema = z.object({
  ids: z
    .string()
    .max(20_000)
    .transform((s) =>
      s
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^[1-9][0-9]{0,14}$/)
            .transform(Number),
        )
        .min(1)
        .max(1000),
    ),
  returnTo: z.string().max(2000).optional(),
  /** Set by the banner when JavaScript runs: answer with data instead of a redirect. */
  fetch: z.literal('1').optional(),
})

const FAILED = 'The alerts banner could not be closed.'

/**
 * Closes the alerts banner for the rest of the session: remembers the alert
 * ids it showed. Without JavaScript the browser is sent back where it was.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { session } = await requireAuth(request, context)
  const form = await request.formData()
  const parsed = schema.safeParse(Object.fromEntries(form))
  const returnTo = safeReturnTo(form.get('returnTo'))
  if (!parsed.success) {
    if (form.get('fetch') === '1') return data({ ok: false as const, error: FAILED }, { status: 400 })
    session.set('flash', { type: 'error', message: FAILED })
    return redirect(returnTo, { headers: { 'Set-Cookie': await commitSession(session, context) } })
  }
  dismissAlerts(session, parsed.data.ids)
  const headers = { 'Set-Cookie': await commitSession(session, context) }
  if (parsed.data.fetch) return data({ ok: true as const }, { headers })
  return redirect(returnTo, { headers })
}

/** Nothing to show: a GET goes home. */
export function loader() {
  return redirect('/home')
}
