import { describe, expect, it } from 'vitest'
import { pageTitle } from './page-title'

const acme = { AccountID: '1000001', AccountName: 'Acme Aerospace' }

describe('pageTitle', () => {
  it('names the screen, the customer and the portal, parted by spaced en dashes', () => {
    expect(pageTitle('Emails', acme)).toBe('Emails – 1000001 Acme Aerospace – Licensing Portal')
  })

  it('leaves out a missing customer', () => {
    expect(pageTitle('Emails')).toBe('Emails – Licensing Portal')
    expect(pageTitle('Emails', null)).toBe('Emails – Licensing Portal')
  })

  it('leaves out a missing or blank screen', () => {
    expect(pageTitle(undefined, acme)).toBe('1000001 Acme Aerospace – Licensing Portal')
    expect(pageTitle('  ')).toBe('Licensing Portal')
    expect(pageTitle()).toBe('Licensing Portal')
  })

  it('keeps a screen name on one line with single spaces', () => {
    expect(pageTitle(' Licence file\n for  host acme ', acme)).toBe(
      'Licence file for host acme – 1000001 Acme Aerospace – Licensing Portal',
    )
  })

  it('trims the customer parts', () => {
    expect(pageTitle('Home', { AccountID: ' 1000001 ', AccountName: ' Acme Aerospace ' })).toBe(
      'Home – 1000001 Acme Aerospace – Licensing Portal',
    )
  })
})
