import { describe, expect, it } from 'vitest'
import {
  IP_MESSAGES,
  MAX_RULES,
  RULE_NAME_MAX,
  WHITELIST_BANNER,
  allRulesValid,
  ipAddressError,
  ruleErrors,
  ruleNameError,
  sameRules,
  whitelistBanner,
  whitelistControls,
  whitelistSchema,
} from './ip-rules'

describe('ruleNameError', () => {
  it('requires a name', () => {
    expect(ruleNameError('')).toBe(IP_MESSAGES.ruleNameRequired)
    expect(ruleNameError('   ')).toBe(IP_MESSAGES.ruleNameRequired)
    expect(ruleNameError(undefined)).toBe(IP_MESSAGES.ruleNameRequired)
    expect(ruleNameError('\t\n')).toBe(IP_MESSAGES.ruleNameRequired)
  })

  it.each([
    'Head office',
    'VPN gateway 2',
    'Büro München',
    '東京オフィス',
    "O'Neil's lab (B/2)",
    'Site #4: R&D',
    'a_b-c.d, e',
  ])('accepts %j', (name) => expect(ruleNameError(name)).toBeNull())

  it('ignores surrounding spaces', () => {
    expect(ruleNameError('  Office  ')).toBeNull()
  })

  it('limits the length, counting characters rather than UTF-16 units', () => {
    expect(ruleNameError('a'.repeat(RULE_NAME_MAX))).toBeNull()
    expect(ruleNameError('a'.repeat(RULE_NAME_MAX + 1))).toBe(IP_MESSAGES.ruleNameTooLong)
    expect(ruleNameError('x'.repeat(1_000_000))).toBe(IP_MESSAGES.ruleNameTooLong)
    expect(ruleNameError('𝟘'.repeat(RULE_NAME_MAX))).toBeNull()
  })

  it.each([
    ['HTML', '<script>alert(1)</script>'],
    ['HTML attribute', 'x" onmouseover="y'],
    ['CSV formula', '=HYPERLINK("http://evil")'],
    ['CSV formula with +', '+1+cmd|x'],
    ['CSV formula with @', '@SUM(A1)'],
    ['CSV leading minus', '-2+3'],
    ['CSV separator and quote', 'a;b"c'],
    ['new line', 'Office\nSecond line'],
    ['control character', 'Office\u0007'],
    ['zero-width space', 'Off\u200bice'],
    ['right-to-left override', 'Office\u202etxt.exe'],
    ['leading punctuation', '.hidden'],
  ])('refuses %s', (_label, name) => {
    expect(ruleNameError(name)).toBe(IP_MESSAGES.ruleNameCharacters)
  })
})

describe('ipAddressError', () => {
  it('requires an address', () => {
    expect(ipAddressError('')).toBe(IP_MESSAGES.addressRequired)
    expect(ipAddressError('  ')).toBe(IP_MESSAGES.addressRequired)
    expect(ipAddressError(null)).toBe(IP_MESSAGES.addressRequired)
  })

  it.each([
    '1.2.3.4',
    '0.0.0.0',
    '255.255.255.255',
    '203.0.113.7/32',
    '10.0.0.0/8',
    '0.0.0.0/0',
    ' 192.168.1.1 ',
    '::',
    '::1',
    '::/0',
    '::1/128',
    '2001:db8::/32',
    '2001:0db8:0000:0000:0000:0000:0000:0001',
    '2001:DB8::A',
    'fe80::1',
    '::ffff:1.2.3.4',
    '::ffff:1.2.3.4/128',
    '64:ff9b::192.0.2.33/96',
    '1:2:3:4:5:6:7:8',
  ])('accepts %j', (address) => expect(ipAddressError(address)).toBeNull())

  it.each(['01.2.3.4', '1.2.3.04', '00.0.0.0', '1.2.3.4/8'.replace('1.', '001.')])(
    'refuses IPv4 leading zeros in %j',
    (address) => expect(ipAddressError(address)).toBe(IP_MESSAGES.addressLeadingZeros),
  )

  it('refuses leading zeros in an embedded IPv4 part', () => {
    expect(ipAddressError('::ffff:01.2.3.4')).toBe(IP_MESSAGES.addressLeadingZeros)
  })

  it.each([
    '256.1.1.1',
    '1.2.3',
    '1.2.3.4.5',
    '1',
    '4294967295',
    '0x7f.0.0.1',
    '0x7f000001',
    '1.2.3.4.',
    '1..2.3',
    '-1.2.3.4',
    '1:2:3:4:5:6:7:8:9',
    '1::2::3',
    '::00001',
    ':::',
    '[::1]',
    '::ffff:1.2.3',
    'gggg::1',
    'localhost',
    'example.com',
    '1.2.3.4 5',
    '1.2.3.4/',
    '1.2.3.4//32',
    '1.2.3.4/32/1',
    '1.2.3.4/-1',
    '1.2.3.4/032',
    '1.2.3.4/+8',
    '1.2.3.4/ 8',
    '2001:db8::/abc',
    '<script>',
    '=1+2',
    '1.2.3.4,5.6.7.8',
  ])('refuses %j', (address) => expect(ipAddressError(address)).toBe(IP_MESSAGES.addressInvalid))

  it.each([
    ['fullwidth digits', '１.２.３.４'],
    ['Arabic-Indic digits', '١.٢.٣.٤'],
    ['one-dot leader for dots', '1\u20242\u20243\u20244'],
    ['fullwidth colon', '2001\uff1adb8::1'],
    ['Cyrillic a in hex', '2001:db8::\u0430'],
    ['zero-width space', '1.2.3.4\u200b'],
    ['non-breaking space inside', '1.2.3\u00a0.4'],
  ])('refuses Unicode look-alikes: %s', (_label, address) => {
    expect(ipAddressError(address)).toBe(IP_MESSAGES.addressInvalid)
  })

  it('refuses IPv6 zone ids', () => {
    expect(ipAddressError('fe80::1%eth0')).toBe(IP_MESSAGES.addressZone)
    expect(ipAddressError('fe80::1%25eth0/64')).toBe(IP_MESSAGES.addressZone)
  })

  it('checks the CIDR range by family', () => {
    expect(ipAddressError('1.2.3.4/33')).toBe(IP_MESSAGES.prefixV4)
    expect(ipAddressError('1.2.3.4/128')).toBe(IP_MESSAGES.prefixV4)
    expect(ipAddressError('2001:db8::/129')).toBe(IP_MESSAGES.prefixV6)
    expect(ipAddressError('::ffff:1.2.3.4/200')).toBe(IP_MESSAGES.prefixV6)
    expect(ipAddressError('2001:db8::/999')).toBe(IP_MESSAGES.prefixV6)
    expect(ipAddressError('2001:db8::/1000')).toBe(IP_MESSAGES.addressInvalid)
  })

  it('refuses very long input quickly', () => {
    const started = performance.now()
    expect(ipAddressError('1'.repeat(1_000_000))).toBe(IP_MESSAGES.addressInvalid)
    expect(ipAddressError(`${'1:'.repeat(40)}1`)).toBe(IP_MESSAGES.addressInvalid)
    expect(performance.now() - started).toBeLessThan(100)
  })
})

describe('whole rules and lists', () => {
  it('reports each field of a rule', () => {
    expect(ruleErrors({ rulename: '', ipaddress: 'x' })).toEqual({
      rulename: IP_MESSAGES.ruleNameRequired,
      ipaddress: IP_MESSAGES.addressInvalid,
    })
    expect(ruleErrors({ rulename: 'Office', ipaddress: '1.2.3.4' })).toBeNull()
  })

  it('is valid only when every rule is', () => {
    expect(allRulesValid([])).toBe(true)
    expect(
      allRulesValid([
        { rulename: 'a', ipaddress: '1.2.3.4' },
        { rulename: 'b', ipaddress: '::1' },
      ]),
    ).toBe(true)
    expect(
      allRulesValid([
        { rulename: 'a', ipaddress: '1.2.3.4' },
        { rulename: 'b', ipaddress: '' },
      ]),
    ).toBe(false)
    expect(
      allRulesValid(Array.from({ length: MAX_RULES + 1 }, (_, i) => ({ rulename: `r${i}`, ipaddress: '1.2.3.4' }))),
    ).toBe(false)
  })

  it('compares lists in order, ignoring surrounding spaces', () => {
    const a = [{ rulename: 'a', ipaddress: '1.2.3.4' }]
    expect(sameRules(a, [{ rulename: ' a ', ipaddress: '1.2.3.4 ' }])).toBe(true)
    expect(sameRules(a, [])).toBe(false)
    expect(sameRules(a, [{ rulename: 'a', ipaddress: '1.2.3.5' }])).toBe(false)
    expect(sameRules([...a, { rulename: 'b', ipaddress: '::1' }], [{ rulename: 'b', ipaddress: '::1' }, ...a])).toBe(
      false,
    )
  })

  it('names the banner by whether rules exist', () => {
    expect(whitelistBanner([])).toBe('All IP Addresses are allowed')
    expect(whitelistBanner([{}])).toBe('All other IP Addresses are blocked')
    expect(WHITELIST_BANNER.open).toBe('All IP Addresses are allowed')
  })
})

describe('whitelistControls (spec 1 section 4)', () => {
  const saved = [{ rulename: 'Office', ipaddress: '203.0.113.0/24' }]

  it('disables Cancel and Save while nothing changed', () => {
    expect(whitelistControls(saved, saved, false)).toEqual({
      changed: false,
      canCancel: false,
      canSave: false,
      canEdit: true,
    })
  })

  it('enables Save only when changed and every rule is valid', () => {
    expect(whitelistControls([...saved, { rulename: 'VPN', ipaddress: '::1' }], saved, false).canSave).toBe(true)
    const invalid = whitelistControls([...saved, { rulename: 'VPN', ipaddress: '' }], saved, false)
    expect(invalid).toMatchObject({ changed: true, canCancel: true, canSave: false })
  })

  it('allows saving the empty list (everything allowed again)', () => {
    expect(whitelistControls([], saved, false)).toMatchObject({ canSave: true, canCancel: true })
  })

  it('disables editing and saving for a view-only user', () => {
    expect(whitelistControls([], saved, true)).toMatchObject({ canEdit: false, canSave: false })
  })
})

describe('whitelistSchema', () => {
  it('trims the stored values', () => {
    expect(whitelistSchema.parse([{ rulename: ' Office ', ipaddress: ' 1.2.3.4/32 ' }])).toEqual([
      { rulename: 'Office', ipaddress: '1.2.3.4/32' },
    ])
  })

  it('gives the field messages', () => {
    const result = whitelistSchema.safeParse([{ ipaddress: '01.2.3.4' }])
    expect(result.success).toBe(false)
    const messages = result.error!.issues.map((i) => [i.path.join('.'), i.message])
    expect(messages).toEqual([
      ['0.rulename', IP_MESSAGES.ruleNameRequired],
      ['0.ipaddress', IP_MESSAGES.addressLeadingZeros],
    ])
  })

  it('refuses non-string values and too many rules', () => {
    expect(whitelistSchema.safeParse([{ rulename: 1, ipaddress: ['1.2.3.4'] }]).success).toBe(false)
    const many = Array.from({ length: MAX_RULES + 1 }, (_, i) => ({ rulename: `r${i}`, ipaddress: '1.2.3.4' }))
    expect(whitelistSchema.safeParse(many).error?.issues[0].message).toBe(IP_MESSAGES.tooManyRules)
  })
})
