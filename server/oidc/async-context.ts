/**
 * oidc-provider keeps each request's context in an AsyncLocalStorage. On
 * Node 20, the first run() switches on async hooks for the whole process, so
 * from the first sign-in on every promise of every page paid for them (about
 * a tenth of a page's CPU). disable() switches them off again; the next
 * run() switches them back on. So the storage is released whenever no
 * request of the provider is in progress.
 */
import type { AsyncLocalStorage } from 'node:async_hooks'
import type { RequestHandler } from 'express'
// The provider's own storage (lib/helpers/als.js); server/oidc/async-context.test.ts checks it is one.
import providerStorage from 'oidc-provider/lib/helpers/als.js'

export { providerStorage }

/** Counts the requests in progress through it and disables `storage` when the last one ends. */
export function releaseWhenIdle(storage: Pick<AsyncLocalStorage<unknown>, 'disable'>): RequestHandler {
  let inProgress = 0
  return (_req, res, next) => {
    inProgress += 1
    let ended = false
    const end = () => {
      if (ended) return
      ended = true
      inProgress -= 1
      if (inProgress === 0) storage.disable()
    }
    res.once('finish', end)
    res.once('close', end)
    next()
  }
}
