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
import { securityHeaders, apiHeaders, requestLog, pageHeaders } from './security'
import { pathMatcher } from './path-prefixes'
import { publicFiles } from './public-files'
import { openDb, type Db } from '../db/client'
import { ensureSeeded } from '../db/seed'
import { mountOidc } from './oidc/index'
import { createApiRouter } from '../api/index'
import { serveInProcess } from '../app/upstream/in-process.server'
import { createLoadContext } from '../app/load-context'

export interface ServerOptions {
  /** Serve the Remix portal (needs `npm run build`). API-only tests turn it off. */
  portal?: boolean
  /** Seed the demo data on an empty database. */
  seed?: boolean
  /** Listen on the configured port; a worker instead takes the connections its primary hands over. */
  listen?: boolean
}

/** The server's request handler, with the prototypes Express gives requests and responses. */
export type Listener = http.RequestListener & { request: object; response: object }

type NodeMiddleware = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void

export interface RunningServer {
  /** The server's request handler (createApp). */
  app: Listener
  db: Db
  config: Config
  server: http.Server
  url: string
  close(): Promise<void>
}

/**
 * The server's request handler. Page requests go straight to the portal; the
 * paths Express serves (the API, the identity provider, /healthz, static
 * files) go to Express. Express's routing, prototype swap and query parsing
 * cost every page about a ninth of its CPU and gave it nothing.
 */
export async function createApp(config: Config, db: Db, options: ServerOptions = {}): Promise<Listener> {
  const app = express()
  app.disable('x-powered-by')
  // Replies sent with res.send (the API's JSON, /healthz) are no-store; static files keep their own ETags.
  app.set('etag', false)
  app.set('trust proxy', 'loopback')
  const expressPaths = ['/healthz']
  // The API answers JSON only: it needs neither the page CSP nor its per-request nonce.
  if (config.embeddedApi) {
    app.use('/api', apiHeaders, compressWhenAccepted(), createApiRouter({ config, db }))
    expressPaths.push('/api')
  }
  app.use(securityHeaders(config))
  // One gzip step for everything but the API: Express's own paths and the pages.
  const compress = compressWhenAccepted()
  app.use(compress)

  app.get('/healthz', (_req, res) => {
    try {
      db.$client.prepare('select 1').get()
      res.status(200).json({ status: 'ok' })
    } catch (e) {
      res.status(503).json({ status: 'unavailable' })
    }
  })

  if (config.embeddedOidc) expressPaths.push(...(await mountOidc(app, { config, db })))

  const log = requestLog(config.logRequests)
  // The portal's in-process calls to the API build their requests on Express's prototypes (app/upstream/in-process.server.ts).
  const withPrototypes = (listener: http.RequestListener): Listener =>
    Object.assign(listener, { request: app.request as object, response: app.response as object })
  if (options.portal === false) {
    return withPrototypes((req, res) => {
      log(req, res)
      app(req, res)
    })
  }

  const build = (await import(path.resolve('build/index.js'))) as ServerBuild
  app.use('/build', express.static('public/build', { immutable: true, maxAge: '1y' }))
  const files = publicFiles('public')
  app.use(files.serve)
  const servedByExpress = pathMatcher([...expressPaths, '/build', ...files.paths])

  const setPageHeaders = pageHeaders(config)
  const portal = createRequestHandler(build, config.production ? 'production' : 'development')
  return withPrototypes((req, res) => {
    log(req, res)
    if (servedByExpress(req.url ?? '/')) return app(req, res)
    const context = createLoadContext({ cspNonce: setPageHeaders(res), db, config })
    compress(req, res, () => void portal(req, res, context))
  })
}

/**
 * gzip for clients that ask for it. A request without Accept-Encoding (the
 * portal's own calls to the embedded API, scripts) skips the middleware, which
 * would otherwise wrap the response only to pass it through.
 */
function compressWhenAccepted() {
  const compress = compression() as unknown as NodeMiddleware
  return (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) =>
    req.headers['accept-encoding'] ? compress(req, res, next) : next()
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
