import { describe, expect, it } from 'vitest'
import {
  accessUsersText,
  alertsText,
  allowListText,
  creditText,
  emailsText,
  endingText,
  fsaBalanceText,
  hostProductsText,
  listText,
  namedHoldersText,
  productHostsText,
  refusedText,
  seatsText,
  statementTotalText,
  topUsersText,
  usageCostText,
  webDenialsText,
  webInUseText,
} from './wording'

describe('the answers’ wording', () => {
  it('lists names as a sentence does', () => {
    expect(listText([])).toBe('')
    expect(listText(['a'])).toBe('a')
    expect(listText(['a', 'b', 'c'])).toBe('a, b and c')
  })

  it('says the credit left, when it runs out in the screen’s words, and the threshold state', () => {
    const credit = {
      product: 'Ansys Elastic Units',
      activationId: 'A-1',
      remaining: 41752.84,
      total: 50000,
      currency: 'AEU',
      forecast: { kind: 'runs-out' as const, date: '2027-02-01', dailyRate: 652.1 },
      threshold: 5000,
    }
    expect(creditText(credit)).toBe(
      "Ansys Elastic Units (A-1): 41,752.8 AEU left of 50,000.0 AEU; runs out around 2027-02-01 at the last 30 days' rate; the low-balance threshold of 5,000 AEU has not been reached.",
    )
    expect(creditText({ ...credit, remaining: 4000, forecast: { kind: 'no-usage' } })).toContain(
      'no usage in the last 30 days; the low-balance threshold of 5,000 AEU has been reached.',
    )
    expect(creditText({ ...credit, threshold: null })).toContain('no low-balance threshold is set.')
  })

  it('gives usage cost per currency, never adding currencies, and the largest parts', () => {
    const totals = [
      { currency: 'USD', total: 1200 },
      { currency: 'EUR', total: 30.5 },
    ]
    expect(usageCostText({ period: 'last month', scope: '', totals })).toBe(
      'Elastic usage cost 1,200.00 USD and 30.50 EUR in last month.',
    )
    const parts = ['a', 'b', 'c', 'd', 'e', 'f'].map((name, i) => ({
      name,
      totals: [{ currency: 'USD', total: 60 - i * 10 }],
    }))
    expect(
      usageCostText({ period: 'March 2026', scope: 'of Ansys Fluent', totals: totals.slice(0, 1), parts, by: 'user' }),
    ).toBe(
      'Elastic usage of Ansys Fluent cost 1,200.00 USD in March 2026. By user: a 60.00 USD, b 50.00 USD, c 40.00 USD, d 30.00 USD and e 20.00 USD and 1 other user.',
    )
  })

  it('ranks the top users and says when there was no usage', () => {
    expect(topUsersText('the last 30 days', [])).toBe('No elastic usage was recorded in the last 30 days.')
    expect(
      topUsersText('the last 30 days', [
        { name: 'jdoe', totals: [{ currency: 'AEU', total: 12.5 }] },
        { name: 'asmith', totals: [{ currency: 'AEU', total: 3 }] },
      ]),
    ).toBe('The top 2 users by elastic usage cost in the last 30 days: 1. jdoe 12.50 AEU; 2. asmith 3.00 AEU.')
  })

  it('gives a statement’s total', () => {
    expect(statementTotalText('October 2026', [{ currency: 'AEU', total: 1234.5 }], 1)).toBe(
      'The elastic statement for October 2026 totals 1,234.50 AEU across 1 elastic entitlement.',
    )
  })

  it('names the entitlements ending, the first five', () => {
    expect(endingText('the next 90 days', [])).toBe('No entitlement ends in the next 90 days.')
    const rows = [1, 2, 3, 4, 5, 6].map((i) => ({ product: `P${i}`, activationId: `A${i}`, endDate: `2027-01-0${i}` }))
    expect(endingText('the next 90 days', rows.slice(0, 1))).toBe(
      '1 entitlement ends in the next 90 days: P1 (A1) on 2027-01-01.',
    )
    expect(endingText('the next 90 days', rows)).toMatch(/^6 entitlements end in the next 90 days: .* and 1 more\.$/)
  })

  it('gives seats bought, activated and free', () => {
    expect(seatsText('Ansys Fluent', { bought: 10, activated: 7, entitlements: 2 })).toBe(
      'Ansys Fluent: 10 bought, 7 activated and 3 free, across 2 active entitlements.',
    )
  })

  it('gives a product’s hosts and a host’s products with its last change', () => {
    expect(productHostsText('Ansys CFX', [])).toBe('Ansys CFX is not activated on any host.')
    expect(
      productHostsText('Ansys CFX', [
        { host: 'lic01', count: 2 },
        { host: 'lic02', count: 1 },
      ]),
    ).toBe('Ansys CFX is activated on 2 hosts (3 in all): lic01 2 and lic02 1.')
    expect(
      hostProductsText('lic01', [{ product: 'Ansys CFX', count: 2 }], {
        time: Date.UTC(2026, 10, 1, 9, 30),
        by: 'admin@acme.example',
        action: 'ACTIVATE (2) Ansys CFX',
      }),
    ).toBe(
      'lic01 has 1 product activated: Ansys CFX 2. The last change was ACTIVATE (2) Ansys CFX on 2026-11-01 09:30 UTC by admin@acme.example.',
    )
    expect(hostProductsText('lic01', [], null)).toBe('Nothing is activated on lic01.')
  })

  it('gives FSA balances and web seats', () => {
    expect(
      fsaBalanceText([{ id: 'FSA-1', available: 2500, total: 10000, currency: 'USD', endDate: '2027-06-30' }]),
    ).toBe('The Flexible Spending Account (FSA-1) has 2,500.00 USD available of 10,000.00 USD; it ends 2027-06-30.')
    expect(
      fsaBalanceText([
        { id: 'FSA-1', available: 2500, total: 10000, currency: 'USD', endDate: '2027-06-30' },
        { id: 'FSA-2', available: 0, total: 500, currency: 'EUR', endDate: '' },
      ]),
    ).toBe(
      '2 Flexible Spending Accounts. FSA-1: 2,500.00 USD available of 10,000.00 USD, ending 2027-06-30; FSA-2: 0.00 EUR available of 500.00 EUR.',
    )
    expect(
      webInUseText([
        { product: 'Discovery', type: 'shared', seats: 10, used: 3 },
        { product: 'Fluent', type: 'named', seats: 12, used: 8 },
      ]),
    ).toBe('Web licence seats now: Discovery 3 of 10 seats in use and Fluent 8 of 12 named seats held.')
    expect(webDenialsText('last week', 0)).toBe('No web licence checkout was denied in last week.')
    expect(webDenialsText('last week', 2, 'Discovery')).toBe(
      '2 web licence checkouts of Discovery were denied in last week.',
    )
    expect(namedHoldersText('Fluent', 12, ['a', 'b'])).toBe('2 people hold the 12 named seats of Fluent: a and b.')
  })

  it('gives access, the allow-list, alerts and e-mails', () => {
    expect(
      accessUsersText('Acme', [
        { email: 'a@x', role: 'Administrator' },
        { email: 'b@x', role: 'Viewer' },
        { email: 'c@x', role: 'Administrator' },
      ]),
    ).toBe('3 people have portal access to Acme. Administrator: a@x and c@x. Viewer: b@x.')
    expect(allowListText([])).toBe('The elastic licence server accepts every IP address: its allow-list is empty.')
    expect(allowListText(['office 10.0.0.0/8'])).toBe(
      'The elastic licence server accepts 1 IP rule: office 10.0.0.0/8.',
    )
    expect(alertsText([])).toBe('There is no active service alert.')
    expect(emailsText('renewal', 0, null)).toBe("No e-mail about 'renewal' was sent.")
    expect(emailsText('renewal', 3, { date: '2026-11-02 10:00:00', subject: 'Your renewal' })).toBe(
      "3 e-mails about 'renewal' were sent; the latest, on 2026-11-02: 'Your renewal'.",
    )
  })

  it('gives a refusal in the API’s words', () => {
    expect(refusedText('Access to this customer is denied per Export Compliance restrictions.')).toBe(
      'You may not see this for the selected customer: Access to this customer is denied per Export Compliance restrictions.',
    )
  })
})
