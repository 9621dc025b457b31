import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../tests/api/support/server'
import { signedInCookie } from '../../tests/support/portal-session'
import { createLoadContext } from '../load-context'
import { requireAuth } from './auth.server'

let server: TestServer
let cookie: string

beforeAll(async () => {
  server = await startTestServer()
  cookie = await signedInCookie(server, { email: 'admin@acme.example' }, 'a-token')
})
afterAll(async () => {
  await server?.close()
})

describe('requireAuth', () => {
  it('gives the loaders of one request one session, and another request its own', async () => {
    const request = new Request('http://portal.test/home?customer=1000001', { headers: { cookie } })
    const context = createLoadContext({ cspNonce: 'test', db: server.db, config: server.config })
    const [shell, screen] = await Promise.all([requireAuth(request, context), requireAuth(request, context)])
    expect(shell.user.email).toBe('admin@acme.example')
    // What the shell changes (the flash it showed, the customer it left) is what the screen sees and saves.
    expect(screen.session).toBe(shell.session)

    const next = createLoadContext({ cspNonce: 'test', db: server.db, config: server.config })
    expect((await requireAuth(request, next)).session).not.toBe(shell.session)
  })
})
