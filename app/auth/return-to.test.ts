import { describe, expect, it } from 'vitest'
import { localPath, loginUrlFor, requestPath, safeReturnTo } from './return-to'

/** Where a browser on the portal goes when it follows `location`. */
const followed = (location: string) => new URL(location, 'https://portal.example.com/home')

describe('safeReturnTo', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeReturnTo('/emails?customer=1001&sort=date')).toBe('/emails?customer=1001&sort=date')
    expect(safeReturnTo('/notifications')).toBe('/notifications')
    expect(safeReturnTo('/home?customer=1000001#alerts')).toBe('/home?customer=1000001')
  })

  it('returns the normalised path, the one it checked', () => {
    expect(safeReturnTo('/home/../emails')).toBe('/emails')
    expect(safeReturnTo('/./home/./x/..')).toBe('/home/')
    expect(safeReturnTo('/%2e%2e/emails')).toBe('/emails')
  })

  // Each reproduction answered "Location: //evil.example/phish" (or "/\evil...") before.
  const leaving = [
    '/..//evil.example/phish',
    '/.//evil.example/phish',
    '/home/..//evil.example/phish',
    '/auth/../\\evil.example/phish',
    '/%2e%2e//evil.example/phish',
    '/%2E%2e//evil.example',
    '/.%2e//evil.example',
    '/home/%2e%2e//evil.example',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/home\t',
    '/x\nfoo',
    '/\u0000',
    'https://evil.example/',
    'http://portal.invalid/home',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' /home',
    'emails',
    './/evil.example',
    '',
  ]

  it('refuses every value that could leave the site, whatever its spelling', () => {
    for (const bad of leaving) expect(safeReturnTo(bad), JSON.stringify(bad)).toBe('/home')
    expect(safeReturnTo(undefined)).toBe('/home')
    expect(safeReturnTo(null)).toBe('/home')
    expect(safeReturnTo(['/home'])).toBe('/home')
  })

  it('keeps an encoded slash, backslash or dot segment encoded: it stays inside one path segment', () => {
    for (const odd of ['/%2F%2Fevil.example', '/%5Cevil.example', '/%5C%5Cevil.example', '/home/..%2f/evil.example']) {
      expect(safeReturnTo(odd)).toBe(odd)
      expect(followed(safeReturnTo(odd)).origin, odd).toBe('https://portal.example.com')
    }
  })

  it('never returns into the sign-in routes', () => {
    expect(safeReturnTo('/auth/login?returnTo=/x')).toBe('/home')
    expect(safeReturnTo('/auth/callback')).toBe('/home')
    expect(safeReturnTo('/AUTH/logout')).toBe('/home')
    expect(safeReturnTo('/home/../auth/login')).toBe('/home')
    expect(safeReturnTo('/authors')).toBe('/authors')
  })

  it('uses the fallback given', () => {
    expect(safeReturnTo('//evil.example', '')).toBe('')
  })
})

describe('localPath', () => {
  it('is null for anything but a local path', () => {
    expect(localPath('/home?customer=1')).toBe('/home?customer=1')
    expect(localPath('/..//evil.example/phish')).toBeNull()
    expect(localPath('/auth/login')).toBe('/auth/login')
    expect(localPath(42)).toBeNull()
  })
})

describe('requestPath', () => {
  it('makes the leading slashes of the request path one', () => {
    // How the server builds the Request for GET //evil.example/phish and GET /\evil.example.
    expect(requestPath(new URL('http://localhost:3000//evil.example/phish?x=1'))).toBe('/evil.example/phish?x=1')
    expect(requestPath(new URL('http://localhost:3000/\\evil.example'))).toBe('/evil.example')
    expect(requestPath(new URL('http://localhost:3000///a//b'))).toBe('/a//b')
    expect(requestPath(new URL('http://localhost:3000/emails?customer=1'))).toBe('/emails?customer=1')
    expect(requestPath(new URL('http://localhost:3000/'))).toBe('/')
  })
})

describe('loginUrlFor', () => {
  it('brings the user back to the page they asked for', () => {
    expect(loginUrlFor(new Request('http://localhost/emails?customer=1001'))).toBe(
      '/auth/login?returnTo=%2Femails%3Fcustomer%3D1001',
    )
    expect(loginUrlFor(new Request('http://localhost/auth/logout'))).toBe('/auth/login')
  })

  it('brings the user back to a local path for a request whose path starts with two slashes', () => {
    expect(loginUrlFor(new Request('http://localhost//evil.example/phish'))).toBe(
      '/auth/login?returnTo=%2Fevil.example%2Fphish',
    )
  })
})
