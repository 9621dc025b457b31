import { describe, expect, it } from 'vitest'
import {
  continued,
  featureName,
  flexDate,
  flexExpiry,
  flexVersion,
  licenseFileName,
  licenseText,
  mergeLicenseTexts,
  serverLines,
  type LicenseProduct,
  type LicenseText,
} from './license-file'
import { FEATURE_NAME_MAX } from './license-lines'

/** A stand-in signature that shows part of what it covered: feature, count and host ids. */
const sign = (canonical: string) => {
  const [, positional, , hostIds] = JSON.parse(canonical) as [string, string[], unknown, string[]]
  return `${positional[0]}|${positional[4]}|${hostIds.join('+')}`
}

const fluent: LicenseProduct = {
  feature: 'ansys_fluent',
  productName: 'Ansys Fluent',
  activationId: 'AAAA-1111',
  daemon: 'ansyslmd',
  startDate: '2026-01-05',
  endDate: '2027-01-04',
  versionDate: '2026-12-31',
  count: 4,
  borrowable: true,
}
const hfss: LicenseProduct = {
  feature: 'electronics_desktop',
  productName: 'Ansys HFSS',
  activationId: 'BBBB-2222',
  daemon: 'ansoftd',
  startDate: '2025-03-01',
  endDate: null,
  versionDate: '2027-02-28',
  count: 1,
  borrowable: false,
}

const base: LicenseText = {
  host: { name: 'acme-lic01', ids: ['001122aabbcc'], type: 'ETHERNET', port: 1055 },
  customer: { number: '1000001', name: 'Acme Aerospace' },
  products: [fluent, hfss],
  issued: '2026-11-23',
  sign,
  signedBy: 'this portal',
}

describe('FlexNet fields', () => {
  it('writes days, versions and expiries as FlexNet reads them', () => {
    expect(flexDate('2027-03-05')).toBe('05-mar-2027')
    expect(flexVersion('2026-12-31')).toBe('2026.1231')
    expect(flexVersion('2027-02-01')).toBe('2027.0201')
    expect(flexExpiry('2027-01-04')).toBe('04-jan-2027')
    expect(flexExpiry(null)).toBe('permanent')
    expect(() => flexDate('04.01.2027')).toThrow(RangeError)
  })

  it('continues long lines with a backslash and a tab, never beyond the width', () => {
    const text = continued(Array.from({ length: 30 }, (_, i) => `TOKEN${i}`))
    const lines = text.split('\n')
    expect(lines.length).toBeGreaterThan(1)
    for (const line of lines.slice(0, -1)) expect(line).toMatch(/ \\$/)
    for (const line of lines.slice(1)) expect(line.startsWith('\t')).toBe(true)
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(78)
    expect(text.replace(/ \\\n\t/g, ' ')).toBe(Array.from({ length: 30 }, (_, i) => `TOKEN${i}`).join(' '))
  })

  it('writes one SERVER line, or three for a triad with the master first', () => {
    expect(serverLines(base.host)).toEqual(['SERVER acme-lic01 001122aabbcc 1055'])
    expect(
      serverLines({ name: 'cluster', ids: ['9-00000001', '9-00000002', '9-00000003'], type: 'FLEXID', port: 27000 }),
    ).toEqual([
      'SERVER cluster FLEXID=9-00000001 27000',
      'SERVER cluster_2 FLEXID=9-00000002 27000',
      'SERVER cluster_3 FLEXID=9-00000003 27000',
    ])
    expect(
      serverLines({
        name: 'lic-a, lic-b,lic-c',
        ids: ['001122aabbc1', '001122aabbc2', '001122aabbc3'],
        type: 'ETHERNET',
        port: 1055,
      }),
    ).toEqual(['SERVER lic-a 001122aabbc1 1055', 'SERVER lic-b 001122aabbc2 1055', 'SERVER lic-c 001122aabbc3 1055'])
    expect(serverLines({ name: 'disk', ids: ['1a2b3c4d'], type: 'DISK_SERIAL_NUM', port: 1055 })).toEqual([
      'SERVER disk DISK_SERIAL_NUM=1a2b3c4d 1055',
    ])
  })
})

describe('feature names', () => {
  it('keeps letters, digits and underscores and joins the rest with one underscore', () => {
    expect(featureName('ansys_fluent')).toBe('ansys_fluent')
    expect(featureName('Ansys Mechanical Enterprise')).toBe('Ansys_Mechanical_Enterprise')
    expect(featureName(' Ansys LS-DYNA (node) ')).toBe('Ansys_LS_DYNA_node')
  })

  it(`are at most FlexNet's ${FEATURE_NAME_MAX} characters, and two long names stay two features`, () => {
    expect(featureName('Ansys Flexible Spending Accoun')).toBe('Ansys_Flexible_Spending_Accoun')
    const long = featureName('Ansys Flexible Spending Account')
    expect(long).toMatch(/^Ansys_Flexible_Spendi_[0-9a-f]{8}$/)
    expect(long).toHaveLength(FEATURE_NAME_MAX)
    expect(featureName('Ansys Flexible Spending Account')).toBe(long)
    expect(featureName('Ansys Flexible Spending Accounts')).not.toBe(long)
    for (const name of [
      'x'.repeat(31),
      `${'a'.repeat(20)}${' '.repeat(9)}bbbb`,
      'Ansys Mechanical Enterprise Pro Plus',
    ]) {
      expect(featureName(name).length).toBeLessThanOrEqual(FEATURE_NAME_MAX)
    }
  })
})

describe('a customer’s licence text', () => {
  it('is laid out as the golden file', () => {
    expect(licenseText(base)).toBe(
      [
        '# Licence file for 1000001 Acme Aerospace on acme-lic01',
        '# Issued 23-nov-2026; every INCREMENT line is signed by this portal.',
        '',
        'SERVER acme-lic01 001122aabbcc 1055',
        'VENDOR ansyslmd',
        'VENDOR ansoftd',
        'USE_SERVER',
        '',
        '# 1. Ansys Fluent (AAAA-1111)',
        'INCREMENT ansys_fluent ansyslmd 2026.1231 04-jan-2027 4 \\',
        '\tVENDOR_STRING="customer=1000001" ISSUED=23-nov-2026 START=05-jan-2026 \\',
        '\tBORROW NOTICE="Acme Aerospace" SN=AAAA-1111 \\',
        '\tSIGN="ansys_fluent|4|001122aabbcc"',
        '',
        '# 2. Ansys HFSS (BBBB-2222)',
        'INCREMENT electronics_desktop ansoftd 2027.0228 permanent 1 \\',
        '\tVENDOR_STRING="customer=1000001" ISSUED=23-nov-2026 START=01-mar-2025 \\',
        '\tNOTICE="Acme Aerospace" SN=BBBB-2222 \\',
        '\tSIGN="electronics_desktop|1|001122aabbcc"',
        '',
      ].join('\n'),
    )
  })

  it('is the same when generated again, apart from the day it was issued', () => {
    const again = licenseText({ ...base, issued: '2026-11-24' })
    const withoutIssued = (text: string) => text.replace(/\d{2}-nov-2026/g, 'ISSUED')
    expect(withoutIssued(again)).toBe(withoutIssued(licenseText(base)))
  })

  it('keeps quotes out of quoted values and refuses an unknown daemon', () => {
    const text = licenseText({ ...base, customer: { number: '1', name: 'Say "hi"\nCorp' }, products: [fluent] })
    expect(text).toContain('NOTICE="Say hi Corp"')
    // A line break in a name never starts a line of the file.
    expect(text.split('\n')[0]).toBe('# Licence file for 1 Say "hi" Corp on acme-lic01')
    expect(() => licenseText({ ...base, products: [{ ...fluent, daemon: 'evil' }] })).toThrow(/Unknown vendor daemon/)
  })
})

describe('merging customers’ texts into the host’s file', () => {
  it('keeps one SERVER block, every daemon used, and numbers the products through', () => {
    const acme = licenseText({ ...base, products: [fluent] })
    const borealis = licenseText({
      ...base,
      customer: { number: '1000002', name: 'Borealis Motors' },
      products: [hfss, { ...fluent, activationId: 'CCCC-3333' }],
    })
    const merged = mergeLicenseTexts([acme, borealis])
    expect(merged.split('\n').filter((l) => l.startsWith('SERVER '))).toEqual(['SERVER acme-lic01 001122aabbcc 1055'])
    expect(merged.split('\n').filter((l) => l.startsWith('VENDOR '))).toEqual(['VENDOR ansyslmd', 'VENDOR ansoftd'])
    expect(merged.split('\n').filter((l) => l === 'USE_SERVER')).toHaveLength(1)
    expect(merged.split('\n').filter((l) => l.startsWith('# ') && /^# \d+\./.test(l))).toEqual([
      '# 1. Ansys Fluent (AAAA-1111)',
      '# 2. Ansys HFSS (BBBB-2222)',
      '# 3. Ansys Fluent (CCCC-3333)',
    ])
    expect(merged).toContain('# Licence file for 1000002 Borealis Motors on acme-lic01')
    expect(merged).not.toMatch(/\n\n\n/)
    expect(merged.endsWith('\n') && !merged.endsWith('\n\n')).toBe(true)
  })

  it('gives the same file for one text', () => {
    expect(mergeLicenseTexts([licenseText(base)])).toBe(licenseText(base).replace(/\n+$/, '\n'))
  })
})

describe('the licence file name', () => {
  it('is license_{customerNumber}_{serverId}.lic, named after the customers whose lines it holds', () => {
    expect(licenseFileName(['1000001'], '001122aabbcc')).toBe('license_1000001_001122aabbcc.lic')
    expect(licenseFileName(['1000003'], '001122aabbcc')).toBe('license_1000003_001122aabbcc.lic')
    expect(licenseFileName(['1000003', '1000002'], '9-00000001,9-00000002')).toBe(
      'license_1000002-1000003_9-00000001_9-00000002_shared.lic',
    )
  })
})
