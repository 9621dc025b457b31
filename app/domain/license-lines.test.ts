import { describe, expect, it } from 'vitest'
import { attribute, canonicalLine, isPlainCount, licenseLineOf, lineProblems, readLicenseFile } from './license-lines'

const FILE = [
  '# comment \\',
  'SERVER lic01 001122AABBCC 1055',
  'VENDOR ansyslmd',
  'USE_SERVER',
  'INCREMENT f ansyslmd 2026.1231 permanent 2\\',
  '\tVENDOR_STRING="customer=1" BORROW NOTICE="A  B" \\',
  '    SN=X SIGN="ok"',
  '  feature g ansyslmd 2026.1231 01-jan-2027 1 SIGN=ok',
  'whatever else',
].join('\r\n')

describe('reading a licence file as FlexNet does', () => {
  it('joins continued lines (with or without a space before the backslash) and skips comments', () => {
    const file = readLicenseFile(FILE)
    expect(file.servers).toEqual([{ lineNumber: 2, name: 'lic01', hostId: '001122AABBCC' }])
    expect(file.licenseLines.map((l) => [l.lineNumber, l.keyword, l.positional])).toEqual([
      [5, 'INCREMENT', ['f', 'ansyslmd', '2026.1231', 'permanent', '2']],
      [8, 'FEATURE', ['g', 'ansyslmd', '2026.1231', '01-jan-2027', '1']],
    ])
    expect(file.licenseLines[0].attributes).toEqual([
      { name: 'VENDOR_STRING', value: 'customer=1' },
      { name: 'BORROW', value: null },
      { name: 'NOTICE', value: 'A B' },
      { name: 'SN', value: 'X' },
      { name: 'SIGN', value: 'ok' },
    ])
    expect(attribute(file.licenseLines[0], 'BORROW')).toBe('')
    expect(attribute(file.licenseLines[0], 'HOSTID')).toBeUndefined()
    expect(file.unknown).toEqual([{ lineNumber: 9, text: 'whatever else' }])
  })

  it('gives one canonical form whatever the layout, and another for any change of what a line grants', () => {
    const line = (text: string) => licenseLineOf(text.split(' '))!
    const base = canonicalLine(line('INCREMENT f d 1.0 permanent 2 BORROW SN=X SIGN=1'), ['AA'])
    expect(canonicalLine(line('increment f d 1.0 permanent 2 borrow sn=X SIGN=2'), ['aa'])).toBe(base)
    for (const other of [
      'INCREMENT f d 1.0 permanent 3 BORROW SN=X',
      'INCREMENT f d 1.0 permanent 2 BORROW=720 SN=X',
      'INCREMENT f d 1.0 permanent 2 SN=X',
      'INCREMENT f d 1.0 permanent 2 BORROW SN=X HOSTID=ANY',
      'FEATURE f d 1.0 permanent 2 BORROW SN=X',
    ]) {
      expect(canonicalLine(line(other), ['aa'])).not.toBe(base)
    }
    expect(canonicalLine(line('INCREMENT f d 1.0 permanent 2 BORROW SN=X'), ['aa', 'bb'])).not.toBe(base)
  })

  it('takes counts in plain decimal only', () => {
    expect(['0', '1', '120'].every(isPlainCount)).toBe(true)
    expect(['01', '1.0', '1e0', '-1', '+1', '', ' 1', 'uncounted'].some(isPlainCount)).toBe(false)
  })

  it('reports a line repeated by activation (SN) or by text', () => {
    const file = readLicenseFile(
      [
        'INCREMENT f d 1.0 permanent 1 SN=X SIGN=a',
        'INCREMENT f d 1.0 permanent 2 SN=X SIGN=b',
        'FEATURE g d 1.0 permanent 1 SIGN=c',
        'FEATURE g d 1.0 permanent 1 SIGN=c',
      ].join('\n'),
    )
    const problems = [...lineProblems(file, () => true).values()]
    expect(problems).toEqual([[], [{ kind: 'repeated', of: 1 }], [], [{ kind: 'repeated', of: 3 }]])
  })
})
