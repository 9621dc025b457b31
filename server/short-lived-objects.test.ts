/**
 * patches/@remix-run+server-runtime, patches/react-router-dom and
 * patches/turbo-stream (applied by `npm install`) keep per-page objects from
 * outliving the page: the session and the render's static router are class
 * instances instead of object literals with getters, and the page data's
 * encoder clears its five-second timer once everything is sent. These tests
 * pin what the patches must not change and what they remove.
 */
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { createSession, isSession } from '@remix-run/node'
import { readHandoff } from '../app/render/handoff.server'

const require = createRequire(import.meta.url)
const singleFetch = require('@remix-run/server-runtime/dist/single-fetch.js') as {
  encodeViaTurboStream(
    data: unknown,
    signal: AbortSignal,
    streamTimeout: number | undefined,
    serverMode: string,
  ): ReadableStream<Uint8Array>
}

const staticRouting = require('react-router-dom/server') as typeof import('react-router-dom/server')

const ownGetters = (object: object) =>
  Object.entries(Object.getOwnPropertyDescriptors(object))
    .filter(([, d]) => d.get || d.set)
    .map(([name]) => name)

const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length

describe('the session (patched server runtime)', () => {
  it('keeps the session contract: id, data, get, set, unset, has', () => {
    const session = createSession({ user: 'a', customer: '1000001' }, 'id-1')
    expect(isSession(session)).toBe(true)
    expect(session.id).toBe('id-1')
    expect(session.get('user')).toBe('a')
    session.set('customer', '1000002')
    session.unset('user')
    expect(session.has('user')).toBe(false)
    expect(session.data).toEqual({ customer: '1000002' })
    // data is a copy: changing it does not change the session.
    ;(session.data as Record<string, unknown>).customer = 'x'
    expect(session.get('customer')).toBe('1000002')
  })

  it('reads a flash value once', () => {
    const session = createSession<Record<string, unknown>, { flash: string }>({}, '')
    session.flash('flash', 'Saved.')
    expect(session.has('flash')).toBe(true)
    expect(session.get('flash')).toBe('Saved.')
    expect(session.get('flash')).toBeUndefined()
    expect(session.data).toEqual({})
  })

  it('keeps its methods working when they are taken off the session', () => {
    const { get, set } = createSession<Record<string, number>>({ a: 1 }, '')
    set('b', 2)
    expect([get('a'), get('b')]).toEqual([1, 2])
  })

  it('has no getters of its own (getters per object are what kept its data alive)', () => {
    expect(ownGetters(createSession({ user: 'a' }, 'id-1'))).toEqual([])
  })
})

describe('the static router of a render (patched react-router-dom)', () => {
  const routes = [{ id: 'root', path: '/', loader: () => ({ user: 'a' }), children: [{ id: 'home', path: 'home' }] }]

  async function render(url: string) {
    const handler = staticRouting.createStaticHandler(routes)
    const context = await handler.query(new Request(url))
    if (context instanceof Response) throw new Error('unexpected response')
    return {
      context,
      router: staticRouting.createStaticRouter(handler.dataRoutes, context, { future: { v7_relativeSplatPath: true } }),
    }
  }

  it('exposes the state, routes, basename and future flags of the render', async () => {
    const { context, router } = await render('http://portal.test/home')
    expect(router.state.loaderData).toEqual({ root: { user: 'a' }, home: null })
    expect(router.state.matches.map((m) => m.route.id)).toEqual(['root', 'home'])
    expect(router.state.location.pathname).toBe('/home')
    expect(router.routes.map((r) => r.id)).toEqual(['root'])
    expect(router.basename).toBe(context.basename)
    expect(router.future.v7_relativeSplatPath).toBe(true)
    expect(router.createHref(new URL('http://portal.test/x?a=1'))).toBe('/x?a=1')
    expect(() => router.navigate('/x')).toThrow(/stateless environment/)
  })

  it('has no getters of its own', async () => {
    const { router } = await render('http://portal.test/home')
    expect(ownGetters(router)).toEqual([])
  })
})

describe('the page data encoder (patched turbo-stream and server runtime)', () => {
  it('clears its timer once all the data is sent', async () => {
    const before = timers()
    const stream = singleFetch.encodeViaTurboStream(
      { root: { data: { a: 1 } } },
      new AbortController().signal,
      undefined,
      'production',
    )
    expect(timers()).toBe(before + 1)
    expect(await readHandoff(stream, 1_000)).toContain('"a"')
    await new Promise((resolve) => setImmediate(resolve))
    expect(timers()).toBe(before)
  })

  it('still sends deferred data that settles before the timeout, then clears its timer', async () => {
    const before = timers()
    const stream = singleFetch.encodeViaTurboStream(
      { root: { data: { later: new Promise((resolve) => setTimeout(() => resolve('done'), 10)) } } },
      new AbortController().signal,
      1_000,
      'production',
    )
    expect(await readHandoff(stream, 1_000)).toContain('"done"')
    await new Promise((resolve) => setImmediate(resolve))
    expect(timers()).toBe(before)
  })
})
