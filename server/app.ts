/**
 * The one Node process: embedded identity provider (/oidc), licensing API (/api)
 * and the Remix portal (/*). Each of the first two is mounted only when the
 * configuration points at the embedded one.
 */
import path from 'node:path'
import http from 'node:http'
import express, { type RequestHandler } from 'express'
import compression from 'compression'
import { precompressedAssets } from './precompressed-assets'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import { loadConfig, type Config } from './config'
import { securityHeaders, apiHeaders, requestLog } from './security'
import { sameOriginWrites } from './same-origin'
import { openDatabase, type Db, closeDatabase, whilePreparingDatabase } from '../db/client'
import { rawAll } from '../db/raw'
import { sql } from 'drizzle-orm'
import { ensureSeeded } from '../db/seed'
import { mountOidc } from './oidc/index'
import { createApiDispatch, createApiRouter } from '../api/index'
import { serveInProcess } from '../app/api-client/in-process.server'
import { createLoadContext } from '../app/load-context'
import { closePdfPrinter } from '../app/pdf/pdf-printer.server'
import { projectPath } from './project-root'
import { startLeaseSweep } from '../api/web-lease-sweep'
import { deferCheckpointsToPrimary } from '../db/wal-checkpoints'
import { startMailDelivery, type MailDelivery, type MailDeliveryOptions } from '../api/mail-delivery'
import { countDeliveries } from '../api/mail-queue'
import { labelRoutes, metricsEndpoint, requestTiming } from './metrics/http'
import { pageRouteLabels } from './metrics/route-label'
import { collectProcessMetrics, registerCollector } from './metrics/registry'
import { joinClusterMetrics } from './metrics/cluster'

export interface ServerOptions {
  /** Serve the Remix portal (needs `npm run build`). API-only tests turn it off. */
  portal?: boolean
  /** Seed the demo data on an empty database. */
  seed?: boolean
  /** The e-mail delivery worker's poll interval and retry schedule, when SMTP_URL is set (tests shorten them). */
  mailDelivery?: Partial<MailDeliveryOptions>
}

export interface RunningServer {
  /** The server's request handler (createApp). */
  app: express.Express
  db: Db
  config: Config
  server: http.Server
  url: string
  /** The outbox's delivery worker of this process, when SMTP_URL is set. */
  mailDelivery: MailDelivery | undefined
  close(): Promise<void>
}

export async function createApp(config: Config, db: Db, options: ServerOptions = {}): Promise<express.Express> {
  const app = express()
  app.disable('x-powered-by')
  // Replies sent with res.send (the API's JSON, /healthz) are no-store; static files keep their own ETags.
  app.set('etag', false)
  app.set('trust proxy', 'loopback')
  app.use(requestTiming)
  app.use(requestLog(config.logRequests))
  // The API answers JSON only: it needs neither the page CSP nor its per-request nonce.
  if (config.embeddedApi) app.use('/api', apiHeaders, compression(), createApiRouter({ config, db }))
  app.use(securityHeaders(config))
  app.use(compression())

  app.get('/healthz', (_req, res) => {
    rawAll(db, sql`select 1`).then(
      () => res.status(200).json({ status: 'ok' }),
      () => res.status(503).json({ status: 'unavailable' }),
    )
  })
  app.get('/metrics', metricsEndpoint(config.metricsAllow))

  if (config.embeddedOidc) await mountOidc(app, { config, db })

  if (options.portal !== false) {
    const build = (await import(projectPath('build', 'index.js'))) as ServerBuild
    // Loaded with the portal only: the primary process of a cluster needs no React.
    const { matchRoutes } = await import('@remix-run/react')
    app.use('/build', precompressedAssets(projectPath('public', 'build'), 'public, max-age=31536000, immutable'))
    app.use('/build', express.static(projectPath('public', 'build'), { immutable: true, maxAge: '1y' }))
    // Only a name with an extension can be a file of public/ (favicon.ico ...); pages are not looked for on disk.
    const publicFiles = express.static(projectPath('public'), { maxAge: '1h', index: false })
    app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()))
    app.all(
      '*',
      refuseUnusableHost,
      sameOriginWrites(config),
      labelRoutes(pageRouteLabels(build.routes, matchRoutes)),
      createRequestHandler({
        build,
        mode: config.production ? 'production' : 'development',
        getLoadContext: (_req, res) => createLoadContext({ cspNonce: res.locals.cspNonce as string, db, config }),
      }),
    )
  }
  return app
}

/** A Host header that does not make a URL is the client's mistake, not a failure of the portal (the adapter would throw). */
const refuseUnusableHost: RequestHandler = (req, res, next) => {
  if (URL.canParse(`${req.protocol}://${req.hostname}`)) return next()
  res.status(400).type('text/plain').send('Bad Request')
}

export async function startServer(config: Config = loadConfig(), options: ServerOptions = {}): Promise<RunningServer> {
  collectProcessMetrics()
  joinClusterMetrics()
  const db = await openDatabase(config)
  deferCheckpointsToPrimary(db)
  if (options.seed !== false) await whilePreparingDatabase(db, () => ensureSeeded(db))
  const app = await createApp(config, db, options)
  // The portal's calls to the embedded API are handed to it in this process (app/api-client/in-process.server.ts).
  const stopInProcessApi = config.embeddedApi
    ? serveInProcess(config.apiBaseUrl, createApiDispatch({ config, db }))
    : () => {}
  // Web licence seats whose heartbeats stopped are returned by whichever process sweeps first.
  const stopLeaseSweep = config.embeddedApi ? startLeaseSweep(db) : () => {}
  const server = http.createServer(app)
  server.keepAliveTimeout = 65_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.port, config.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  // The outbox belongs to the embedded API: its e-mails are delivered by every process that serves it.
  const mailDelivery =
    config.embeddedApi && config.mail
      ? startMailDelivery(db, config.mail, config.publicUrl, options.mailDelivery)
      : undefined
  if (mailDelivery) {
    // Every process reads the same outbox: a cluster's scrape takes one process's count, not their sum.
    registerCollector(
      'mail_queue',
      'E-mails not sent: waiting for an attempt (queued) or given up (failed).',
      async () => await countDeliveries(db),
      {
        label: 'state',
        aggregator: 'first',
      },
    )
  }
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  return {
    app,
    db,
    config,
    server,
    url: `http://127.0.0.1:${port}`,
    mailDelivery,
    async close() {
      stopInProcessApi()
      stopLeaseSweep()
      await mailDelivery?.stop()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await closePdfPrinter()
      await closeDatabase(db)
    },
  }
}
