/**
 * Loader data a page defers travels through our entry.server: the shell is
 * sent first, and the value follows in the same document once it settles.
 * A two-route app (root and /later) is served by Remix's own request handler
 * with the real entry.server module.
 */
import { Suspense } from 'react'
import { describe, expect, it } from 'vitest'
import { createRequestHandler, type AppLoadContext, type ServerBuild } from '@remix-run/node'
import { Await, Outlet, Scripts, useLoaderData } from '@remix-run/react'
import * as entryServer from './entry.server'

function deferredValue() {
  let resolve!: (value: string) => void
  const promise = new Promise<string>((r) => (resolve = r))
  return { promise, resolve }
}

let later = deferredValue()

function Root() {
  return (
    <html lang="en">
      <head />
      <body>
        <Outlet />
        <Scripts nonce="test-nonce" />
      </body>
    </html>
  )
}

function laterLoader() {
  return { title: 'Usage', count: later.promise }
}

function Later() {
  const data = useLoaderData<typeof laterLoader>()
  return (
    <main>
      <h1>{data.title}</h1>
      <Suspense fallback={<p>Counting…</p>}>
        <Await resolve={data.count}>{(count) => <p id="count">{`Counted: ${count}`}</p>}</Await>
      </Suspense>
    </main>
  )
}

const manifestRoute = {
  hasAction: false,
  hasClientAction: false,
  hasClientLoader: false,
  hasErrorBoundary: false,
  imports: [],
}

const build: ServerBuild = {
  mode: 'production',
  entry: { module: entryServer },
  routes: {
    root: { id: 'root', path: '', module: { default: Root } },
    'routes/later': {
      id: 'routes/later',
      parentId: 'root',
      path: 'later',
      module: { default: Later, loader: laterLoader },
    },
  },
  assets: {
    entry: { imports: [], module: '/build/entry.client.js' },
    routes: {
      root: { ...manifestRoute, id: 'root', path: '', module: '/build/root.js', hasLoader: false },
      'routes/later': {
        ...manifestRoute,
        id: 'routes/later',
        parentId: 'root',
        path: 'later',
        module: '/build/routes/later.js',
        hasLoader: true,
      },
    },
    url: '/build/manifest.js',
    version: 'test',
  },
  publicPath: '/build/',
  assetsBuildDirectory: 'public/build',
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: true,
  },
  isSpaMode: false,
}

const context = { cspNonce: 'test-nonce' } as AppLoadContext

describe('entry.server', () => {
  it('sends the shell before a deferred value settles, and the value after it in the same document', async () => {
    later = deferredValue()
    const response = await createRequestHandler(build, 'production')(new Request('http://portal.test/later'), context)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('Cache-Control')).toBe('no-store')

    // The shell arrives while the value is still pending.
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
    let shell = ''
    while (!shell.includes('Counting…')) {
      const { done, value } = await reader.read()
      if (done) break
      shell += value
    }
    expect(shell).toMatch(/^<!DOCTYPE html>/)
    expect(shell).toContain('<h1>Usage</h1>')
    expect(shell).toContain('Counting…')
    expect(shell).not.toContain('Counted: ')

    later.resolve('1 234 cores')
    let rest = ''
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      rest += value
    }
    const document = shell + rest
    // React puts the settled boundary in place, and the page data hands the value to the browser.
    expect(rest).toContain('<p id="count">Counted: 1 234 cores</p>')
    expect(rest).toMatch(/streamController\.enqueue\([^<]*1 234 cores/)
    expect(document).toContain('streamController.close()')
    // Everything, the late parts included, is inside the document: the end tags come last, once.
    expect(shell).not.toContain('</html>')
    expect(document.match(/<\/body><\/html>/g)).toHaveLength(1)
    expect(document.endsWith('</body></html>')).toBe(true)
    // Every inline script, React's own included, carries the page's CSP nonce.
    const scripts = document.match(/<script\b[^>]*>/g) ?? []
    expect(scripts.length).toBeGreaterThan(1)
    for (const tag of scripts) expect(tag).toContain('nonce="test-nonce"')
  })
})
