import type express from 'express'
import type { Config } from '../config'
import type { Db } from '../../db/client'

/** Mounts the embedded OpenID Connect provider at /oidc. (placeholder until built) */
export async function mountOidc(_app: express.Express, _deps: { config: Config; db: Db }) {}
