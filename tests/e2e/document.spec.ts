import { expect, test } from '@playwright/test'
import { signIn } from './support/auth'

/** How a page travels: whole, plain or gzipped; HEAD with headers alone. The same with or without JavaScript. */
test('a page is sent whole, plain or compressed, and HEAD answers with headers alone', async ({ page }) => {
  await signIn(page, 'admin@acme.example')
  const path = '/home?customer=1000001'
  const plain = await page.request.get(path, { headers: { 'accept-encoding': 'identity' } })
  const body = await plain.body()
  expect(plain.status()).toBe(200)
  expect(plain.headers()['content-type']).toBe('text/html; charset=utf-8')
  expect(plain.headers()['content-encoding']).toBeUndefined()
  const text = body.toString('utf8').trimEnd()
  // Complete: the page data's script, which comes last, closes its stream.
  const complete = (html: string) =>
    html.startsWith('<!DOCTYPE html>') &&
    html.includes('</html>') &&
    /streamController\.close\(\);<\/script>(<!--\/\$-->)?$/.test(html)
  expect(complete(text)).toBe(true)
  expect(text).toContain('Acme Aerospace')

  const gzip = await page.request.get(path, { headers: { 'accept-encoding': 'gzip' } })
  expect(gzip.headers()['content-encoding']).toBe('gzip')
  expect(complete((await gzip.text()).trimEnd())).toBe(true)

  const head = await page.request.head(path, { headers: { 'accept-encoding': 'identity' } })
  expect(head.status()).toBe(200)
  expect(head.headers()['content-security-policy']).toContain("'nonce-")
  expect(await head.body()).toHaveLength(0)
})

/** Beside the pages, the same server answers the API, the health check and static files, each with its own headers. */
test('the API, the health check and static files are answered beside the pages', async ({ request }) => {
  for (const path of ['/api/getBuildInfo', '/API/getBuildInfo']) {
    const api = await request.get(path)
    expect(api.status(), path).toBe(401)
    expect(api.headers()['content-type']).toContain('application/json')
    expect(api.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
  }

  const health = await request.get('/healthz')
  expect(health.status()).toBe(200)
  expect(await health.json()).toEqual({ status: 'ok' })
  expect(health.headers()['content-security-policy']).toContain("'nonce-")

  const favicon = await request.get('/favicon.ico')
  expect(favicon.status()).toBe(200)
  expect(favicon.headers()['content-type']).toBe('image/x-icon')

  // A path that only begins like the API's is a page: signed out, it asks for sign-in.
  const page = await request.get('/apis', { maxRedirects: 0 })
  expect(page.status()).toBe(302)
  expect(page.headers()['location']).toMatch(/^\/auth\/login\?returnTo=%2Fapis$/)
  expect(page.headers()['content-security-policy']).toContain("'nonce-")
})
