import { describe, expect, it } from 'vitest'
import { isAllowed, parseAllowList } from './allow-list'

const allowed = (raw: string | undefined, address: string | undefined) => isAllowed(parseAllowList(raw), address)

describe('parseAllowList', () => {
  it('allows loopback only when METRICS_ALLOW is unset', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect(allowed(undefined, address), address).toBe(true)
    }
    for (const address of ['10.0.0.1', '192.0.2.2', 'fd00::2', '::ffff:192.0.2.2', '::2']) {
      expect(allowed(undefined, address), address).toBe(false)
    }
  })

  it('allows nobody when METRICS_ALLOW is set but empty', () => {
    for (const raw of ['', ' ', ' , ,']) {
      expect(parseAllowList(raw)).toEqual([])
      expect(allowed(raw, '127.0.0.1')).toBe(false)
      expect(allowed(raw, '::1')).toBe(false)
    }
  })

  it('refuses an entry that is not an address or a range, naming it', () => {
    expect(() => parseAllowList('10.0.0.0/8, localhost')).toThrow(/METRICS_ALLOW: 'localhost' is not an address/)
    expect(() => parseAllowList('10.0.0.0/33')).toThrow(/'10\.0\.0\.0\/33'.*between \/0 and \/32/)
    expect(() => parseAllowList('2001:db8::/129')).toThrow(/between \/0 and \/128/)
    expect(() => parseAllowList('010.0.0.1')).toThrow(/leading zeros/)
    expect(() => parseAllowList('fe80::1%eth0')).toThrow(/zone/)
  })
})

describe('isAllowed', () => {
  it('matches IPv4 addresses and CIDR ranges', () => {
    const raw = '10.0.0.0/8, 192.0.2.7'
    expect(allowed(raw, '10.255.1.2')).toBe(true)
    expect(allowed(raw, '11.0.0.1')).toBe(false)
    expect(allowed(raw, '192.0.2.7')).toBe(true)
    expect(allowed(raw, '192.0.2.8')).toBe(false)
    expect(allowed(raw, '127.0.0.1')).toBe(false)
  })

  it('matches IPv6 addresses and CIDR ranges', () => {
    const raw = '2001:db8:a::/48, fd00::2'
    expect(allowed(raw, '2001:db8:a:ffff::1')).toBe(true)
    expect(allowed(raw, '2001:db8:b::1')).toBe(false)
    expect(allowed(raw, 'fd00:0:0:0:0:0:0:2')).toBe(true)
    expect(allowed(raw, 'fd00::3')).toBe(false)
    expect(allowed(raw, '::1')).toBe(false)
  })

  it('takes an IPv4-mapped IPv6 client (a dual-stack socket) as its IPv4 address', () => {
    expect(allowed('192.0.2.0/24', '::ffff:192.0.2.2')).toBe(true)
    expect(allowed('192.0.2.0/24', '::ffff:198.51.100.2')).toBe(false)
  })

  it('takes an IPv4-mapped entry as the IPv4 address or range it covers', () => {
    expect(allowed('::ffff:192.0.2.0/120', '192.0.2.200')).toBe(true)
    expect(allowed('::ffff:192.0.2.0/120', '::ffff:192.0.2.200')).toBe(true)
    expect(allowed('::ffff:192.0.2.0/120', '192.0.3.1')).toBe(false)
    expect(allowed('::ffff:10.1.2.3', '10.1.2.3')).toBe(true)
  })

  it('keeps IPv4 and IPv6 apart', () => {
    expect(allowed('::/0', '192.0.2.2')).toBe(false)
    expect(allowed('0.0.0.0/0', '2001:db8::1')).toBe(false)
    expect(allowed('0.0.0.0/0', '192.0.2.2')).toBe(true)
  })

  it('refuses a missing or unreadable address', () => {
    expect(allowed('0.0.0.0/0', undefined)).toBe(false)
    expect(allowed('0.0.0.0/0', '')).toBe(false)
    expect(allowed('0.0.0.0/0', 'not-an-address')).toBe(false)
  })
})
