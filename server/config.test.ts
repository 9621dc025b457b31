import { describe, expect, it } from 'vitest'
import { loadConfig } from './config'
import { discoveryUrl } from './identity-provider'

describe('the identity provider settings', () => {
  it('keep the issuer exactly as written: a trailing slash is part of it (Auth0 publishes one)', () => {
    const config = loadConfig({ OIDC_ISSUER: 'https://tenant.eu.auth0.com/' })
    expect(config.oidcIssuer).toBe('https://tenant.eu.auth0.com/')
    expect(config.embeddedOidc).toBe(false)
    expect(discoveryUrl(config.oidcIssuer)).toBe('https://tenant.eu.auth0.com/.well-known/openid-configuration')
    expect(discoveryUrl('https://login.example.com/realms/acme')).toBe(
      'https://login.example.com/realms/acme/.well-known/openid-configuration',
    )
  })

  it("offer 'Manage account' only where a profile page is known: the embedded provider's, or PROFILE_URL", () => {
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.com' }).profileUrl).toBe(
      'https://portal.example.com/oidc/me',
    )
    expect(loadConfig({ OIDC_ISSUER: 'https://login.example.com/realms/acme' }).profileUrl).toBeUndefined()
    expect(
      loadConfig({
        OIDC_ISSUER: 'https://login.example.com/realms/acme',
        PROFILE_URL: 'https://login.example.com/realms/acme/account',
      }).profileUrl,
    ).toBe('https://login.example.com/realms/acme/account')
  })
})

describe('the e-mail delivery settings', () => {
  it('are off without SMTP_URL', () => {
    expect(loadConfig({}).mail).toBeUndefined()
    expect(loadConfig({ SMTP_URL: ' ', SMTP_FROM: 'a@b.example' }).mail).toBeUndefined()
  })

  it('send from no-reply at the public address by default, with Message-IDs of that domain', () => {
    const mail = loadConfig({ SMTP_URL: 'smtp://mail.example:587', PUBLIC_URL: 'https://portal.example.com' }).mail
    expect(mail).toEqual({
      url: 'smtp://mail.example:587',
      from: 'Licensing Portal <no-reply@portal.example.com>',
      messageIdDomain: 'portal.example.com',
      pollMs: 5000,
    })
  })

  it('take the sender from SMTP_FROM, with or without a name', () => {
    const named = loadConfig({
      SMTP_URL: 'smtps://u:p@mail.example:465',
      SMTP_FROM: 'Licensing <licences@vendor.example>',
    })
    expect(named.mail).toMatchObject({ from: 'Licensing <licences@vendor.example>', messageIdDomain: 'vendor.example' })
    const bare = loadConfig({
      SMTP_URL: 'smtp://mail.example',
      SMTP_FROM: 'licences@vendor.example',
      SMTP_POLL_MS: '250',
    })
    expect(bare.mail).toMatchObject({ messageIdDomain: 'vendor.example', pollMs: 250 })
  })

  it('refuse an address that is not smtp:// or smtps://', () => {
    for (const url of ['mail.example:25', 'https://mail.example', 'smtp//mail.example']) {
      expect(() => loadConfig({ SMTP_URL: url }), url).toThrow(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ address/)
    }
  })
})

describe('METRICS_ALLOW', () => {
  it('is loopback when unset, nobody when empty, and stops the start naming an entry it cannot read', () => {
    expect(loadConfig({}).metricsAllow.map(([address, bits]) => `${address.toString()}/${bits}`)).toEqual([
      '127.0.0.0/8',
      '::1/128',
    ])
    expect(loadConfig({ METRICS_ALLOW: '' }).metricsAllow).toEqual([])
    expect(() => loadConfig({ METRICS_ALLOW: '10.0.0.0/8,prometheus.internal' })).toThrow(
      "METRICS_ALLOW: 'prometheus.internal' is not an address or a CIDR range.",
    )
  })
})
