/** API: the e-mail outbox. */
import express from 'express'
import type { ApiDeps } from './index'

export function emailsRouter(_deps: ApiDeps) {
  const router = express.Router()
  return router
}
