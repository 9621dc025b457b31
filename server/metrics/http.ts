/** The HTTP side of the metrics: every request timed, and GET /metrics for the allowed addresses. */
import type { RequestHandler, Response } from 'express'
import { prometheusContentType } from 'prom-client'
import { isAllowed, type AllowList } from './allow-list'
import { serverMetrics } from './cluster'
import { httpRequestDuration, secondsSince } from './instruments'
import { fallbackRouteLabel, methodLabel, statusClass } from './route-label'

/** Names the route a handler answered (a page's pattern, an API call), for the request's label. */
export function setRouteLabel(res: Response, label: string): void {
  res.locals.routeLabel = label
}

/** Names each request's route with `label(path)` (the portal's pages). */
export function labelRoutes(label: (path: string) => string): RequestHandler {
  return (req, res, next) => {
    setRouteLabel(res, label(req.path))
    next()
  }
}

/** Times every request, from its arrival to the end of its response. */
export const requestTiming: RequestHandler = (req, res, next) => {
  const started = performance.now()
  res.once('finish', () => {
    const named = res.locals.routeLabel as string | undefined
    const route = named ?? fallbackRouteLabel(req.originalUrl.split('?', 1)[0])
    httpRequestDuration.observe(
      { route, method: methodLabel(req.method), status_class: statusClass(res.statusCode) },
      secondsSince(started),
    )
  })
  next()
}

/**
 * GET /metrics for the addresses of METRICS_ALLOW. The address checked is Express's `req.ip`:
 * with `trust proxy` set to loopback, X-Forwarded-For is read only from a proxy on this machine,
 * and only up to the first address that is not loopback (docs/decisions/0033-metrics.md). Anyone
 * else gets a plain 404 that says nothing of why.
 */
export function metricsEndpoint(allow: AllowList): RequestHandler {
  return (req, res) => {
    if (!isAllowed(allow, req.ip)) {
      res.status(404).type('text/plain').send('Not Found')
      return
    }
    setRouteLabel(res, '/metrics')
    serverMetrics().then(
      (text) => {
        res.setHeader('Cache-Control', 'no-store')
        res.setHeader('Content-Type', prometheusContentType)
        res.send(text)
      },
      (error: unknown) => {
        const line = { time: new Date().toISOString(), level: 'error', msg: 'metrics scrape failed' }
        console.error(JSON.stringify({ ...line, error: String(error) }))
        res.status(503).type('text/plain').send('Metrics are unavailable.')
      },
    )
  }
}
