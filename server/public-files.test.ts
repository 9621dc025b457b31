import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import http from 'node:http'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicFiles } from './public-files'

let dir: string
let server: http.Server
let base: string

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'public-'))
  fs.writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\n')
  fs.mkdirSync(path.join(dir, 'build'))
  fs.writeFileSync(path.join(dir, 'build', 'app.js'), 'x')
  const app = express()
  const files = publicFiles(dir)
  expect(files.paths).toEqual(['/robots.txt'])
  app.use(files.serve)
  app.use((_req, res) => res.status(404).send('portal'))
  server = app.listen(0, '127.0.0.1')
  await new Promise((r) => server.once('listening', r))
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})
afterAll(() => {
  server.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('publicFiles', () => {
  it('serves a top-level file with a cache lifetime', async () => {
    const res = await fetch(`${base}/robots.txt`)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('User-agent: *\n')
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600')
  })

  it('passes everything else on: pages, folders and files below them', async () => {
    for (const p of ['/home', '/build', '/build/app.js', '/robots.txt/x']) {
      expect(await (await fetch(`${base}${p}`)).text()).toBe('portal')
    }
  })
})
