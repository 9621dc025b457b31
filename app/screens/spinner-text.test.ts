import { describe, expect, it } from 'vitest'
import { DEFAULT_SPINNER_TEXT, spinnerText } from './spinner-text'

describe('spinnerText: the overlay names the screen being loaded', () => {
  it.each([
    ['/emails', 'Getting Emails...'],
    ['/emails/', 'Getting Emails...'],
    ['/emails/42', 'Getting Email...'],
    ['/emails/42/', 'Getting Email...'],
    ['/portalaccess', 'Manage Portal Access...'],
    ['/notifications', 'Getting Alerts...'],
    ['/notifications-category/critical', 'Getting Alerts...'],
    ['/notification-details/7', 'Getting Alerts...'],
    ['/activations-history', 'Getting Activations History...'],
  ])('%s: %s', (pathname, text) => {
    expect(spinnerText(pathname)).toBe(text)
  })

  it.each(['/home', '/emailsx', '/emails/42/more', '/portalaccess/audit', '/whitelistips', '/', ''])(
    'any other screen (%s) gets the default text',
    (pathname) => {
      expect(spinnerText(pathname)).toBe(DEFAULT_SPINNER_TEXT)
    },
  )

  it('no navigation under way gives the default text', () => {
    expect(spinnerText(undefined)).toBe('Loading...')
    expect(spinnerText(null)).toBe('Loading...')
  })

  it.each([
    ['deactivate', 'Deactivating...'],
    ['delete', 'Removing host...'],
    ['rehost', 'Rehosting to...'],
  ])('a %s posted to Manage Activations says %s', (intent, text) => {
    expect(spinnerText('/activations-history', intent)).toBe(text)
    expect(spinnerText('/activations-history/', intent)).toBe(text)
  })

  it('a licence file posted to Check a Licence File says so', () => {
    expect(spinnerText('/activations-history/check', 'check')).toBe('Checking licence file...')
  })

  it('another intent, or an intent posted elsewhere, gets the screen’s text', () => {
    expect(spinnerText('/activations-history', 'other')).toBe('Getting Activations History...')
    expect(spinnerText('/emails', 'deactivate')).toBe('Getting Emails...')
  })
})
