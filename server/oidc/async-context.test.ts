import { AsyncLocalStorage } from 'node:async_hooks'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { providerStorage, releaseWhenIdle } from './async-context'

let server: http.Server | undefined
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

/** An app whose /slow requests wait for `release` before answering; each runs inside storage.run() like the provider's. */
async function start(storage: AsyncLocalStorage<unknown>) {
  const waiting: (() => void)[] = []
  const app = express()
  app.use(releaseWhenIdle(storage), (req, res) =>
    storage.run(req.url, async () => {
      if (req.url === '/slow') await new Promise<void>((resolve) => waiting.push(resolve))
      res.send(String(storage.getStore()))
    }),
  )
  server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server!.once('listening', resolve))
  const base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`
  return { get: (path: string) => fetch(base + path).then((r) => r.text()), waiting }
}

describe('releaseWhenIdle', () => {
  it('disables the storage once the last request in progress has ended, not before', async () => {
    const storage = new AsyncLocalStorage<unknown>()
    // A context entered here survives only as long as the storage is not disabled.
    storage.enterWith('outside')
    const { get, waiting } = await start(storage)

    const slow = get('/slow')
    await expect.poll(() => waiting.length).toBe(1)
    expect(await get('/fast')).toBe('/fast')
    expect(storage.getStore(), 'a request is still in progress').toBe('outside')

    waiting[0]()
    expect(await slow).toBe('/slow')
    await expect.poll(() => storage.getStore()).toBeUndefined()
  })

  it("is given oidc-provider's own storage", () => {
    expect(providerStorage).toBeInstanceOf(AsyncLocalStorage)
  })
})
