/**
 * The embedded OpenID Connect provider, mounted at /oidc (the issuer's path)
 * when OIDC_ISSUER is left at its default.
 */
import fs from 'node:fs'
import type express from 'express'
import type { Config } from '../config'
import { projectPath } from '../project-root'
import type { Db } from '../../db/client'
import { createProvider } from './provider'
import { interactionRouter } from './interactions'
import { STYLESHEET_PATH } from './views'

const stylesheet = fs.readFileSync(projectPath('server', 'oidc', 'assets', 'login.css'), 'utf8')

/** Mounts the provider and its pages. */
export async function mountOidc(app: express.Express, deps: { config: Config; db: Db }): Promise<void> {
  const { config } = deps
  const mountPath = new URL(config.oidcIssuer).pathname.replace(/\/+$/, '')
  if (mountPath !== '/oidc')
    throw new Error(`the embedded identity provider must be mounted at /oidc, not ${mountPath}`)

  const provider = await createProvider(config, deps.db)

  app.get(STYLESHEET_PATH, (_req, res) => {
    res.type('text/css').set('Cache-Control', 'public, max-age=3600').send(stylesheet)
  })
  // Interaction handlers first: they share the /oidc prefix with the provider.
  app.use(interactionRouter(provider, deps))
  app.use(mountPath, provider.callback())
}
