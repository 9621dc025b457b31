/** API: who has portal access to a customer. */
import express from 'express'
import type { ApiDeps } from './index'

export function portalAccessRouter(_deps: ApiDeps) {
  const router = express.Router()
  return router
}
