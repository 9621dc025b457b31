/**
 * The typed client of the licensing API: one function per call. Every call
 * carries the signed-in user's access token and ends with the page's deadline
 * (one AbortSignal for every call of a request, so a page answers in time
 * whatever the API does).
 *
 * Retries (spec 1 sections 8 and 9: at most 5 attempts, waiting attempt x 100 ms,
 * never after an HTTP 4xx) apply to what is safe to send again: the calls the
 * contract declares as reads (api/contract). A write is sent again only
 * when nothing of it reached the API (the connection was refused); after a reset,
 * a 5xx or a lost reply it may have been saved, so it is reported, not repeated.
 * A form (sendForm: a multipart upload) is sent once.
 *
 * A call the service did not answer usefully is a FAILURE marked `unavailable`
 * (see Failure), never one that looks like a refusal. A client made with
 * `onOutage` throws what that returns instead, so a screen cannot mistake an
 * outage for an answer.
 */
import type { Config } from '../../server/config'
import { settingsCalls, type ViewToSave } from '../../api/contract/settings'
import { failureStatus, type Envelope, type Failure, type FilterRule, type PageRequest } from './envelope'
import { nothingSent, send } from './http-transport.server'
import { deadlineSignal } from './deadline-signal'
import type { AnyCall, CallInput, CallReply } from '../../api/contract/define'
import { callRequest } from './call-request'
import { accountCalls } from '../../api/contract/accounts'
import { timedCall } from './call-metrics.server'

export class UnauthorizedError extends Error {
  constructor() {
    super('The licensing API refused the access token.')
  }
}

/** A call that answered with an HTTP error or a FAILURE envelope. */
export class UpstreamError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly err: string,
  ) {
    super(err)
  }
}

const MAX_ATTEMPTS = 5
const RETRY_STEP_MS = 100
/** The bound of a call made without a page's deadline. */
export const DEFAULT_DEADLINE_MS = 10_000
/** The data service's message for a request that timed out (spec 1 section 8). */
export const TIMEOUT_MESSAGE = 'data request timeout '

type Method = 'GET' | 'POST' | 'DELETE'

/** How a call may be sent again: a read after any failure, a write only when nothing of it was sent, once never. */
type Sending = 'read' | 'write' | 'once'

/** Whether a FAILURE reply is a call that timed out (the page's deadline passed). */
export function timedOut(reply: { status: string }): boolean {
  return reply.status === 'FAILURE' && (reply as Failure).timedOut === true
}

/** A body the API sends: an object with status SUCCESS or FAILURE. */
function isEnvelope(payload: unknown): payload is Envelope<unknown> {
  if (typeof payload !== 'object' || payload === null) return false
  const status = (payload as { status?: unknown }).status
  return status === 'SUCCESS' || status === 'FAILURE'
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done, { once: true })
  })

/** What the calls of one page learn about the service: once one found it down, the others do not retry. */
export interface ServiceHealth {
  unavailable: boolean
}

export interface ApiClientOptions {
  /** The page's deadline; without it each call gets DEFAULT_DEADLINE_MS of its own. */
  signal?: AbortSignal
  /** Shared by the clients of one page (see ServiceHealth). */
  health?: ServiceHealth
  /** Called on an HTTP 401; what it resolves to is thrown (default: UnauthorizedError). */
  onUnauthorized?: () => Promise<unknown>
  /** Called on an outage; what it returns is thrown instead of answering the FAILURE. */
  onOutage?: (failure: Failure) => unknown
}

export interface Account {
  AccountID: string
  AccountName: string
}

export type { ViewToSave } from '../../api/contract/settings'

/** The reply of a call declared with `envelopeFields`, which answers them beside `status`: they are its data. */
function fieldsAsData<T>(reply: Envelope<T>): Envelope<T> {
  if (reply.status !== 'SUCCESS') return reply
  const { status, data: _data, token: _token, ...fields } = reply
  return { status, data: fields as T }
}

export function createApiClient(
  config: Pick<Config, 'apiBaseUrl'>,
  accessToken: string,
  { signal, health, onUnauthorized, onOutage }: ApiClientOptions = {},
) {
  /**
   * Sends a call of the contract: its path parameters filled from the input, the rest as the JSON body
   * of a POST or the query of a GET or DELETE. A read may be sent again; a write only when nothing of it was sent.
   */
  async function sendCall<C extends AnyCall>(call: C, input: CallInput<C>): Promise<Envelope<CallReply<C>>> {
    const { url, body } = callRequest(call, input)
    const payload = body === undefined ? undefined : { text: JSON.stringify(body), contentType: 'application/json' }
    const sending = call.access === 'read' ? 'read' : 'write'
    const reply = await timedCall(call, () => attempt<CallReply<C>>(call.method, url, payload, sending))
    return answered(call.envelopeFields ? fieldsAsData(reply) : reply)
  }

  /** Sends a call declared with a form: a multipart/form-data body (an uploaded file), sent once. */
  async function sendFormCall<C extends AnyCall>(call: C, form: FormData): Promise<Envelope<CallReply<C>>> {
    const encoded = new Response(form)
    const contentType = encoded.headers.get('content-type') ?? 'multipart/form-data'
    const body = { text: await encoded.text(), contentType }
    return answered(await timedCall(call, () => attempt<CallReply<C>>(call.method, call.path, body, 'once')))
  }

  function answered<T>(reply: Envelope<T>): Envelope<T> {
    if (reply.status === 'FAILURE' && reply.unavailable) {
      if (health) health.unavailable = true
      if (onOutage) throw onOutage(reply)
    }
    return reply
  }

  async function attempt<T>(
    method: Method,
    path: string,
    body: { text: string; contentType: string } | undefined,
    sending: Sending,
  ): Promise<Envelope<T>> {
    const deadline = signal ?? deadlineSignal(DEFAULT_DEADLINE_MS)
    // A page that already found the service down asks once more, without the retries' waits.
    const retries = !health?.unavailable
    const timeout: Failure = { status: 'FAILURE', err: TIMEOUT_MESSAGE, unavailable: true, timedOut: true }
    let last: Failure = timeout
    let attempts = 0
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      attempts = attempt
      if (attempt > 1) await wait((attempt - 1) * RETRY_STEP_MS, deadline)
      if (deadline.aborted) return timeout
      let again: boolean
      try {
        const res = await send({
          method,
          url: `${config.apiBaseUrl}${path}`,
          headers: {
            authorization: `Bearer ${accessToken}`,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': body.contentType }),
          },
          body: body?.text,
          signal: deadline,
        })
        if (res.status === 401) throw onUnauthorized ? await onUnauthorized() : new UnauthorizedError()
        const payload = isEnvelope(res.json) ? (res.json as Envelope<T>) : null
        if (res.status >= 400 && res.status < 500) {
          return { status: 'FAILURE', err: payload?.err ?? `Request failed (${res.status}).`, httpStatus: res.status }
        }
        if (res.status >= 200 && res.status < 300 && payload) return payload
        // A 5xx, a redirect or a body that is not an envelope: the service is not working.
        last = {
          status: 'FAILURE',
          err: payload?.err ?? `Request failed (${res.status}).`,
          httpStatus: res.status,
          unavailable: true,
        }
        again = retries && sending === 'read'
      } catch (error) {
        if (deadline.aborted) return timeout
        if (error instanceof UnauthorizedError || error instanceof Response) throw error
        last = { status: 'FAILURE', err: error instanceof Error ? error.message : String(error), unavailable: true }
        again = retries && (sending === 'read' || (sending === 'write' && nothingSent(error)))
      }
      if (!again) break
    }
    return attempts > 1 ? { ...last, err: `unable to fetch data after ${attempts} attempts: ${last.err}` } : last
  }

  /** Unwraps SUCCESS data or throws UpstreamError. */
  async function data<C extends AnyCall>(call: C, input: CallInput<C>): Promise<CallReply<C>> {
    const reply = await sendCall(call, input)
    if (reply.status !== 'SUCCESS') throw new UpstreamError(failureStatus(reply), reply.err)
    return reply.data
  }

  return {
    send: sendCall,
    sendForm: sendFormCall,
    getUserDetails: () => data(accountCalls.getUserDetails, {}),
    getAccounts: (request: PageRequest) => sendCall(accountCalls.accounts.page, request),
    getAccountsCount: (filter?: FilterRule) => sendCall(accountCalls.accounts.count, { filter }),
    getAccountsDistinct: (filter: FilterRule | undefined, key: string, limit?: number) =>
      sendCall(accountCalls.accounts.distinct, { filter, key, limit }),
    getAccountInfo: (customerNumber: string) => sendCall(accountCalls.getAccountInfo, { customerNumber }),
    getEnvironment: () => sendCall(accountCalls.environment, {}),
    getFeatures: () => sendCall(settingsCalls.getFeatures, {}),
    setFeatures: (features: string[]) => sendCall(settingsCalls.setFeatures, { features }),
    getBuildInfo: () => sendCall(accountCalls.buildInfo, {}),
    getPreference: (customerNumber: string, tableName: string) =>
      sendCall(settingsCalls.getPreference, { customerNumber, tableName }),
    savePreference: (customerNumber: string, view: ViewToSave) =>
      sendCall(settingsCalls.savePreferences, { customerNumber, tables: [view] }),
  }
}

export type ApiClient = ReturnType<typeof createApiClient>
