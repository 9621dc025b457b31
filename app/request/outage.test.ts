/**
 * The portal when the licensing API fails: a real portal server (the built app,
 * the embedded identity provider, its own database) pointed at a fake API that
 * refuses connections, resets them, answers 500, answers something that is not an
 * envelope, or never answers. Each page answers within its deadline (the real
 * 10 s), says plainly that the service is not answering (503, inside the shell),
 * never turns the outage into a refusal, and a write whose reply was lost is not
 * sent again. Builds the portal first when its build is missing or stale.
 */
import http from 'node:http'
import type net from 'node:net'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../../server/app'
import { ensureBuild } from '../../tests/api/support/portal'
import { loadConfig } from '../../server/config'
import { freePort } from '../../tests/api/support/server'
import { signedInCookie } from '../../tests/support/portal-session'
import { SERVICE_UNAVAILABLE_MESSAGE } from '../view/service-status'
import { makeInfo } from '../../tests/support/domain-builders'

type Scenario = 'answer' | 'refuse' | 'reset' | '500' | 'shape' | 'hang'

const CUSTOMER = '1000001'
const INFO = makeInfo({
  customerNumber: CUSTOMER,
  customerName: 'Acme Aerospace',
  isPortalEdit: 1,
  hasSSL: 1,
  hasElastic: 1,
})

/** What a working API would answer, by method and path. */
const ANSWERS: Record<string, unknown> = {
  [`GET /api/getaccountinfo/${CUSTOMER}`]: INFO,
  'GET /api/featureflag/features': [],
  'GET /api/environment': 'dev',
  'GET /api/notifications': [],
  'GET /api/getBuildInfo': 'test build',
  'POST /api/devices/elastic': { deviceId: 'cls-1', alias: 'Main server' },
  'POST /api/getips': { whitelist: [] },
}

/** The fake licensing API: answers ANSWERS, and fails the paths `failing` picks the way `scenario` says. */
class FakeApi {
  scenario: Scenario = 'answer'
  failing: (call: string) => boolean = () => true
  requests: string[] = []
  private server = http.createServer((req, res) => this.handle(req, res))
  private sockets = new Set<net.Socket>()
  port = 0

  async start() {
    this.port = await freePort()
    this.server.on('connection', (socket) => {
      this.sockets.add(socket)
      socket.on('close', () => this.sockets.delete(socket))
    })
    await this.listen()
  }

  private listen() {
    return new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve))
  }

  /** From now on, connections are refused (nothing listens on the port), or accepted again. */
  async refuse(on: boolean) {
    if (on === !this.server.listening) return
    if (on) {
      for (const socket of this.sockets) socket.destroy()
      await new Promise((resolve) => this.server.close(resolve))
    } else await this.listen()
  }

  async stop() {
    await this.refuse(true)
  }

  count(call: string) {
    return this.requests.filter((r) => r === call).length
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const call = `${req.method} ${req.url}`
    this.requests.push(call)
    req.resume()
    const reply = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(body)
    }
    if (this.scenario !== 'answer' && this.failing(call)) {
      if (this.scenario === 'reset') return req.socket.resetAndDestroy()
      if (this.scenario === '500') return reply(500, '{"status":"FAILURE","err":"Internal error"}')
      if (this.scenario === 'shape') return reply(200, '<html>maintenance</html>')
      if (this.scenario === 'hang') return
    }
    if (call in ANSWERS) return reply(200, JSON.stringify({ status: 'SUCCESS', data: ANSWERS[call] }))
    if (call === 'POST /api/setips') return reply(200, '{"status":"SUCCESS","data":null}')
    reply(404, '{"status":"FAILURE","err":"Not found"}')
  }
}

const api = new FakeApi()
let portal: RunningServer
let dir: string
let cookie: string

beforeAll(async () => {
  await ensureBuild()
  await api.start()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outage-test-'))
  const port = await freePort()
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_PATH: path.join(dir, 'portal.db'),
    LOG_REQUESTS: '0',
    PORTAL_ENVIRONMENT: 'dev',
    API_BASE_URL: `http://127.0.0.1:${api.port}/api`,
  })
  expect(config.embeddedApi).toBe(false)
  expect(config.pageDeadlineMs).toBe(10_000)
  portal = await startServer(config)
  // The session the sign-in would store; the fake API takes any token.
  cookie = await signedInCookie({ db: portal.db, config }, { email: 'admin@acme.example' }, 'any-token')
}, 240_000)

afterAll(async () => {
  await portal?.close()
  await api.stop()
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

async function timed(path: string, form?: Record<string, string>) {
  const started = Date.now()
  const res = await fetch(`${portal.url}${path}`, {
    method: form ? 'POST' : 'GET',
    redirect: 'manual',
    headers: {
      cookie,
      origin: portal.config.publicUrl,
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: form ? new URLSearchParams(form).toString() : undefined,
  })
  const html = await res.text()
  return { status: res.status, html, ms: Date.now() - started }
}

/** The page says the service is not answering, inside the shell, and nothing else about the customer. */
function expectOutagePage(page: { status: number; html: string }) {
  expect(page.status).toBe(503)
  expect(page.html).toContain(SERVICE_UNAVAILABLE_MESSAGE)
  expect(page.html).toContain('aria-label="Main"')
  expect(page.html).toContain('aria-label="Breadcrumb"')
  expect(page.html).toMatch(/<input[^>]*name="q"/)
  expect(page.html).not.toContain('was not found or you do not have access')
  expect(page.html).not.toContain('enough permissions')
}

async function use(scenario: Scenario, failing: (call: string) => boolean = () => true) {
  await api.refuse(scenario === 'refuse')
  api.scenario = scenario
  api.failing = failing
  api.requests = []
}

const HOME = `/home?customer=${CUSTOMER}`
const IP_SETTINGS = `/whitelistips?customer=${CUSTOMER}`
const NEW_RULE = { 'rules[0].rulename': 'Office', 'rules[0].ipaddress': '192.0.2.10', baseline: '[]' }
const isWrite = (call: string) => call === 'POST /api/setips'

describe('a page when the licensing API fails', () => {
  it('works when the API answers', async () => {
    await use('answer')
    const home = await timed(HOME)
    expect(home.status).toBe(200)
    expect(home.html).toContain('Acme Aerospace')
  })

  const FAILURES = {
    refuse: 'refuses connections',
    reset: 'resets connections',
    '500': 'answers 500',
    shape: 'answers 200 with something that is not an envelope',
  } as const
  for (const scenario of Object.keys(FAILURES) as (keyof typeof FAILURES)[]) {
    it(`/home: the API ${FAILURES[scenario]}: a prompt 503 in the shell`, async () => {
      await use(scenario)
      const home = await timed(HOME)
      expectOutagePage(home)
      // The reads' retries (spec: 5 attempts, 100 to 400 ms apart), once per page.
      expect(home.ms).toBeLessThan(3_000)
    })
  }

  /**
   * The page's deadline is 10 s. What follows it (ending the calls, rendering the outage page) takes
   * milliseconds on a quiet machine and up to a second on a loaded one; a page that waited for a call's
   * own timeout, or retried a hung read, would take 20 s or more.
   */
  const PAST_DEADLINE_MS = 12_000

  it('/home: the API hangs: the page answers at its 10 s deadline with a 503 in the shell', async () => {
    await use('hang')
    const home = await timed(HOME)
    expectOutagePage(home)
    expect(home.ms).toBeGreaterThanOrEqual(9_500)
    expect(home.ms).toBeLessThan(PAST_DEADLINE_MS)
  }, 20_000)

  for (const scenario of ['500', 'reset'] as const) {
    it(`IP Settings save: the write fails with a ${scenario}: sent once, reported as an outage`, async () => {
      await use(scenario, isWrite)
      const saved = await timed(IP_SETTINGS, NEW_RULE)
      expectOutagePage(saved)
      expect(api.count('POST /api/setips')).toBe(1)
      expect(saved.ms).toBeLessThan(3_000)
    })
  }

  it('IP Settings save: the write hangs: sent once, answered at the deadline', async () => {
    await use('hang', isWrite)
    const saved = await timed(IP_SETTINGS, NEW_RULE)
    expectOutagePage(saved)
    expect(api.count('POST /api/setips')).toBe(1)
    expect(saved.ms).toBeGreaterThanOrEqual(9_500)
    expect(saved.ms).toBeLessThan(PAST_DEADLINE_MS)
  }, 20_000)

  it('IP Settings save: refused connections: nothing reached the API, so asking again is safe', async () => {
    await use('refuse')
    const saved = await timed(IP_SETTINGS, NEW_RULE)
    expect(saved.status).toBe(503)
    expect(saved.html).toContain(SERVICE_UNAVAILABLE_MESSAGE)
    expect(saved.ms).toBeLessThan(3_000)
  })
})
