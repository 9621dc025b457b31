import { describe, expect, it } from 'vitest'
import {
  accessUsersText,
  alertsText,
  allowListText,
  creditText,
  emailsText,
  fsaOrdersText,
  endingText,
  fsaBalanceText,
  hostProductsText,
  listText,
  namedHoldersText,
  periodWords,
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

  it('says a period as a sentence does', () => {
    expect(periodWords('last month')).toBe('last month')
    expect(periodWords('this year so far')).toBe('this year so far')
    expect(periodWords('since 1 May 2026')).toBe('since 1 May 2026')
    expect(periodWords('by 31 July 2026')).toBe('by 31 July 2026')
    expect(periodWords('March 2026')).toBe('in March 2026')
    expect(periodWords('the next 90 days')).toBe('in the next 90 days')
    expect(periodWords('Q1 2026')).toBe('in Q1 2026')
    expect(periodWords('18 June 2026')).toBe('on 18 June 2026')
    expect(periodWords('March 2026 to May 2026')).toBe('from March 2026 to May 2026')
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
      "Ansys Elastic Units: 41,752.8 AEU left of 50,000.0 AEU. Forecast: runs out around 2027-02-01 at the last 30 days' rate. The low-balance threshold of 5,000 AEU has not been reached.",
    )
    expect(creditText({ ...credit, remaining: 4000, forecast: { kind: 'no-usage' } })).toContain(
      'Forecast: no usage in the last 30 days. The low-balance threshold of 5,000 AEU has been reached.',
    )
    expect(creditText({ ...credit, threshold: null })).toContain('No low-balance threshold is set.')
    // The activation ID only when two credits share the product's name.
    expect(creditText(credit, true)).toMatch(/^Ansys Elastic Units \(A-1\): 41,752\.8 AEU left/)
  })

  it('gives usage cost per currency, never adding currencies, and the largest parts', () => {
    const totals = [
      { currency: 'USD', total: 1200 },
      { currency: 'EUR', total: 30.5 },
    ]
    expect(usageCostText({ period: 'last month', scope: '', totals })).toBe(
      'Elastic usage cost 1,200.00 USD and 30.50 EUR last month.',
    )
    const parts = ['a', 'b', 'c', 'd', 'e', 'f'].map((name, i) => ({
      name,
      totals: [{ currency: 'USD', total: 60 - i * 10 }],
    }))
    expect(
      usageCostText({ period: 'March 2026', scope: 'of Ansys Fluent', totals: totals.slice(0, 1), parts, by: 'user' }),
    ).toBe(
      'Elastic usage of Ansys Fluent cost 1,200.00 USD in March 2026. By user: a 60.00 USD, b 50.00 USD, c 40.00 USD, d 30.00 USD, e 20.00 USD and 1 other user.',
    )
    expect(usageCostText({ period: 'the last 30 days', scope: 'of user jdoe', totals: [] })).toBe(
      'No elastic usage of user jdoe was recorded in the last 30 days.',
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
    expect(topUsersText('last week', [{ name: 'jdoe', totals: [{ currency: 'AEU', total: 12.5 }] }])).toBe(
      'Only jdoe used elastic credit last week: 12.50 AEU.',
    )
    expect(topUsersText('last week', [], 'of Ansys Fluent')).toBe(
      'No elastic usage of Ansys Fluent was recorded last week.',
    )
    expect(
      topUsersText(
        'last week',
        [
          { name: 'jdoe', totals: [{ currency: 'AEU', total: 12.5 }] },
          { name: 'asmith', totals: [{ currency: 'AEU', total: 3 }] },
        ],
        'on project Wing',
      ),
    ).toBe('The top 2 users by elastic usage cost on project Wing last week: 1. jdoe 12.50 AEU; 2. asmith 3.00 AEU.')
  })

  it('gives a statement’s total', () => {
    expect(statementTotalText('October 2026', [{ currency: 'AEU', total: 1234.5 }], 1)).toBe(
      'The elastic statement for October 2026 totals 1,234.50 AEU across 1 elastic entitlement.',
    )
    expect(statementTotalText('last month', [{ currency: 'AEU', total: 10 }], 2)).toBe(
      'The elastic statement for last month totals 10.00 AEU across 2 elastic entitlements.',
    )
  })

  it('names the entitlements ending by product and date, the first five, never by activation ID', () => {
    expect(endingText('Acme', 'the next 30 days', [])).toBe('Acme has no entitlement ending in the next 30 days.')
    const rows = [1, 2, 3, 4, 5, 6, 7].map((i) => ({ product: `P${i}`, endDate: `2027-01-0${i}` }))
    expect(endingText('Acme', 'the next 90 days', rows.slice(0, 1))).toBe(
      '1 entitlement ends in the next 90 days: P1 on 2027-01-01.',
    )
    expect(endingText('Acme', 'by 31 July 2026', rows)).toBe(
      '7 entitlements end by 31 July 2026: P1 on 2027-01-01, P2 on 2027-01-02, P3 on 2027-01-03, P4 on 2027-01-04, P5 on 2027-01-05 and 2 more.',
    )
    const same = { product: 'Ansys Fluent', endDate: '2026-07-31' }
    expect(endingText('Acme', 'July 2026', [same, same])).toBe(
      '2 entitlements end in July 2026: Ansys Fluent (2 entitlements) on 2026-07-31.',
    )
  })

  it('gives seats bought, activated and free', () => {
    expect(seatsText('Ansys Fluent', { bought: 10, activated: 7, entitlements: 2 })).toBe(
      'Ansys Fluent: 10 seats bought, 7 activated and 3 free, across 2 active entitlements.',
    )
    expect(seatsText('Ansys HPC', { bought: 1, activated: 0, entitlements: 1 })).toBe(
      'Ansys HPC: 1 seat bought, 0 activated and 1 free, across 1 active entitlement.',
    )
  })

  it('gives a product’s hosts and a host’s products with its last change', () => {
    expect(productHostsText('Ansys CFX', [])).toBe('Ansys CFX is not activated on any host.')
    expect(
      productHostsText('Ansys CFX', [
        { host: 'lic01', count: 2 },
        { host: 'lic02', count: 1 },
      ]),
    ).toBe('Ansys CFX is activated on 2 hosts: lic01 (2) and lic02 (1), 3 in all.')
    expect(productHostsText('Ansys CFX', [{ host: 'lic01', count: 2 }])).toBe(
      'Ansys CFX is activated on 1 host: lic01 (2).',
    )
    expect(
      hostProductsText('lic01', [{ product: 'Ansys CFX', count: 2 }], {
        time: Date.UTC(2026, 10, 1, 9, 30),
        by: 'admin@acme.example',
        changes: [
          { product: 'Ansys CFX', count: 2 },
          { product: 'Ansys HFSS', count: -1 },
        ],
      }),
    ).toBe(
      'lic01 has 1 product activated: Ansys CFX (2). The last change, on 2026-11-01 09:30:00 UTC by admin@acme.example, activated 2 of Ansys CFX and deactivated 1 of Ansys HFSS.',
    )
    expect(hostProductsText('lic01', [], null)).toBe('Nothing is activated on lic01.')
  })

  it('gives FSA balances and web seats', () => {
    expect(
      fsaBalanceText([{ id: 'FSA-1', available: 2500, total: 10000, currency: 'USD', endDate: '2027-06-30' }]),
    ).toBe(
      'The Flexible Spending Account (FSA-1) has 2,500.00 USD available of 10,000.00 USD, and expires on 2027-06-30.',
    )
    expect(
      fsaBalanceText([
        { id: 'FSA-1', available: 2500, total: 10000, currency: 'USD', endDate: '2027-06-30' },
        { id: 'FSA-2', available: 0, total: 500, currency: 'EUR', endDate: '' },
      ]),
    ).toBe(
      'There are 2 Flexible Spending Accounts: FSA-1 has 2,500.00 USD available of 10,000.00 USD, and expires on 2027-06-30; FSA-2 has 0.00 EUR available of 500.00 EUR.',
    )
    expect(
      webInUseText([
        { product: 'Discovery', type: 'shared', seats: 10, used: 3 },
        { product: 'Fluent', type: 'named', seats: 12, used: 8 },
      ]),
    ).toBe('Web licence seats now: Discovery, 3 of 10 shared seats in use; Fluent, 8 of 12 named seats held.')
    expect(webInUseText([{ product: 'Discovery', type: 'shared', seats: 1, used: 1 }])).toBe(
      'Web licence seats now: Discovery, 1 of 1 shared seat in use.',
    )
    expect(webDenialsText('last week', 0)).toBe('No web licence checkout was denied last week.')
    expect(webDenialsText('March 2026', 1)).toBe('1 web licence checkout was denied in March 2026.')
    expect(webDenialsText('last week', 2, 'Discovery')).toBe(
      '2 web licence checkouts of Discovery were denied last week.',
    )
    expect(namedHoldersText('Fluent', 12, ['a', 'b'])).toBe('2 of the 12 named seats of Fluent are held, by a and b.')
    expect(namedHoldersText('Fluent', 12, ['a'])).toBe('1 of the 12 named seats of Fluent is held, by a.')
    expect(namedHoldersText('Fluent', 2, ['a', 'b'])).toBe('All 2 named seats of Fluent are held, by a and b.')
    expect(namedHoldersText('Fluent', 1, ['a'])).toBe('The named seat of Fluent is held, by a.')
    expect(namedHoldersText('Fluent', 3, [])).toBe('None of the 3 named seats of Fluent is held.')
  })

  it('gives access, the allow-list, alerts and e-mails', () => {
    expect(
      accessUsersText('Acme', [
        { email: 'a@x', role: 'Administrator' },
        { email: 'b@x', role: 'Viewer' },
        { email: 'c@x', role: 'Administrator' },
      ]),
    ).toBe('3 people have portal access to Acme. Administrators: a@x and c@x. Viewer: b@x.')
    expect(accessUsersText('Acme', [{ email: 'a@x', role: 'Administrator' }])).toBe(
      '1 person has portal access to Acme. Administrator: a@x.',
    )
    expect(accessUsersText('Acme', [])).toBe('No one has portal access to Acme.')
    expect(allowListText([])).toBe('The elastic licence server accepts every IP address: its allow-list is empty.')
    expect(
      allowListText([
        { name: 'office', address: '10.0.0.0/8' },
        { name: 'vpn', address: '192.0.2.7' },
      ]),
    ).toBe('The elastic licence server accepts 2 IP rules: office (10.0.0.0/8) and vpn (192.0.2.7).')
    expect(alertsText([])).toBe('There is no active service alert.')
    expect(
      alertsText([{ title: 'Licence server maintenance', status: 'IN PROGRESS', expires: '2026-06-20 08:00:00' }]),
    ).toBe('1 service alert is active: Licence server maintenance (in progress, until 2026-06-20 8:00).')
    expect(emailsText('renewal', 0, null)).toBe("No e-mail about 'renewal' was sent.")
    expect(emailsText('renewal', 3, { date: '2026-11-02 10:00:00', subject: 'Your renewal' })).toBe(
      "3 e-mails about 'renewal' were sent; the latest, on 2026-11-02, was 'Your renewal'.",
    )
    expect(emailsText('renewal', 0, null, 'last month')).toBe("No e-mail about 'renewal' was sent last month.")
    expect(emailsText('renewal', 1, { date: '2026-03-02 10:00:00', subject: 'Renewal' }, 'March 2026')).toBe(
      "1 e-mail about 'renewal' was sent in March 2026; the latest, on 2026-03-02, was 'Renewal'.",
    )
  })

  it('gives the FSA order lines, of a period when one is named', () => {
    const line = {
      orderId: 'O-1',
      date: '2026-05-04',
      product: 'Ansys HFSS',
      count: 1,
      cost: 1200,
      currency: 'USD',
      requester: 'amy@acme.example',
    }
    const text = 'on 2026-05-04, 1 × Ansys HFSS for 1,200.00 USD, ordered by amy@acme.example'
    expect(fsaOrdersText([], 0)).toBe('No order has been placed on the Flexible Spending Account.')
    expect(fsaOrdersText([], 0, 'last month')).toBe('No order was placed on the Flexible Spending Account last month.')
    expect(fsaOrdersText([line], 1)).toBe(`The Flexible Spending Account has 1 order line: ${text}.`)
    expect(fsaOrdersText([line], 1, 'May 2026')).toBe(
      `1 order line was placed on the Flexible Spending Account in May 2026: ${text}.`,
    )
    expect(fsaOrdersText([line], 7, 'May 2026')).toBe(
      `The latest 1 of the 7 order lines placed on the Flexible Spending Account in May 2026: ${text}.`,
    )
  })

  it('gives a refusal in the API’s words', () => {
    expect(refusedText('Access to this customer is denied per Export Compliance restrictions.')).toBe(
      'You may not see this for the selected customer: Access to this customer is denied per Export Compliance restrictions.',
    )
  })
})
