/**
 * The check that a call answers what its declaration says: a SUCCESS reply's
 * data (or its envelope fields) must match the declared reply schema, a token
 * only on a paged call, a file only from a file call. Turned on with
 * API_CHECK_REPLIES=1 (every API and browser test runs with it), a mismatch is
 * answered as an internal error naming the call and the difference, so the test
 * that met it fails.
 */
import { callName, type AnyCall } from './contract/define'
import { formatZodError, type ApiReply } from './envelope'

/** What is wrong with a reply to `declaration`, or undefined when it matches. */
export function replyMismatch(declaration: AnyCall, reply: ApiReply): string | undefined {
  if (reply.file) return declaration.file ? undefined : 'a file, but the call is not declared to answer one'
  const { envelope } = reply
  if (envelope.status !== 'SUCCESS') return undefined
  const { status: _status, data, token, ...fields } = envelope
  if (token !== undefined && !declaration.paged) return 'a continuation token, but the call is not declared paged'
  const value = declaration.envelopeFields ? fields : data
  const parsed = declaration.reply.safeParse(value)
  return parsed.success ? undefined : formatZodError(parsed.error)
}

/** The reply itself, or an internal error when it does not match its declaration. */
export function checkedReply(declaration: AnyCall, reply: ApiReply): ApiReply {
  const mismatch = replyMismatch(declaration, reply)
  if (!mismatch) return reply
  const err = `The reply of ${callName(declaration)} does not match its declaration: ${mismatch}`
  console.error(JSON.stringify({ time: new Date().toISOString(), level: 'error', msg: err }))
  return { status: 500, envelope: { status: 'FAILURE', err } }
}
