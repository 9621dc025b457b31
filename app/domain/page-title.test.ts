import { describe, expect, it } from 'vitest'
import { NOTICE_TITLES } from './notice-pages'
import { pageTitle, screenName } from './page-title'

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

describe('screenName', () => {
  it.each([
    ['/home', 'Home'],
    ['/emails', 'Emails'],
    ['/notifications', 'Alerts'],
    ['/whitelistips', 'Elastic IP Settings'],
    ['/clscredentials', 'Elastic Credentials'],
    ['/portalaccess', 'Licensing Portal Access'],
    ['/portalaccess/audit', 'Change History'],
    ['/settings/features', 'Features'],
    ['/ssl', 'Leases/Perpetuals'],
    ['/elastic', 'Elastic Licensing'],
    ['/entitlementsFSA', 'Flexible Spending Account'],
    ['/activations', 'Activate Entitlements'],
    ['/activations-history', 'Manage Activations'],
    ['/activations-history/check', 'Check a Licence File'],
    ['/transactions', 'Usage Transactions'],
    ['/statementv2', 'Elastic Statements'],
    ['/webassignments', 'Assignments'],
    ['/webassignments-v2', 'Assignments'],
    ['/webtransactions', 'Transactions'],
    ['/webreporting', 'Reporting'],
    ['/nopermissions', NOTICE_TITLES.nopermissions],
  ])('%s is %s, as its breadcrumb says', (path, name) => {
    expect(screenName(path)).toBe(name)
  })

  it('is empty for a path without a label', () => {
    expect(screenName('/customers')).toBe('')
    expect(screenName('/no-such-page')).toBe('')
  })
})
