import { describe, expect, it } from 'vitest'
import { loginUrlFor, safeReturnTo } from './return-to'

describe('safeReturnTo', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeReturnTo('/emails?customer=1001&sort=date')).toBe('/emails?customer=1001&sort=date')
    expect(safeReturnTo('/notifications')).toBe('/notifications')
  })

  it('refuses anything that could leave the site', () => {
    for (const bad of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'emails', '/x\nfoo']) {
      expect(safeReturnTo(bad)).toBe('/home')
    }
    expect(safeReturnTo(undefined)).toBe('/home')
    expect(safeReturnTo('')).toBe('/home')
  })

  it('never returns into the sign-in routes', () => {
    expect(safeReturnTo('/auth/login?returnTo=/x')).toBe('/home')
    expect(safeReturnTo('/auth/callback')).toBe('/home')
  })
})

describe('loginUrlFor', () => {
  it('brings the user back to the page they asked for', () => {
    expect(loginUrlFor(new Request('http://localhost/emails?customer=1001'))).toBe(
      '/auth/login?returnTo=%2Femails%3Fcustomer%3D1001',
    )
    expect(loginUrlFor(new Request('http://localhost/auth/logout'))).toBe('/auth/login')
  })
})
