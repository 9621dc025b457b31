/** API: elastic licence servers: PIN, usernames and IP allow-list. */
import express from 'express'
import type { ApiDeps } from './index'

export function elasticRouter(_deps: ApiDeps) {
  const router = express.Router()
  return router
}
