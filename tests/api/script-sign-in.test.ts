/**
 * A script signs in to the API as its user by the device authorisation grant of
 * the embedded identity provider (README, "Calling the API from a script"): it
 * asks for a code, the user confirms the code in a browser and signs in, and the
 * script's token then calls the API with that user's rights. Driven here with
 * plain HTTP, as the README's curl lines do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SCRIPT_CLIENT_ID, DEVICE_CODE_GRANT } from '../../server/oidc/provider'
import { CookieJar, postLoginForm, readLoginForm, send } from '../support/sign-in'
import { apiClient, startTestServer, type TestServer } from './support/server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
})

/** A URL of the provider (which names the public address) on the test server. */
const local = (url: string) => {
  const u = new URL(url)
  const base = new URL(server.url)
  u.host = base.host
  return u.toString()
}

async function deviceAuthorization() {
  const res = await fetch(`${server.url}/oidc/device/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: SCRIPT_CLIENT_ID, scope: 'openid' }).toString(),
  })
  expect(res.status).toBe(200)
  return (await res.json()) as { device_code: string; user_code: string; verification_uri: string; interval: number }
}

async function token(deviceCode: string) {
  const res = await fetch(`${server.url}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: DEVICE_CODE_GRANT, device_code: deviceCode, client_id: SCRIPT_CLIENT_ID }),
  })
  return { status: res.status, body: (await res.json()) as Record<string, string> }
}

const hidden = (html: string, name: string) => new RegExp(`name="${name}"\\s+value="([^"]*)"`).exec(html)?.[1] ?? ''
const formAction = (html: string, pageUrl: string) =>
  new URL(/<form[^>]*\baction="([^"]+)"/.exec(html)![1], pageUrl).toString()

/** What the user does in a browser: the code page, the confirmation, the sign-in; the last page's text. */
async function confirmInBrowser(verificationUri: string, userCode: string, email: string) {
  const jar = new CookieJar()
  const pageUrl = local(verificationUri)
  let res = await send(jar, pageUrl)
  expect(res.status).toBe(200)
  let html = await res.text()
  expect(html).toContain('<label for="user_code">Code</label>')
  const action = local(formAction(html, pageUrl))
  res = await send(jar, action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ xsrf: hidden(html, 'xsrf'), user_code: userCode }).toString(),
  })
  html = await res.text()
  if (!html.includes('Let this script use the Licensing API as you?')) return html
  expect(html).toContain(userCode)
  res = await send(jar, action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ xsrf: hidden(html, 'xsrf'), user_code: hidden(html, 'user_code'), confirm: 'yes' }),
  })
  // The provider's sign-in, then back to the device flow's end.
  for (let hops = 0; hops < 10 && (res.status === 302 || res.status === 303); hops++) {
    const location = local(new URL(res.headers.get('location')!, pageUrl).toString())
    res = await send(jar, location)
    if (res.status === 200 && new URL(location).pathname.startsWith('/oidc/interaction/')) {
      res = await postLoginForm(jar, readLoginForm(await res.text(), location), email, 'demo')
    }
  }
  return res.text()
}

describe('a script signed in by the device authorisation grant', () => {
  it('waits for the user, then calls the API as the user who confirmed its code', async () => {
    const device = await deviceAuthorization()
    expect(device.user_code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/)
    expect(await token(device.device_code)).toMatchObject({ status: 400, body: { error: 'authorization_pending' } })

    const done = await confirmInBrowser(device.verification_uri, device.user_code, 'viewer@acme.example')
    expect(done).toContain('Your script is signed in.')

    const granted = await token(device.device_code)
    expect(granted.status).toBe(200)
    const api = apiClient(server.url, granted.body.access_token)
    const me = await api.get('/getUserDetails')
    expect(me.body).toMatchObject({ status: 'SUCCESS', data: { email: 'viewer@acme.example' } })
    // The viewer's rights, not more: reads Acme, changes nothing.
    expect((await api.get('/getaccountinfo/1000001')).http).toBe(200)
    const contacts = await api.post<unknown[]>('/getportalaccess', { customerNumber: '1000001' })
    expect(contacts.http).toBe(200)
    const save = await api.post('/setportalaccess', {
      customerNumber: '1000001',
      newContacts: contacts.body.data,
      oldContacts: contacts.body.data,
    })
    expect(save.http).toBe(403)
    expect((await api.get('/getaccountinfo/1000002')).http).toBe(403)
  })

  it('tells the user when the code is wrong, and the script gets no token', async () => {
    const device = await deviceAuthorization()
    const page = await confirmInBrowser(device.verification_uri, 'BCDF-GHJK', 'admin@acme.example')
    expect(page).toContain('That code is not valid or has expired.')
    expect(await token(device.device_code)).toMatchObject({ status: 400, body: { error: 'authorization_pending' } })
  })
})
