import { describe, expect, it } from 'vitest'
import { auditAreaLabel, describeValue, summarizeChange } from './audit-summary'

describe('audit summaries', () => {
  it('names the areas', () => {
    expect(auditAreaLabel('portalaccess')).toBe('Licensing Portal Access')
    expect(auditAreaLabel('whitelist')).toBe('Elastic IP Settings')
    expect(auditAreaLabel('pin')).toBe('Elastic Credentials: PIN')
    expect(auditAreaLabel('usernames')).toBe('Elastic Credentials: allowed usernames')
    expect(auditAreaLabel('other')).toBe('other')
  })

  it('compares contact lists by e-mail', () => {
    expect(
      summarizeChange(
        [
          { email: 'a@x.example', role: 'Viewer' },
          { email: 'b@x.example', role: 'Viewer' },
        ],
        [
          { email: 'a@x.example', role: 'Administrator' },
          { email: 'c@x.example', role: 'Viewer' },
        ],
      ),
    ).toEqual(['Added c@x.example (Viewer)', 'Removed b@x.example (Viewer)', 'a@x.example: Viewer → Administrator'])
  })

  it('compares other lists by item', () => {
    expect(
      summarizeChange(
        [{ rulename: 'Office', ipaddress: '203.0.113.0/24' }],
        [{ rulename: 'VPN', ipaddress: '2001:db8::/32' }],
      ),
    ).toEqual(['Added VPN (2001:db8::/32)', 'Removed Office (203.0.113.0/24)'])
    expect(summarizeChange(['alice'], ['alice', 'bob'])).toEqual(['Added bob'])
    expect(summarizeChange([], [])).toEqual(['No change to the list'])
  })

  it('compares objects by field and anything else as a whole', () => {
    expect(summarizeChange({ pinSet: false }, { pinSet: true, generated: true })).toEqual([
      'pinSet: false → true',
      'generated: (none) → true',
    ])
    expect(summarizeChange({ pin: '[redacted]' }, { pin: '[redacted]' })).toEqual(['No visible change'])
    expect(summarizeChange(null, 'x')).toEqual(['(none) → x'])
  })

  it('keeps long values short', () => {
    expect(describeValue('a'.repeat(1000))).toHaveLength(200)
    expect(describeValue([])).toBe('(empty list)')
    expect(describeValue('')).toBe('(empty)')
  })
})
