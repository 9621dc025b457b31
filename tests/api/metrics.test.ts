/**
 * GET /metrics on the whole server (portal, licensing API, identity provider)
 * in this process: the families an operator watches, figures that follow real
 * page, API and PDF requests, labels that stay bounded whatever is requested,
 * and the addresses that may read it (METRICS_ALLOW, X-Forwarded-For forgeries
 * from loopback and from a real non-loopback socket).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { closePdfPrinter, MAX_RENDERS, printPdf } from '../../app/pdf/pdf-printer.server'
import { getAccessToken, portalSignIn } from '../support/tokens'
import { startPortalTestServer } from './support/portal'
import { apiClient, startTestServer, type TestServer } from './support/server'
import {
  families,
  machineAddress,
  parseMetrics,
  plainGet,
  scrape,
  scrapeWhen,
  total,
  urlAt,
  type Sample,
} from './support/metrics'

const ACME = '1000001'
const HTTP = 'portal_http_request_duration_seconds_count'
const API_CLIENT = 'portal_api_client_call_duration_seconds_count'
const API = 'portal_api_call_duration_seconds_count'
const SQL = 'portal_db_statement_duration_seconds_count'
const PDF = 'portal_pdf_render_duration_seconds_count'

const ipv4 = machineAddress('IPv4')
const ipv6 = machineAddress('IPv6')
const chromiumPath = process.env.CHROMIUM_PATH

let server: TestServer
let cookie: string

beforeAll(async () => {
  // Every address of the machine, IPv4 clients as IPv4-mapped IPv6 ones (a dual-stack socket).
  server = await startPortalTestServer({ HOST: '::' })
  cookie = (await portalSignIn(server.url, 'admin@acme.example')).cookie
}, 240_000)

afterEach(() => {
  if (chromiumPath === undefined) delete process.env.CHROMIUM_PATH
  else process.env.CHROMIUM_PATH = chromiumPath
})

afterAll(async () => {
  await server?.close()
})

/** A signed-in user's request, its answer read to the end (a request is counted when its answer is sent). */
async function page(address: string, init: RequestInit = {}) {
  const res = await fetch(`${server.url}${address}`, { headers: { cookie }, redirect: 'manual', ...init })
  return { status: res.status, text: await res.text() }
}

describe('GET /metrics from loopback', () => {
  it('answers every family in the Prometheus text format', async () => {
    const reply = await plainGet(`${server.url}/metrics`)
    expect(reply.status).toBe(200)
    expect(reply.contentType?.split(/;\s*/).sort()).toEqual(['charset=utf-8', 'text/plain', 'version=0.0.4'])
    const named = families(reply.text)
    for (const family of [
      'portal_http_request_duration_seconds',
      'portal_api_client_call_duration_seconds',
      'portal_api_call_duration_seconds',
      'portal_db_statement_duration_seconds',
      'portal_db_transaction_duration_seconds',
      'portal_pdf_render_duration_seconds',
      'portal_pdf_renders_active',
      'portal_pdf_renders_waiting',
      'portal_process_cpu_seconds_total',
      'portal_process_resident_memory_bytes',
      'portal_nodejs_heap_size_used_bytes',
      'portal_nodejs_eventloop_lag_p99_seconds',
      'portal_nodejs_gc_duration_seconds',
    ]) {
      expect(named, family).toContain(family)
    }
    expect(() => parseMetrics(reply.text)).not.toThrow()
  })

  it("counts a signed-in user's pages, the portal's calls behind them, the API's handling and the SQL", async () => {
    const before = await scrape(server.url)
    for (let i = 0; i < 2; i++) expect((await page(`/home?customer=${ACME}`)).status).toBe(200)
    expect((await page(`/home.data?customer=${ACME}`)).status).toBe(200)
    const home = { route: '/home', method: 'GET', status_class: '2xx' }
    const homeData = { ...home, route: '/home.data' }
    const after = await scrapeWhen(
      server.url,
      (now) =>
        total(now, HTTP, home) - total(before, HTTP, home) >= 2 &&
        total(now, HTTP, homeData) > total(before, HTTP, homeData),
    )
    const grew = (name: string, labels: Record<string, string>) =>
      total(after, name, labels) - total(before, name, labels)

    expect(grew(HTTP, home)).toBe(2)
    expect(grew(HTTP, homeData)).toBe(1)
    // Each view asks the API for the customer's cards, in this process.
    expect(grew(API_CLIENT, { call: 'POST /home/summary', outcome: 'success' })).toBe(3)
    expect(grew(API, { call: 'POST /home/summary', outcome: 'success' })).toBe(3)
    expect(grew(SQL, { kind: 'read' })).toBeGreaterThan(3)
    // The scrapes before this one count too.
    expect(grew(HTTP, { route: '/metrics', status_class: '2xx' })).toBeGreaterThanOrEqual(1)
    expect(total(after, 'portal_process_cpu_seconds_total')).toBeGreaterThan(0)
  })

  it("counts the API's own calls over HTTP under each call's path, refusals apart", async () => {
    const api = apiClient(server.url, await getAccessToken(server.url, 'admin@acme.example'))
    const before = await scrape(server.url)
    for (let i = 0; i < 3; i++) expect((await api.get('/getUserDetails')).http).toBe(200)
    // Embargo Industries is under export control: the API refuses it.
    expect((await api.get('/getaccountinfo/1000005')).http).toBe(403)
    expect((await api.get('/getaccountinfo/1000001')).http).toBe(200)
    const account = { route: '/api/getaccountinfo/:customerNumber', status_class: '2xx' }
    const after = await scrapeWhen(server.url, (now) => total(now, HTTP, account) > total(before, HTTP, account))
    const grew = (name: string, labels: Record<string, string>) =>
      total(after, name, labels) - total(before, name, labels)

    expect(grew(HTTP, { route: '/api/getUserDetails', method: 'GET', status_class: '2xx' })).toBe(3)
    expect(grew(API, { call: 'GET /getUserDetails', outcome: 'success' })).toBe(3)
    expect(grew(HTTP, { route: '/api/getaccountinfo/:customerNumber', status_class: '4xx' })).toBe(1)
    expect(grew(HTTP, { route: '/api/getaccountinfo/:customerNumber', status_class: '2xx' })).toBe(1)
    expect(grew(API, { call: 'GET /getaccountinfo/:customerNumber', outcome: 'refused' })).toBe(1)
    expect(grew(API, { call: 'GET /getaccountinfo/:customerNumber', outcome: 'success' })).toBe(1)
  })

  it("counts a statement's PDF export as a print", async () => {
    const before = await scrape(server.url)
    const res = await fetch(`${server.url}/statementv2/pdf?customer=${ACME}&range=lastWeek`, {
      headers: { cookie, accept: 'application/pdf' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    await res.arrayBuffer()
    const pdfRoute = { route: '/statementv2/pdf' }
    const after = await scrapeWhen(server.url, (now) => total(now, HTTP, pdfRoute) > total(before, HTTP, pdfRoute))
    expect(total(after, PDF, { outcome: 'printed' }) - total(before, PDF, { outcome: 'printed' })).toBe(1)
    expect(total(after, HTTP, { route: '/statementv2/pdf' }) - total(before, HTTP, { route: '/statementv2/pdf' })).toBe(
      1,
    )
    expect(total(after, 'portal_pdf_renders_active')).toBe(0)
    expect(total(after, 'portal_pdf_renders_waiting')).toBe(0)
  })

  it('shows the prints running and those waiting for a turn', async () => {
    // A "browser" that never answers holds every print at its start: MAX_RENDERS run, the rest wait.
    await closePdfPrinter()
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stuck-browser-'))
    const pidFile = path.join(dir, 'pid')
    const browser = path.join(dir, 'chromium')
    fs.writeFileSync(browser, `#!/bin/sh\necho $$ > ${pidFile}\nexec sleep 120\n`, { mode: 0o755 })
    process.env.CHROMIUM_PATH = browser
    const before = await scrape(server.url)
    const prints = Array.from({ length: MAX_RENDERS + 2 }, () =>
      printPdf('<!doctype html><title>t</title><p>x</p>').then(
        () => 'printed',
        () => 'failed',
      ),
    )
    try {
      const held = await scrape(server.url)
      expect(total(held, 'portal_pdf_renders_active')).toBe(MAX_RENDERS)
      expect(total(held, 'portal_pdf_renders_waiting')).toBe(2)
    } finally {
      // The waiting prints find no browser; the stuck one is stopped.
      process.env.CHROMIUM_PATH = '/nonexistent/chromium'
      await expect.poll(() => fs.existsSync(pidFile)).toBe(true)
      process.kill(Number(fs.readFileSync(pidFile, 'utf8')), 'SIGKILL')
    }
    expect(await Promise.all(prints)).toEqual(Array(MAX_RENDERS + 2).fill('failed'))
    fs.rmSync(dir, { recursive: true, force: true })
    const after = await scrape(server.url)
    expect(total(after, PDF, { outcome: 'failed' }) - total(before, PDF, { outcome: 'failed' })).toBe(MAX_RENDERS + 2)
    expect(total(after, 'portal_pdf_renders_active')).toBe(0)
    expect(total(after, 'portal_pdf_renders_waiting')).toBe(0)
  })

  it('keeps the route labels bounded whatever addresses are requested', async () => {
    const randomAddresses = () => {
      const token = () => crypto.randomBytes(6).toString('hex')
      return [
        `/${token()}`,
        `/${token()}/${token()}/${token()}`,
        `/emails/${token()}`,
        `/${token()}.data`,
        `/home.data?customer=${token()}`,
        `/api/${token()}`,
        `/api/getaccountinfo/${token()}`,
        `/build/${token()}.js`,
        `/${token()}.png`,
        `/oidc/${token()}`,
        `/home?customer=${token()}`,
      ]
    }
    const series = (samples: Sample[]) =>
      new Set(samples.filter((s) => s.name === HTTP).map((s) => JSON.stringify(s.labels)))
    const answered = (samples: Sample[]) =>
      samples.filter((s) => s.name === HTTP && s.labels.route !== '/metrics').reduce((sum, s) => sum + s.value, 0)
    /** The samples once every request of the round is counted. */
    const round = async (addresses: string[]) => {
      const before = answered(await scrape(server.url))
      for (const address of addresses) await page(address)
      return scrapeWhen(server.url, (now) => answered(now) >= before + addresses.length)
    }

    const first = randomAddresses()
    const seen = series(await round(first))
    const second = randomAddresses()
    await round(second)
    const samples = await round(randomAddresses())
    // Two more rounds of new addresses made no new series (the scrapes had theirs already).
    expect(series(samples)).toEqual(seen)
    const routes = new Set(samples.filter((s) => s.name === HTTP).map((s) => s.labels.route))
    for (const address of [...first, ...second]) {
      const token = address.split(/[/.?=]/).find((part) => /^[0-9a-f]{12}$/.test(part))!
      for (const route of routes) expect(route).not.toContain(token)
    }
    expect(routes).toContain('/*')
    expect(routes).toContain('/emails/:id')
    expect(routes).toContain('/api/*')
  })
})

describe('who may read /metrics', () => {
  const denied = (reply: { status: number; text: string }) => {
    expect(reply.status).toBe(404)
    expect(reply.text).toBe('Not Found')
  }

  it('refuses a remote client behind a proxy on this machine, whatever it forged before the proxy', async () => {
    // The proxy connects from loopback and adds the address it was reached from.
    denied(await plainGet(`${server.url}/metrics`, { 'x-forwarded-for': '203.0.113.9' }))
    denied(await plainGet(`${server.url}/metrics`, { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' }))
    denied(await plainGet(`${server.url}/metrics`, { 'x-forwarded-for': '::1, 2001:db8::9' }))
  })

  it.skipIf(!ipv4)(
    'refuses a client on another address of the machine, with or without a forged X-Forwarded-For',
    async () => {
      const port = Number(new URL(server.url).port)
      for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }, { 'x-forwarded-for': '::1' }] as Record<
        string,
        string
      >[]) {
        denied(await plainGet(`${urlAt(ipv4!, port)}/metrics`, headers))
      }
      if (ipv6) denied(await plainGet(`${urlAt(ipv6, port)}/metrics`, { 'x-forwarded-for': '127.0.0.1' }))
      // The same socket reads the portal as any client does.
      expect((await plainGet(`${urlAt(ipv4!, port)}/healthz`)).status).toBe(200)
    },
  )
})

describe('METRICS_ALLOW', () => {
  let other: TestServer | undefined
  afterEach(async () => {
    await other?.close()
    other = undefined
  })
  const port = (s: TestServer) => Number(new URL(s.url).port)

  it('set to addresses that leave out loopback: loopback is refused', async () => {
    other = await startTestServer({ HOST: '::', METRICS_ALLOW: '10.9.9.9, 2001:db8::/32' })
    expect((await plainGet(`${other.url}/metrics`)).status).toBe(404)
    expect((await plainGet(`${urlAt('::1', port(other))}/metrics`)).status).toBe(404)
    expect((await plainGet(`${urlAt('::1', port(other))}/healthz`)).status).toBe(200)
  })

  it('set but empty: nobody may read it', async () => {
    other = await startTestServer({ METRICS_ALLOW: '' })
    expect((await plainGet(`${other.url}/metrics`)).status).toBe(404)
  })

  it.skipIf(!ipv4)(
    "allows an IPv4 client reaching a dual-stack socket (IPv4-mapped) and a proxy's client in the list",
    async () => {
      other = await startTestServer({ HOST: '::', METRICS_ALLOW: `${ipv4}/32` })
      const reply = await plainGet(`${urlAt(ipv4!, port(other))}/metrics`)
      expect(reply.status).toBe(200)
      expect(families(reply.text)).toContain('portal_http_request_duration_seconds')
      expect((await plainGet(`${other.url}/metrics`)).status).toBe(404)
      // Through a proxy on this machine: the client the proxy names is the one checked.
      expect((await plainGet(`${other.url}/metrics`, { 'x-forwarded-for': ipv4! })).status).toBe(200)
    },
  )
})
