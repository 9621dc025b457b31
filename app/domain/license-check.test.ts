import { describe, expect, it } from 'vitest'
import { grantDifferences, grantOf, mayCheckLicense } from './license-check'
import { readLicenseFile } from './license-lines'
import type { AccountInfo, User } from './types'

const user = (roles: string[]) => ({ roles }) as unknown as User
const info = (isPortalEdit: number) => ({ isPortalEdit }) as unknown as AccountInfo

const grants = (text: string) => readLicenseFile(text).licenseLines.map((l) => grantOf(l, []))

const TODAY = [
  'INCREMENT mech ansyslmd 2026.1231 31-dec-2026 2 VENDOR_STRING="customer=1" BORROW SN=A SIGN=x',
  'INCREMENT cfx ansyslmd 2026.1231 permanent 1 VENDOR_STRING="customer=1" SN=B SIGN=y',
].join('\n')

describe('checking a licence file', () => {
  it('is for a customer’s administrators, vendor support and business operations', () => {
    expect(mayCheckLicense(user(['user']), info(1))).toBe(true)
    expect(mayCheckLicense(user(['user', 'support']), null)).toBe(true)
    expect(mayCheckLicense(user(['user', 'busops']), null)).toBe(true)
    expect(mayCheckLicense(user(['user']), info(0))).toBe(false)
    expect(mayCheckLicense(user(['user', 'sales']), info(0))).toBe(false)
    expect(mayCheckLicense(null, null)).toBe(false)
  })

  it('reads what a line grants, UPGRADE fields included', () => {
    const [mech] = grants(TODAY)
    expect(mech).toMatchObject({
      feature: 'mech',
      count: '2',
      expiry: '31-dec-2026',
      version: '2026.1231',
      borrowing: 'Yes',
      customerNumber: '1',
      activationId: 'A',
      lockedTo: null,
    })
    const [upgrade] = grants('UPGRADE mech ansyslmd 2025.0101 2026.1231 permanent 3 BORROW=720 HOSTID=ANY')
    expect(upgrade).toMatchObject({ count: '3', expiry: 'permanent', version: '2026.1231' })
    expect(upgrade).toMatchObject({ borrowing: 'Up to 720 hours', lockedTo: 'ANY', customerNumber: null })
  })

  it('finds nothing different in the same lines, and says in words what differs', () => {
    expect(grantDifferences(grants(TODAY), grants(TODAY))).toEqual([])
    const file = grants(
      [
        'INCREMENT mech ansyslmd 2026.1231 31-dec-2027 4 VENDOR_STRING="customer=1" SN=A SIGN=x',
        'INCREMENT hfss ansyslmd 2026.1231 permanent 1 VENDOR_STRING="customer=1" SN=C SIGN=z',
      ].join('\n'),
    )
    expect(grantDifferences(file, grants(TODAY))).toEqual([
      'Line 1, mech (A): count 4 in the file, 2 today.',
      'Line 1, mech (A): expiry 31-dec-2027 in the file, 31-dec-2026 today.',
      'Line 1, mech (A): borrowing No in the file, Yes today.',
      'Line 2, hfss (C): not activated on this host today.',
      'cfx (B): 1 activated on this host today, missing from the file.',
    ])
  })
})
