import http from 'node:http'
import { expect, test } from './support/test'
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
  // Complete: the page data's last script closes its stream, inside the document, which ends once, last.
  const complete = (html: string) =>
    html.startsWith('<!DOCTYPE html>') &&
    html.indexOf('streamController.close();</script>') > 0 &&
    html.indexOf('streamController.close();</script>') < html.indexOf('</body></html>') &&
    html.indexOf('</html>') === html.length - '</html>'.length
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

/** Sends a request line and Host header exactly as given (a browser or Playwright would resolve '//x' against another host). */
function rawGet(baseURL: string, path: string, host: string) {
  const { hostname, port } = new URL(baseURL)
  return new Promise<{ status: number; location?: string }>((resolve, reject) => {
    http
      .get({ hostname, port, path, headers: { host } }, (res) => {
        res.resume()
        resolve({ status: res.statusCode ?? 0, location: res.headers.location })
      })
      .on('error', reject)
  })
}

test('a path that begins with two slashes is a path on this host; a Host header that makes no URL is a 400', async ({
  baseURL,
}) => {
  const host = new URL(baseURL!).host
  const twoSlashes = await rawGet(baseURL!, '//evil.example/home', host)
  expect(twoSlashes.status).toBe(302)
  expect(twoSlashes.location).toMatch(/^\/auth\/login(\?|$)/)
  // Read as a host and a path, the request would be for /home, and sign-in would lead back there.
  expect(new URL(twoSlashes.location!, baseURL).searchParams.get('returnTo')).not.toBe('/home')

  expect((await rawGet(baseURL!, '/home', 'a b')).status).toBe(400)
  expect((await rawGet(baseURL!, '/home', host)).status).toBe(302)
})
