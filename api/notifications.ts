/** API: service alerts. */
import express from 'express'
import type { ApiDeps } from './index'

export function notificationsRouter(_deps: ApiDeps) {
  const router = express.Router()
  return router
}
