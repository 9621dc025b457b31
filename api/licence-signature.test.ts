import { describe, expect, it } from 'vitest'
import { licenceText, mergeLicenceTexts, type LicenceProduct, type LicenceText } from '../app/domain/licence-file'
import { licenceSigner, verifyLicence } from './licence-signature'

const KEY = 'a-test-key-of-32-characters-long'

const product: LicenceProduct = {
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

const text = (over: Partial<LicenceText> = {}) =>
  mergeLicenceTexts([
    licenceText({
      host: { name: 'cluster', ids: ['9-0000000a', '9-0000000b', '9-0000000c'], type: 'FLEXID', port: 1055 },
      customer: { number: '1000001', name: 'Acme "Aero" Space' },
      products: [product, { ...product, feature: 'hfss', activationId: 'BBBB-2222', endDate: null, count: 1 }],
      issued: '2026-11-23',
      sign: licenceSigner(KEY),
      signedBy: 'this portal',
      ...over,
    }),
  ])

describe('the signature of a licence file', () => {
  it('verifies a file as it was generated, with the key that signed it only', () => {
    expect(verifyLicence(text(), KEY)).toEqual({ ok: true, badLines: [] })
    expect(verifyLicence(text(), 'another-key-of-32-characters-xxx').ok).toBe(false)
  })

  it('fails when a count, a date or a host id is changed', () => {
    const original = text()
    const count = original.replace('04-jan-2027 4 ', '04-jan-2027 40 ')
    expect(count).not.toBe(original)
    expect(verifyLicence(count, KEY)).toMatchObject({ ok: false, badLines: [expect.stringContaining(' 40 ')] })
    expect(verifyLicence(original.replace('04-jan-2027', '04-jan-2037'), KEY).ok).toBe(false)
    const host = original.replace('FLEXID=9-0000000b', 'FLEXID=9-0000000d')
    expect(host).not.toBe(original)
    // Every line covers every SERVER host id.
    expect(verifyLicence(host, KEY).badLines).toHaveLength(2)
  })

  it('depends on every signed field and on nothing else', () => {
    const sign = licenceSigner(KEY)
    const fields = {
      feature: 'f',
      daemon: 'd',
      version: '2026.1231',
      expiry: 'permanent',
      count: 1,
      vendorString: 'customer=1',
      issued: '23-nov-2026',
      start: '01-jan-2026',
      serialNumber: 'S',
      hostIds: ['001122aabbcc'],
    }
    expect(sign(fields)).toMatch(/^[0-9A-F]{40}$/)
    expect(sign({ ...fields })).toBe(sign(fields))
    for (const change of [{ feature: 'g' }, { count: 2 }, { serialNumber: 'T' }, { hostIds: ['001122aabbcd'] }]) {
      expect(sign({ ...fields, ...change })).not.toBe(sign(fields))
    }
    // Case of a host id does not matter: ids are stored lowercase.
    expect(sign({ ...fields, hostIds: ['001122AABBCC'] })).toBe(sign(fields))
  })

  it('refuses a short key and a file without INCREMENT lines', () => {
    expect(() => licenceSigner('short')).toThrow(/at least 16/)
    expect(verifyLicence('SERVER a 001122aabbcc 1055\nUSE_SERVER\n', KEY).ok).toBe(false)
  })
})
