import express from 'express'
import type { Config } from '../server/config'
import type { Db } from '../db/client'

/** The licensing API router, mounted at /api. (placeholder until built) */
export function createApiRouter(_deps: { config: Config; db: Db }) {
  return express.Router()
}
