import { describe, expect, it } from 'vitest'
import { EXPORT_STATUS_FIELD } from '../domain/product'
import {
  CUSTOMER_SCREENS,
  type CustomerRouteInput,
  customerRouteDecision,
  customerScoped,
  requireActivations,
  requireCustomer,
  requireCustomerType,
  requireEmailListType,
  requireExportApproved,
} from './access'
import { makeInfo, makeUser } from '../../tests/support/domain-builders'

const customer = makeUser(['user'])
const denied = makeInfo({ [EXPORT_STATUS_FIELD]: 'Denied' })

const input = (pathname: string, overrides: Partial<CustomerRouteInput> = {}): CustomerRouteInput => ({
  pathname,
  user: customer,
  info: makeInfo({ hasSSL: 1 }),
  customerNumber: '1000001',
  ...overrides,
})

describe('helpers', () => {
  it('requireCustomer', () => {
    expect(requireCustomer('1000001')).toBeNull()
    expect(requireCustomer('')).toBe('/noselectedcustomer')
    expect(requireCustomer('  ')).toBe('/noselectedcustomer')
    expect(requireCustomer(null)).toBe('/noselectedcustomer')
    expect(requireCustomer(undefined)).toBe('/noselectedcustomer')
  })

  it('requireExportApproved', () => {
    expect(requireExportApproved(makeInfo())).toBeNull()
    expect(requireExportApproved(null)).toBeNull()
    expect(requireExportApproved(denied)).toBe('/noaccess')
  })

  it('requireCustomerType', () => {
    expect(requireCustomerType(makeInfo({ orgType: 'Indirect' }))).toBeNull()
    expect(requireCustomerType(makeInfo({ orgType: 'Undefined' }))).toBe('/notypecustomer')
    expect(requireCustomerType(null)).toBe('/notypecustomer')
  })

  it('requireEmailListType', () => {
    expect(requireEmailListType(makeInfo({ orgType: 'Channel' }))).toBeNull()
    expect(requireEmailListType(makeInfo({ orgType: 'Direct' }))).toBeNull()
    expect(requireEmailListType(makeInfo({ orgType: 'Indirect' }))).toBe('/notypecustomer')
  })

  it('requireActivations', () => {
    expect(requireActivations(customer, makeInfo({ hasSSL: 1 }))).toBeNull()
    expect(requireActivations(customer, makeInfo({ hasSSL: 0 }))).toBe('/')
    expect(requireActivations(null, null)).toBe('/')
  })
})

describe('customerScoped', () => {
  it.each([
    ...CUSTOMER_SCREENS.map((s) => s.path),
    '/emails/42',
    '/webassignments/groups',
    '/ELASTIC/',
    '/activations;id=3',
    '/ssl?x=1',
  ])('%s works on a customer', (path) => {
    expect(customerScoped(path)).toBe(true)
  })

  it.each([
    '/',
    '',
    '/home',
    '/notifications',
    '/notifications-category/critical',
    '/notification-details/4',
    '/noselectedcustomer',
    '/noaccess',
    '/customers',
    '/settings/features',
    '/elasticity',
  ])('%j does not', (path) => {
    expect(customerScoped(path)).toBe(false)
  })
})

describe('customerRouteDecision', () => {
  it('never redirects screens that need no customer', () => {
    expect(customerRouteDecision(input('/home', { customerNumber: null, info: null }))).toBeNull()
    expect(customerRouteDecision(input('/notifications', { info: denied }))).toBeNull()
    expect(customerRouteDecision(input('/noselectedcustomer', { customerNumber: null }))).toBeNull()
  })

  it('asks for a customer first', () => {
    expect(customerRouteDecision(input('/portalaccess', { customerNumber: null, info: null }))).toBe(
      '/noselectedcustomer',
    )
    expect(customerRouteDecision(input('/emails', { customerNumber: '', info: denied }))).toBe('/noselectedcustomer')
  })

  it('then refuses an export-denied customer', () => {
    expect(customerRouteDecision(input('/transactions', { info: denied }))).toBe('/noaccess')
    expect(customerRouteDecision(input('/emails', { info: makeInfo({ ...denied, orgType: 'Undefined' }) }))).toBe(
      '/noaccess',
    )
  })

  it('lets an approved customer into screens without their own rule', () => {
    for (const path of ['/transactions', '/statementv2', '/portalaccess', '/clscredentials', '/whitelistips']) {
      expect(customerRouteDecision(input(path))).toBeNull()
    }
  })

  it('needs an allowed customer type on /elastic and /ssl', () => {
    expect(customerRouteDecision(input('/elastic'))).toBeNull()
    expect(customerRouteDecision(input('/ssl', { info: makeInfo({ orgType: 'Indirect' }) }))).toBeNull()
    expect(customerRouteDecision(input('/elastic', { info: makeInfo({ orgType: 'Undefined' }) }))).toBe(
      '/notypecustomer',
    )
    expect(customerRouteDecision(input('/ssl/', { info: makeInfo({ orgType: 'Undefined' }) }))).toBe('/notypecustomer')
  })

  it('needs Channel or Direct on the emails', () => {
    expect(customerRouteDecision(input('/emails', { info: makeInfo({ orgType: 'Channel' }) }))).toBeNull()
    expect(customerRouteDecision(input('/emails/7', { info: makeInfo({ orgType: 'Indirect' }) }))).toBe(
      '/notypecustomer',
    )
  })

  it('needs the activations permission on the activations screens', () => {
    expect(customerRouteDecision(input('/activations'))).toBeNull()
    expect(customerRouteDecision(input('/activations-history'))).toBeNull()
    expect(customerRouteDecision(input('/activations', { info: makeInfo({ hasSSL: 0 }) }))).toBe('/')
    expect(customerRouteDecision(input('/activations-history', { info: makeInfo({ hasSSL: 0 }) }))).toBe('/')
    expect(
      customerRouteDecision(
        input('/activations', { user: makeUser(['busops']), info: makeInfo({ hasSSL: 1, isAccessDisabled: 1 }) }),
      ),
    ).toBeNull()
  })
})
