import { describe, expect, it } from 'vitest'
import { EXPORT_STATUS_FIELD } from '../domain/product'
import { NOTICE_PATHS, NOTICE_TEXTS, type NoticePage, noticePageOf, noticeRedirect } from './notice-pages'
import { makeInfo } from '../../tests/support/domain-builders'

describe('notice texts', () => {
  it('are the texts of the notice pages', () => {
    expect(NOTICE_TEXTS).toEqual({
      nocustomer:
        'Your account is not linked to any customer yet. Please contact your administrator or support to get access.',
      noselectedcustomer: 'Please select a customer from the drop down menu at the top right.',
      notypecustomer:
        'The selected customer needs to be either a direct or channel customer. Please contact support to correct the customer type.',
      nopermissions: 'You do not have enough permissions to view this page.',
      noaccess: 'Access to this customer is denied per Export Compliance restrictions.',
      noascaccess:
        'You must be an ASC (Support Coordinator) to access the account for this customer number, please contact your sales representative.',
    })
  })

  it('have one route each', () => {
    expect(Object.keys(NOTICE_PATHS).sort()).toEqual(Object.keys(NOTICE_TEXTS).sort())
    for (const [page, path] of Object.entries(NOTICE_PATHS)) expect(path).toBe(`/${page}`)
  })
})

describe('noticePageOf', () => {
  it('finds the page of a notice path', () => {
    expect(noticePageOf('/noaccess')).toBe('noaccess')
    expect(noticePageOf('/NoSelectedCustomer/')).toBe('noselectedcustomer')
    expect(noticePageOf(' /nocustomer ')).toBe('nocustomer')
  })

  it('is null for other paths', () => {
    expect(noticePageOf('/elastic')).toBeNull()
    expect(noticePageOf('/noaccess/x')).toBeNull()
    expect(noticePageOf('/')).toBeNull()
  })
})

describe('noticeRedirect', () => {
  describe('noselectedcustomer', () => {
    it('goes to /elastic once a customer is selected', () => {
      expect(noticeRedirect('noselectedcustomer', { customerNumber: '1000001' })).toBe('/elastic')
    })

    it.each([null, undefined, '', '  '])('stays with customer %j', (customerNumber) => {
      expect(noticeRedirect('noselectedcustomer', { customerNumber })).toBeNull()
    })
  })

  describe('notypecustomer', () => {
    it.each(['Channel', 'Direct', 'Indirect'])('goes to /elastic for a %s customer', (orgType) => {
      expect(noticeRedirect('notypecustomer', { info: makeInfo({ orgType }) })).toBe('/elastic')
    })

    it('stays for other types or no info', () => {
      expect(noticeRedirect('notypecustomer', { info: makeInfo({ orgType: 'Undefined' }) })).toBeNull()
      expect(noticeRedirect('notypecustomer', { info: null })).toBeNull()
      expect(noticeRedirect('notypecustomer', {})).toBeNull()
    })
  })

  describe('noaccess', () => {
    it.each(['', 'approved', 'APPROVED'])('goes to /elastic when the status is %j', (status) => {
      expect(noticeRedirect('noaccess', { info: makeInfo({ [EXPORT_STATUS_FIELD]: status }) })).toBe('/elastic')
    })

    it('goes to /elastic without info (the status is empty)', () => {
      expect(noticeRedirect('noaccess', {})).toBe('/elastic')
    })

    it('stays while the customer is denied', () => {
      expect(noticeRedirect('noaccess', { info: makeInfo({ [EXPORT_STATUS_FIELD]: 'Denied' }) })).toBeNull()
    })
  })

  describe.each(['nopermissions', 'noascaccess'] as const)('%s', (page) => {
    it('goes to /elastic when the customer has changed', () => {
      expect(noticeRedirect(page, { customerNumber: '2', deniedCustomerNumber: '1' })).toBe('/elastic')
    })

    it('stays on the refused customer', () => {
      expect(noticeRedirect(page, { customerNumber: '1', deniedCustomerNumber: '1' })).toBeNull()
      expect(noticeRedirect(page, { customerNumber: ' 1 ', deniedCustomerNumber: '1' })).toBeNull()
    })

    it('stays unless both customers are known', () => {
      expect(noticeRedirect(page, { customerNumber: '2' })).toBeNull()
      expect(noticeRedirect(page, { deniedCustomerNumber: '1' })).toBeNull()
      expect(noticeRedirect(page, { customerNumber: '', deniedCustomerNumber: '1' })).toBeNull()
      expect(noticeRedirect(page, { customerNumber: '2', deniedCustomerNumber: null })).toBeNull()
    })
  })

  describe('nocustomer', () => {
    it('goes to /home once the user has a customer', () => {
      expect(noticeRedirect('nocustomer', { customerCount: 1 })).toBe('/home')
      expect(noticeRedirect('nocustomer', { customerCount: 12 })).toBe('/home')
    })

    it('stays with no customers or an unknown count', () => {
      expect(noticeRedirect('nocustomer', { customerCount: 0 })).toBeNull()
      expect(noticeRedirect('nocustomer', { customerCount: null })).toBeNull()
      expect(noticeRedirect('nocustomer', {})).toBeNull()
    })
  })

  it('stays on an unknown page', () => {
    expect(noticeRedirect('elsewhere' as NoticePage, { customerNumber: '1' })).toBeNull()
  })
})
