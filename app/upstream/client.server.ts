/**
 * The typed client of the licensing API: one function per call. Every call
 * carries the signed-in user's access token. Failures other than HTTP 4xx are
 * retried (spec: at most 5 attempts, waiting attempt x 100 ms), except a call
 * that timed out: trying it again would hold the page for several timeouts, and
 * a list whose request timed out is shown empty (spec 1 section 4).
 */
import type { Config } from '../../server/config'
import type { AccountInfo, User } from '../domain/types'
import type { FeatureFlag } from '../domain/feature-flags'
import type { Envelope, FilterRule, PageRequest } from './envelope'
import { send, TransportTimeoutError } from './http-transport.server'

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
const TIMEOUT_MS = 30_000
/** The data service's message for a request that timed out (spec 1 section 8). */
export const TIMEOUT_MESSAGE = 'data request timeout '

/** Whether a FAILURE reply is a call that timed out (the client marks those). */
export function timedOut(reply: object): boolean {
  return (reply as { timedOut?: boolean }).timedOut === true
}

const isTimeout = (error: unknown) => error instanceof TransportTimeoutError

export interface Account {
  AccountID: string
  AccountName: string
}

export interface SavedView {
  customerNumber: string
  tableName: string
  filterModel?: unknown
  sortModel?: { colId: string; sort: 'asc' | 'desc'; sortIndex?: number }[]
  columnOrder?: { colId: string; hide?: boolean; width?: number }[]
  [extra: string]: unknown
}

export function createApiClient(
  config: Pick<Config, 'apiBaseUrl'>,
  accessToken: string,
  { timeoutMs = TIMEOUT_MS }: { timeoutMs?: number } = {},
) {
  async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<Envelope<T>> {
    let lastError: unknown
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      try {
        const res = await send({
          method,
          url: `${config.apiBaseUrl}${path}`,
          headers: {
            authorization: `Bearer ${accessToken}`,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          timeoutMs,
        })
        if (res.status === 401) throw new UnauthorizedError()
        const payload = res.json as Envelope<T> | null
        if (res.status >= 400 && res.status < 500) {
          return { status: 'FAILURE', err: payload?.err ?? `Request failed (${res.status}).`, httpStatus: res.status } as Envelope<T>
        }
        if (res.status >= 300 || !payload) throw new UpstreamError(res.status, payload?.err ?? `Request failed (${res.status}).`)
        return payload
      } catch (error) {
        if (error instanceof UnauthorizedError) throw error
        if (isTimeout(error)) return { status: 'FAILURE', err: TIMEOUT_MESSAGE, timedOut: true } as Envelope<T>
        lastError = error
        if (attempt < MAX_ATTEMPTS) await new Promise((r) => setTimeout(r, attempt * RETRY_STEP_MS))
      }
    }
    const message = lastError instanceof Error ? lastError.message : String(lastError)
    return { status: 'FAILURE', err: `unable to fetch data after ${MAX_ATTEMPTS} attempts: ${message}` }
  }

  /** Unwraps SUCCESS data or throws UpstreamError. */
  async function data<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const reply = await call<T>(method, path, body)
    if (reply.status !== 'SUCCESS') {
      throw new UpstreamError((reply as { httpStatus?: number }).httpStatus ?? 502, reply.err)
    }
    return reply.data
  }

  return {
    call,
    getUserDetails: () => data<User>('GET', '/getUserDetails'),
    getAccounts: (request: PageRequest) => call<Account[]>('POST', '/getaccounts', request),
    getAccountsCount: (filter?: FilterRule) => call<number>('POST', '/getaccounts/count', { filter }),
    getAccountsDistinct: (filter: FilterRule | undefined, key: string, limit?: number) =>
      call<string[]>('POST', '/getaccounts/distinct', { filter, key, limit }),
    getAccountInfo: (customerNumber: string) =>
      call<AccountInfo>('GET', `/getaccountinfo/${encodeURIComponent(customerNumber)}`),
    getEnvironment: () => call<string>('GET', '/environment'),
    getFeatures: () => call<FeatureFlag[]>('GET', '/featureflag/features'),
    setFeatures: (features: string[]) => call<unknown>('POST', '/featureflag/features', { features }),
    getBuildInfo: () => call<string>('GET', '/getBuildInfo'),
    getPreference: (customerNumber: string, tableName: string) =>
      call<SavedView | null>('POST', '/preferences/get', { customerNumber, tableName }),
    savePreference: (customerNumber: string, view: Omit<SavedView, 'customerNumber'>) =>
      call<unknown>('POST', '/preferences/save', { customerNumber, tables: [view] }),
  }
}

export type ApiClient = ReturnType<typeof createApiClient>
