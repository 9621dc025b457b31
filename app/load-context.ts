import type { Db } from '../db/client'
import type { Config } from '../server/config'

declare module '@remix-run/node' {
  interface AppLoadContext {
    cspNonce: string
    db: Db
    config: Config
    /** Values the loaders and actions of one request share; a new one for every request. */
    requestMemo: RequestMemo
  }
  interface Future {
    v3_singleFetch: true
  }
}

/** `memo(key, compute)`: the value computed for `key` the first time it is asked for, the same one after that. */
export type RequestMemo = <T>(key: string, compute: () => T) => T

export function createRequestMemo(): RequestMemo {
  const values = new Map<string, unknown>()
  return <T>(key: string, compute: () => T): T => {
    if (!values.has(key)) values.set(key, compute())
    return values.get(key) as T
  }
}

/** The load context of one request (the server's getLoadContext, and tests that call loaders directly). */
export function createLoadContext(base: { cspNonce: string; db: Db; config: Config }) {
  return { ...base, requestMemo: createRequestMemo() }
}
