/**
 * /metrics of a server of several processes (node:cluster, server/index.ts):
 * whichever worker receives the scrape, it reports the whole server.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyBaseDatabase } from '../support/base-database'
import { ensureBuild } from './support/portal'
import { freePort } from './support/server'
import { parseMetrics, plainGet, total } from './support/metrics'

const WORKERS = 2
const REQUESTS = 10
const HTTP = 'portal_http_request_duration_seconds_count'

let child: ChildProcess | undefined
let dir: string
let url: string

beforeAll(async () => {
  await ensureBuild()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'metrics-cluster-'))
  const databasePath = path.join(dir, 'portal.db')
  copyBaseDatabase(databasePath)
  const port = await freePort()
  url = `http://127.0.0.1:${port}`
  child = spawn(path.resolve('node_modules/.bin/tsx'), ['server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_PATH: databasePath,
      WEB_CONCURRENCY: String(WORKERS),
      LOG_REQUESTS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the cluster did not start in 90 s')), 90_000)
    child!.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Licensing portal listening')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child!.once('exit', (code) => reject(new Error(`the cluster exited (${code})`)))
  })
}, 120_000)

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('GET /metrics with several worker processes', () => {
  it('gives every request of every worker in each scrape, whichever worker answers it', async () => {
    // One connection each: node:cluster hands connections to the workers in turn, so each worker serves some.
    for (let i = 0; i < REQUESTS; i++) expect((await plainGet(`${url}/api/openapi.json`)).status).toBe(200)
    const route = { route: '/api/openapi.json', method: 'GET', status_class: '2xx' }
    const counts: number[] = []
    const nodeVersions: number[] = []
    for (let i = 0; i < 2 * WORKERS; i++) {
      const reply = await plainGet(`${url}/metrics`)
      expect(reply.status).toBe(200)
      const samples = parseMetrics(reply.text)
      counts.push(total(samples, HTTP, route))
      nodeVersions.push(samples.filter((s) => s.name === 'portal_nodejs_version_info').length)
    }
    expect(counts).toEqual(Array(2 * WORKERS).fill(REQUESTS))
    // A figure every worker has alike is reported once, not once per worker.
    expect(nodeVersions).toEqual(Array(2 * WORKERS).fill(1))
  })
})
