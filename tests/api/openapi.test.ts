/**
 * The published contract: GET /api/openapi.json is a valid OpenAPI 3.1 document
 * describing every call the API answers, GET /api/docs renders it as a page,
 * both without a token; a path that no declaration names is a 404 envelope.
 */
import fs from 'node:fs'
import { validate, compileErrors } from '@readme/openapi-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiCallTable } from '../../api/index'
import { callName } from '../../api/contract/define'
import { openApiPath } from '../../api/contract/openapi'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { apiClient, startTestServer, type TestServer } from './support/server'

let server: TestServer
let document: {
  openapi: string
  info: { version: string }
  paths: Record<string, Record<string, { 'x-access': string; 'x-caller': string; summary: string }>>
}

beforeAll(async () => {
  server = await startTestServer()
  const res = await fetch(`${server.url}/api/openapi.json`)
  expect(res.status).toBe(200)
  document = await res.json()
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0')
    // The portal's release, which a script can compare with the one it was written for.
    const { version } = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string
    }
    expect(version).toMatch(/^\d+\.\d+\.\d+$/)
    expect(document.info.version).toBe(version)
    const result = await validate(structuredClone(document) as never)
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true)
  })

  it('describes every call the API answers, with its access and who may call it', () => {
    const calls = apiCallTable({ config: server.config, db: server.db }).calls
    const undeclared = calls.filter((call) => !call.declaration).map(callName)
    expect(undeclared).toEqual([])
    for (const call of calls) {
      const operation = document.paths[openApiPath(call.path)]?.[call.method.toLowerCase()]
      expect(operation, callName(call)).toBeDefined()
      expect(operation['x-access']).toBe(call.declaration!.access)
      expect(operation['x-caller']).toBe(call.declaration!.caller)
      expect(operation.summary.length).toBeGreaterThan(0)
    }
    const operations = Object.values(document.paths).flatMap((item) => Object.keys(item))
    expect(operations).toHaveLength(calls.length)
  })

  it('is rendered as a reference page that needs no script', async () => {
    const res = await fetch(`${server.url}/api/docs`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'; style-src 'sha256-/)
    const html = await res.text()
    expect(html).not.toMatch(/<script/i)
    for (const path of Object.keys(document.paths)) expect(html).toContain(`<code>${path}</code>`)
    expect(html).toContain('Who may call it')
  })
})

describe('a path no declaration names', () => {
  it('is a 404 envelope', async () => {
    const token = await getAccessToken(server.url, 'admin@acme.example')
    const api = apiClient(server.url, token)
    for (const [method, path] of [
      ['GET', '/no-such-call'],
      ['POST', '/getaccounts/nothing'],
      ['DELETE', '/getaccounts'],
    ]) {
      const reply = await api.call(method, path, method === 'POST' ? {} : undefined)
      expect({ http: reply.http, body: reply.body }).toEqual({
        http: 404,
        body: { status: 'FAILURE', err: 'Unknown API call' },
      })
    }
  })
})
