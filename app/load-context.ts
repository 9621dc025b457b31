import type { Db } from '../db/client'
import type { Config } from '../server/config'

declare module '@remix-run/node' {
  interface AppLoadContext {
    cspNonce: string
    db: Db
    config: Config
  }
  interface Future {
    v3_singleFetch: true
  }
}

export {}
