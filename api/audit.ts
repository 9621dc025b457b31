/** API: the audit trail of access settings. */
import express from 'express'
import type { ApiDeps } from './index'

export function auditRouter(_deps: ApiDeps) {
  const router = express.Router()
  return router
}
