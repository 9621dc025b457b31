/**
 * No control character is stored: every text field of every write call of the
 * call table, sent with a NUL or a line break in it, is refused with 400 and
 * nothing changes. The calls and their bodies come from the sweep's shared
 * requests, so a write call added later is covered. And a usage session's
 * product, user, host and project cannot start like a spreadsheet formula.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiCallTable } from '../../api/index'
import type { Call } from '../../api/call-table'
import { FREE_TEXT_MESSAGES } from '../../app/domain/free-text'
import { clearTokenCache, getAccessToken } from '../support/tokens'
import { callName, customerData, dataSnapshot, isReadCall, requestFor, WRITE_BODIES } from './support/call-requests'
import { usageCalls } from '../../api/contract/usage'
import { apiClient, startTestServer, type TestServer } from './support/server'

const ACME = '1000001'
const BUSOPS = 'busops@vendor.example'
/** Write calls whose request holds no text. */
const NO_TEXT = new Set(['DELETE /emails/:id'])

let server: TestServer
let calls: readonly Call[]
let api: ReturnType<typeof apiClient>

beforeAll(async () => {
  server = await startTestServer()
  calls = apiCallTable({ config: server.config, db: server.db }).calls
  api = apiClient(server.url, await getAccessToken(server.url, BUSOPS))
  await api.get('/getUserDetails')
})
afterAll(async () => {
  clearTokenCache()
  await server?.close()
})

type Path = (string | number)[]

/** The path of every string in a request body. */
function textPaths(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path]
  if (Array.isArray(value)) return value.flatMap((item, i) => textPaths(item, [...path, i]))
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => textPaths(v, [...path, k]))
  return []
}

/** The body with the string at `path` changed by `change`. */
function withText(body: unknown, path: Path, change: (text: string) => string): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>
  let at = copy
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>
  const last = path[path.length - 1]
  at[last] = change(at[last] as string)
  return copy
}

/** The character inside the text (after its first character), where trimming does not remove it. */
const inside = (character: string) => (text: string) => `${text.slice(0, 1)}${character}${text.slice(1)}`

describe('control characters', () => {
  it('every write call of the call table has a body to sweep', () => {
    const writes = calls.filter((c) => !isReadCall(c)).map(callName)
    expect(writes.filter((name) => !(name in WRITE_BODIES))).toEqual([])
  })

  it('are refused with 400 in every text field of every write call, and nothing changes', async () => {
    const data = await customerData(server.db, ACME)
    const before = await dataSnapshot(server.db)
    const answers: Record<string, unknown> = {}
    const expected: Record<string, unknown> = {}
    for (const call of calls.filter((c) => !isReadCall(c))) {
      const { url, body } = requestFor(data, call)
      const paths = textPaths(body)
      expect([callName(call), paths.length > 0]).toEqual([callName(call), !NO_TEXT.has(callName(call))])
      for (const path of paths) {
        for (const [label, character] of [
          ['NUL', '\u0000'],
          ['line break', '\n'],
        ]) {
          const reply = await api.call(call.method, url, withText(body, path, inside(character)))
          const name = `${callName(call)} ${path.join('.')} with a ${label}`
          answers[name] = [reply.http, reply.body.status]
          expected[name] = [400, 'FAILURE']
        }
      }
    }
    expect(answers).toEqual(expected)
    expect(await dataSnapshot(server.db)).toEqual(before)
  })
})

describe('POST /api/usage/sessions', () => {
  const session = async () =>
    requestFor(await customerData(server.db, ACME), {
      ...usageCalls.recordSession,
      declaration: usageCalls.recordSession,
    })

  it('refuses NUL bytes and line breaks in product, user and host, saying which field and why', async () => {
    const { url, body } = await session()
    const before = await dataSnapshot(server.db)
    for (const field of ['product', 'user', 'host']) {
      for (const text of ['Ansys\u0000Fluent', 'ws-01\n', 'jane\r\ndoe']) {
        const reply = await api.post(url, { ...(body as object), [field]: text })
        expect([field, text, reply.http, reply.body]).toEqual([
          field,
          text,
          400,
          { status: 'FAILURE', err: `${field}: ${FREE_TEXT_MESSAGES.control}` },
        ])
      }
    }
    expect(await dataSnapshot(server.db)).toEqual(before)
  })

  it('refuses a product, user, host or project that starts with =, @, + or -', async () => {
    const { url, body } = await session()
    const before = await dataSnapshot(server.db)
    for (const field of ['product', 'user', 'host', 'project']) {
      for (const text of ['=1+1', '@SUM(A1)', '+cmd', '-cmd', ' =HYPERLINK("x")']) {
        const reply = await api.post(url, { ...(body as object), [field]: text })
        expect([field, text, reply.http, reply.body]).toEqual([
          field,
          text,
          400,
          { status: 'FAILURE', err: `${field}: ${FREE_TEXT_MESSAGES.formula}` },
        ])
      }
    }
    expect(await dataSnapshot(server.db)).toEqual(before)
  })

  it('stores a session whose names hold those characters further in', async () => {
    const { url, body } = await session()
    const reply = await api.post<{ id: string }>(url, {
      ...(body as object),
      user: 'j.doe@example.com',
      host: 'ws-01',
      project: 'a=b',
    })
    expect(reply.http, JSON.stringify(reply.body)).toBe(200)
  })
})
