/**
 * The one Node process: embedded identity provider (/oidc), licensing API (/api)
 * and the Remix portal (/*). Each of the first two is mounted only when the
 * configuration points at the embedded one.
 */
import path from 'node:path'
import http from 'node:http'
import express from 'express'
import compression from 'compression'
import { createRequestHandler } from './remix-handler'
import type { ServerBuild } from '@remix-run/node'
import { loadConfig, type Config } from './config'
import { securityHeaders, apiHeaders, requestLog } from './security'
import { publicFiles } from './public-files'
import { openDb, type Db } from '../db/client'
import { ensureSeeded } from '../db/seed'
import { mountOidc } from './oidc/index'
import { createApiRouter } from '../api/index'
import { serveInProcess } from '../app/upstream/in-process.server'

export interface ServerOptions {
  /** Serve the Remix portal (needs `npm run build`). API-only tests turn it off. */
  portal?: boolean
  /** Seed the demo data on an empty database. */
  seed?: boolean
  /** Listen on the configured port; a worker instead takes the connections its primary hands over. */
  listen?: boolean
}

export interface RunningServer {
  app: express.Express
  db: Db
  config: Config
  server: http.Server
  url: string
  close(): Promise<void>
}

export async function createApp(config: Config, db: Db, options: ServerOptions = {}) {
  const app = express()
  app.disable('x-powered-by')
  // Replies sent with res.send (the API's JSON, /healthz) are no-store; static files keep their own ETags.
  app.set('etag', false)
  app.set('trust proxy', 'loopback')
  app.use(requestLog(config.logRequests))
  // The API answers JSON only: it needs neither the page CSP nor its per-request nonce.
  if (config.embeddedApi) app.use('/api', apiHeaders, compressWhenAccepted(), createApiRouter({ config, db }))
  app.use(securityHeaders(config))
  app.use(compressWhenAccepted())

  app.get('/healthz', (_req, res) => {
    try {
      db.$client.prepare('select 1').get()
      res.status(200).json({ status: 'ok' })
    } catch (e) {
      res.status(503).json({ status: 'unavailable' })
    }
  })

  if (config.embeddedOidc) await mountOidc(app, { config, db })

  if (options.portal !== false) {
    const buildPath = path.resolve('build/index.js')
    const build = (await import(buildPath)) as ServerBuild
    app.use('/build', express.static('public/build', { immutable: true, maxAge: '1y' }))
    app.use(publicFiles('public'))
    app.all(
      '*',
      createRequestHandler({
        build,
        mode: config.production ? 'production' : 'development',
        getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string, db, config }),
      }),
    )
  }
  return app
}

/**
 * gzip for clients that ask for it. A request without Accept-Encoding (the
 * portal's own calls to the embedded API, scripts) skips the middleware, which
 * would otherwise wrap the response only to pass it through.
 */
function compressWhenAccepted(): express.RequestHandler {
  const compress = compression()
  return (req, res, next) => (req.headers['accept-encoding'] ? compress(req, res, next) : next())
}

export async function startServer(
  config: Config = loadConfig(),
  options: ServerOptions = {},
): Promise<RunningServer> {
  const db = openDb(config.databasePath)
  if (options.seed !== false) await ensureSeeded(db)
  const app = await createApp(config, db, options)
  // The portal's calls to the embedded API are handed to it in this process (app/upstream/in-process.server.ts).
  const stopInProcessApi = config.embeddedApi ? serveInProcess(config.apiBaseUrl, app) : () => {}
  const server = http.createServer(app)
  server.keepAliveTimeout = 65_000
  if (options.listen !== false) await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  return {
    app,
    db,
    config,
    server,
    url: `http://127.0.0.1:${port}`,
    async close() {
      stopInProcessApi()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      db.$client.close()
    },
  }
}
