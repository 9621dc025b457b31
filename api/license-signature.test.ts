import { describe, expect, it } from 'vitest'
import { licenseText, mergeLicenseTexts, type LicenseProduct, type LicenseText } from '../app/domain/license-file'
import { canonicalLine, licenseLineOf } from '../app/domain/license-lines'
import { licenseSigner, verifyLicense } from './license-signature'

const KEY = 'a-test-key-of-32-characters-long'

const product: LicenseProduct = {
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

const text = (over: Partial<LicenseText> = {}) =>
  mergeLicenseTexts([
    licenseText({
      host: { name: 'cluster', ids: ['9-0000000a', '9-0000000b', '9-0000000c'], type: 'FLEXID', port: 1055 },
      customer: { number: '1000001', name: 'Acme "Aero" Space' },
      products: [product, { ...product, feature: 'hfss', activationId: 'BBBB-2222', endDate: null, count: 1 }],
      issued: '2026-11-23',
      sign: licenseSigner(KEY),
      signedBy: 'this portal',
      ...over,
    }),
  ])

describe('the signature of a licence file', () => {
  it('verifies a file as it was generated, with the key that signed it only', () => {
    expect(verifyLicense(text(), KEY)).toMatchObject({ ok: true, badLines: [] })
    expect(verifyLicense(text(), 'another-key-of-32-characters-xxx').ok).toBe(false)
  })

  it('fails when a count, a date or a host id is changed', () => {
    const original = text()
    const count = original.replace('04-jan-2027 4 ', '04-jan-2027 40 ')
    expect(count).not.toBe(original)
    expect(verifyLicense(count, KEY)).toMatchObject({ ok: false, badLines: [expect.stringContaining(' 40 ')] })
    expect(verifyLicense(original.replace('04-jan-2027', '04-jan-2037'), KEY).ok).toBe(false)
    const host = original.replace('FLEXID=9-0000000b', 'FLEXID=9-0000000d')
    expect(host).not.toBe(original)
    // Every line covers every SERVER host id.
    expect(verifyLicense(host, KEY).badLines).toHaveLength(2)
  })

  it('refuses a short key and a file without INCREMENT lines', () => {
    expect(() => licenseSigner('short')).toThrow(/at least 16/)
    expect(verifyLicense('SERVER a 001122aabbcc 1055\nUSE_SERVER\n', KEY).ok).toBe(false)
  })
})

/** The file with `edit` applied to its text, which must change it. */
function edited(edit: (text: string) => string): string {
  const original = text()
  const changed = edit(original)
  expect(changed).not.toBe(original)
  return changed
}

/** The file's licence lines joined onto one line each (as FlexNet reads them). */
const joined = (t: string) => t.replace(/ \\\n\t/g, ' ')

/** The problems of the line of the file that contains `part`. */
function problemsOf(file: string, part: string): string[] {
  const line = verifyLicense(file, KEY).lines.find((l) => l.line.text.includes(part))
  expect(line, `a licence line with ${part}`).toBeDefined()
  return line!.problems
}

describe('a licence file that grants more than was issued is not genuine (golden cases)', () => {
  const unsigned = 'FEATURE Ansys_HFSS ansyslmd 2099.1231 permanent 100 SIGN="0000"'

  it.each([
    ['a FEATURE line appended', `${unsigned}`],
    ['an indented INCREMENT line appended', `  ${unsigned.replace('FEATURE', 'INCREMENT')}`],
    ['a lower-case increment line appended', unsigned.replace('FEATURE', 'increment')],
    ['an UPGRADE line appended', 'UPGRADE Ansys_HFSS ansyslmd 2026.1231 2099.1231 permanent 100 SIGN="0000"'],
    ['a PACKAGE line appended', 'PACKAGE suite ansyslmd COMPONENTS="Ansys_HFSS" SIGN="0000"'],
    ['a line without SIGN appended', 'FEATURE Ansys_HFSS ansyslmd 2099.1231 permanent 100'],
  ])('%s', (_, line) => {
    const file = `${text()}${line}\n`
    const result = verifyLicense(file, KEY)
    expect(result.ok).toBe(false)
    expect(result.badLines).toEqual([line.trim()])
    expect(problemsOf(file, 'Ansys_HFSS')[0]).toMatch(/signature|no signature/)
  })

  it('a signed INCREMENT block repeated: INCREMENT lines add up, so the repeat is reported', () => {
    const original = text()
    const block = original.slice(original.indexOf('# 1.'), original.indexOf('# 2.'))
    const file = `${original}${block}`
    const result = verifyLicense(file, KEY)
    expect(result.ok).toBe(false)
    expect(result.lines.map((l) => l.problems)).toEqual([
      [],
      [],
      [expect.stringMatching(/^It repeats the line on line \d+: repeated INCREMENT lines add up/)],
    ])
  })

  it.each([
    [
      'BORROW added',
      (t: string) => t.replace('NOTICE="Acme Aero Space" SN=BBBB', 'BORROW NOTICE="Acme Aero Space" SN=BBBB'),
    ],
    ['BORROW=720 instead of BORROW', (t: string) => t.replace('\tBORROW ', '\tBORROW=720 ')],
    ['HOSTID=ANY added', (t: string) => t.replace('SN=AAAA-1111', 'HOSTID=ANY SN=AAAA-1111')],
    ['DUP_GROUP=UHD added', (t: string) => t.replace('SN=AAAA-1111', 'DUP_GROUP=UHD SN=AAAA-1111')],
    [
      'the NOTICE changed',
      (t: string) => t.replace('NOTICE="Acme Aero Space" SN=AAAA', 'NOTICE="Someone Else" SN=AAAA'),
    ],
    ['the vendor string changed', (t: string) => t.replace('customer=1000001', 'customer=1000002')],
    ['the version changed', (t: string) => t.replace('2026.1231', '2099.1231')],
    ['the vendor daemon changed', (t: string) => t.replace('ansys_fluent ansyslmd', 'ansys_fluent ansoftd')],
    ['the keyword changed to FEATURE', (t: string) => t.replace('INCREMENT ansys_fluent', 'FEATURE ansys_fluent')],
    ['the start changed', (t: string) => t.replace('START=05-jan-2026', 'START=05-jan-2020')],
  ])('%s', (_, edit) => {
    const result = verifyLicense(edited(edit), KEY)
    expect(result.ok).toBe(false)
    expect(result.badLines).toHaveLength(1)
    expect(result.lines.flatMap((l) => l.problems)).toEqual([
      'Its signature does not match what it grants: it was changed after it was issued.',
    ])
  })

  it.each(['01', '1.0', '1e0', '+1', '0x1', '١'])('the count written %s', (count) => {
    const file = edited((t) => t.replace('permanent 1 \\', `permanent ${count} \\`))
    const result = verifyLicense(file, KEY)
    expect(result.ok).toBe(false)
    expect(problemsOf(file, 'hfss')).toContain(`Its count "${count}" is not a plain whole number.`)
  })

  it('a feature name longer than FlexNet allows', () => {
    const file = `${text()}INCREMENT ${'f'.repeat(31)} ansyslmd 2026.1231 permanent 1 SIGN="00"\n`
    expect(problemsOf(file, 'ffff')).toContain(
      "Its feature name fffffffffffffffffffffffffffffff is longer than FlexNet's 30 characters.",
    )
  })

  it('a line that is not a line of a licence file', () => {
    const result = verifyLicense(`${text()}GRANT everything\n`, KEY)
    expect(result).toMatchObject({ ok: false, badLines: ['GRANT everything'] })
  })

  it('a line removed leaves the others genuine: the comparison with the host today tells it (licence check)', () => {
    const file = edited((t) => t.slice(0, t.indexOf('# 2.')))
    expect(verifyLicense(file, KEY)).toMatchObject({ ok: true, badLines: [] })
    expect(verifyLicense(file, KEY).lines).toHaveLength(1)
  })
})

describe('a genuine licence file laid out another way is genuine', () => {
  it('continuations without a space before the backslash, with CRLF line ends, or no continuations', () => {
    expect(
      verifyLicense(
        edited((t) => t.replace(/ \\\n/g, '\\\n')),
        KEY,
      ),
    ).toMatchObject({ ok: true })
    expect(
      verifyLicense(
        edited((t) => t.replace(/\n/g, '\r\n')),
        KEY,
      ),
    ).toMatchObject({ ok: true })
    expect(verifyLicense(edited(joined), KEY)).toMatchObject({ ok: true })
    expect(
      verifyLicense(
        edited((t) => t.replace(/\t/g, '        ')),
        KEY,
      ),
    ).toMatchObject({ ok: true })
  })

  it('keywords in any case and indented lines, comments anywhere', () => {
    const file = edited((t) =>
      joined(t)
        .replace(/^INCREMENT /gm, '  increment ')
        .replace(/^SERVER /gm, 'server '),
    )
    expect(verifyLicense(`# a note\n${file}# the end\n`, KEY)).toMatchObject({ ok: true, badLines: [] })
  })

  it('a FEATURE line signed with the key is as genuine as an INCREMENT line', () => {
    const sign = licenseSigner(KEY)
    const hostIds = ['flexid=9-0000000a', 'flexid=9-0000000b', 'flexid=9-0000000c']
    const tokens = ['FEATURE', 'hfss', 'ansoftd', '2026.1231', 'permanent', '2', 'VENDOR_STRING="customer=1000001"']
    const line = licenseLineOf(tokens)!
    const file = `${text()}${tokens.join(' ')} SIGN="${sign(canonicalLine(line, hostIds))}"\n`
    const result = verifyLicense(file, KEY)
    expect(result).toMatchObject({ ok: true, badLines: [] })
    expect(result.lines.map((l) => l.line.keyword)).toEqual(['INCREMENT', 'INCREMENT', 'FEATURE'])
  })
})
