import { describe, expect, it } from 'vitest'
import { EXPORT_STATUS_FIELD } from './product'
import {
  activationsAllowed,
  customerCategory,
  customerTypeAllowed,
  elasticAllowed,
  emailListAllowed,
  exportDenied,
  flagSet,
  fsaActivationsAllowed,
  hasRole,
  initials,
  isAccessDisabled,
  isBusops,
  isChannel,
  isDirect,
  isIndirect,
  isSales,
  isSalesAccess,
  isStaff,
  isSupport,
  isViewOnly,
  roleLabel,
  roleSentence,
  selfServeLicensingAllowed,
  sslAccessPermissible,
} from './permissions'
import { makeInfo, makeUser } from '../../tests/support/domain-builders'

const customer = makeUser(['user'])
const busops = makeUser(['user', 'busops'])
const support = makeUser(['user', 'support'])
const sales = makeUser(['user', 'sales'])
const salesAccess = makeUser(['user', 'salesaccess'])

describe('flagSet', () => {
  it.each([
    [1, true],
    [2, true],
    [-1, true],
    ['1', true],
    [true, true],
    [0, false],
    ['0', false],
    [false, false],
    ['', false],
    [null, false],
    [undefined, false],
    ['yes', false],
  ])('%s -> %s', (value, expected) => {
    expect(flagSet(value)).toBe(expected)
  })
})

describe('roles', () => {
  it('matches roles ignoring case and surrounding space', () => {
    expect(hasRole(makeUser([' BusOps ']), 'busops')).toBe(true)
    expect(hasRole(makeUser(['user']), 'busops')).toBe(false)
  })

  it('is false for a missing user or role list', () => {
    expect(hasRole(null, 'user')).toBe(false)
    expect(hasRole(undefined, 'user')).toBe(false)
    expect(hasRole({ email: 'a@b.c', name: '', roles: undefined as unknown as string[] }, 'user')).toBe(false)
  })

  it('names each staff role', () => {
    expect(isBusops(busops)).toBe(true)
    expect(isBusops(support)).toBe(false)
    expect(isSupport(support)).toBe(true)
    expect(isSupport(busops)).toBe(false)
    expect(isSales(sales)).toBe(true)
    expect(isSales(salesAccess)).toBe(false)
    expect(isSalesAccess(salesAccess)).toBe(true)
    expect(isSalesAccess(sales)).toBe(false)
  })

  it('treats busops, support, sales and sales access as staff', () => {
    expect(isStaff(busops)).toBe(true)
    expect(isStaff(support)).toBe(true)
    expect(isStaff(sales)).toBe(true)
    expect(isStaff(salesAccess)).toBe(true)
  })

  it('does not treat customer roles as staff', () => {
    expect(isStaff(makeUser(['user', 'admin', 'asc', 'portalview', 'portaledit', 'weblicense']))).toBe(false)
    expect(isStaff(null)).toBe(false)
  })
})

describe('isAccessDisabled', () => {
  it('is true when the info is missing', () => {
    expect(isAccessDisabled(null)).toBe(true)
    expect(isAccessDisabled(undefined)).toBe(true)
  })

  it('follows the account flag', () => {
    expect(isAccessDisabled(makeInfo({ isAccessDisabled: 1 }))).toBe(true)
    expect(isAccessDisabled(makeInfo({ isAccessDisabled: 0 }))).toBe(false)
  })
})

describe('sslAccessPermissible', () => {
  it('allows an enabled account without the generator flag', () => {
    expect(sslAccessPermissible(makeInfo())).toBe(true)
  })

  it('refuses an enabled account with the generator flag', () => {
    expect(sslAccessPermissible(makeInfo({ isFNPLicenseGenerator: 1 }))).toBe(false)
  })

  it('allows a disabled account with the generator flag and neither asc nor portalEdit', () => {
    expect(sslAccessPermissible(makeInfo({ isAccessDisabled: 1, isFNPLicenseGenerator: 1 }))).toBe(true)
  })

  it('refuses a disabled account with the generator flag and asc', () => {
    expect(sslAccessPermissible(makeInfo({ isAccessDisabled: 1, isFNPLicenseGenerator: 1, isAsc: 1 }))).toBe(false)
  })

  it('refuses a disabled account with the generator flag and portalEdit', () => {
    expect(sslAccessPermissible(makeInfo({ isAccessDisabled: 1, isFNPLicenseGenerator: 1, isPortalEdit: 1 }))).toBe(
      false,
    )
  })

  it('refuses a disabled account without the generator flag', () => {
    expect(sslAccessPermissible(makeInfo({ isAccessDisabled: 1 }))).toBe(false)
  })

  it('refuses a missing account', () => {
    expect(sslAccessPermissible(null)).toBe(false)
  })
})

describe('selfServeLicensingAllowed and fsaActivationsAllowed', () => {
  const denied = makeInfo({ isAccessDisabled: 1 })

  it.each([
    ['busops', busops],
    ['support', support],
    ['sales', sales],
    ['sales access', salesAccess],
  ])('allows %s even without SSL access', (_, user) => {
    expect(selfServeLicensingAllowed(user, denied)).toBe(true)
    expect(fsaActivationsAllowed(user, denied)).toBe(true)
    expect(selfServeLicensingAllowed(user, null)).toBe(true)
  })

  it('allows a customer user when SSL access is permissible', () => {
    expect(selfServeLicensingAllowed(customer, makeInfo())).toBe(true)
    expect(fsaActivationsAllowed(customer, makeInfo())).toBe(true)
  })

  it('refuses a customer user without SSL access', () => {
    expect(selfServeLicensingAllowed(customer, denied)).toBe(false)
    expect(fsaActivationsAllowed(customer, denied)).toBe(false)
    expect(selfServeLicensingAllowed(null, null)).toBe(false)
  })
})

describe('activationsAllowed', () => {
  it('needs self-serve licensing and hasSSL', () => {
    expect(activationsAllowed(customer, makeInfo({ hasSSL: 1 }))).toBe(true)
    expect(activationsAllowed(busops, makeInfo({ hasSSL: 1, isAccessDisabled: 1 }))).toBe(true)
  })

  it('is refused without hasSSL, even to staff', () => {
    expect(activationsAllowed(customer, makeInfo({ hasSSL: 0 }))).toBe(false)
    expect(activationsAllowed(busops, makeInfo({ hasSSL: 0 }))).toBe(false)
    expect(activationsAllowed(busops, null)).toBe(false)
  })

  it('is refused without self-serve licensing', () => {
    expect(activationsAllowed(customer, makeInfo({ hasSSL: 1, isFNPLicenseGenerator: 1 }))).toBe(false)
  })
})

describe('customer type', () => {
  it.each(['Direct', 'Channel', 'Indirect', 'direct', ' CHANNEL '])('allows %s', (orgType) => {
    expect(customerTypeAllowed(makeInfo({ orgType }))).toBe(true)
  })

  it.each(['Undefined', '', 'Partner'])('refuses %s', (orgType) => {
    expect(customerTypeAllowed(makeInfo({ orgType }))).toBe(false)
  })

  it('refuses a missing account or a non-string org type', () => {
    expect(customerTypeAllowed(null)).toBe(false)
    expect(customerTypeAllowed(makeInfo({ orgType: undefined as unknown as string }))).toBe(false)
  })

  it('names each org type', () => {
    expect(isDirect(makeInfo({ orgType: 'Direct' }))).toBe(true)
    expect(isDirect(makeInfo({ orgType: 'Channel' }))).toBe(false)
    expect(isChannel(makeInfo({ orgType: 'Channel' }))).toBe(true)
    expect(isChannel(makeInfo({ orgType: 'Indirect' }))).toBe(false)
    expect(isIndirect(makeInfo({ orgType: 'Indirect' }))).toBe(true)
    expect(isIndirect(makeInfo({ orgType: 'Direct' }))).toBe(false)
  })
})

describe('emailListAllowed', () => {
  it('allows Channel and Direct customers only', () => {
    expect(emailListAllowed(makeInfo({ orgType: 'Channel' }))).toBe(true)
    expect(emailListAllowed(makeInfo({ orgType: 'Direct' }))).toBe(true)
    expect(emailListAllowed(makeInfo({ orgType: 'Indirect' }))).toBe(false)
    expect(emailListAllowed(makeInfo({ orgType: 'Undefined' }))).toBe(false)
    expect(emailListAllowed(null)).toBe(false)
  })
})

describe('isViewOnly', () => {
  it('is view-only for a plain customer user', () => {
    expect(isViewOnly(customer, makeInfo())).toBe(true)
    expect(isViewOnly(customer, makeInfo({ isPortalView: 1 }))).toBe(true)
    expect(isViewOnly(null, null)).toBe(true)
  })

  it('is view-only for support, sales and sales access without customer flags', () => {
    expect(isViewOnly(support, makeInfo())).toBe(true)
    expect(isViewOnly(sales, makeInfo())).toBe(true)
    expect(isViewOnly(salesAccess, makeInfo())).toBe(true)
  })

  it('is editable for busops', () => {
    expect(isViewOnly(busops, null)).toBe(false)
  })

  it.each(['isAsc', 'isPortalEdit', 'isFNPLicenseGenerator'] as const)('is editable with %s', (flag) => {
    expect(isViewOnly(customer, makeInfo({ [flag]: 1 }))).toBe(false)
  })
})

describe('elasticAllowed', () => {
  it('is always true', () => {
    expect(elasticAllowed()).toBe(true)
  })
})

describe('exportDenied', () => {
  it.each(['approved', 'Approved', 'APPROVED', ' approved ', '', '   '])('lets %j through', (status) => {
    expect(exportDenied(makeInfo({ [EXPORT_STATUS_FIELD]: status }))).toBe(false)
  })

  it.each(['denied', 'Pending', 'not approved'])('denies %j', (status) => {
    expect(exportDenied(makeInfo({ [EXPORT_STATUS_FIELD]: status }))).toBe(true)
  })

  it('does not deny when the info or field is missing', () => {
    expect(exportDenied(null)).toBe(false)
    const info = makeInfo()
    delete (info as Partial<typeof info>)[EXPORT_STATUS_FIELD]
    expect(exportDenied(info)).toBe(false)
  })
})

describe('customerCategory', () => {
  it('is Busops for a busops user whatever the customer', () => {
    expect(customerCategory(busops, makeInfo({ orgType: 'Channel' }))).toBe('Busops')
    expect(customerCategory(busops, null)).toBe('Busops')
  })

  it('follows the org type otherwise', () => {
    expect(customerCategory(customer, makeInfo({ orgType: 'Channel' }))).toBe('Channel')
    expect(customerCategory(customer, makeInfo({ orgType: 'Direct' }))).toBe('Direct')
    expect(customerCategory(support, makeInfo({ orgType: 'Indirect' }))).toBe('Indirect')
  })

  it('is null for other org types or no customer', () => {
    expect(customerCategory(customer, makeInfo({ orgType: 'Undefined' }))).toBeNull()
    expect(customerCategory(customer, null)).toBeNull()
  })
})

describe('roleLabel', () => {
  it('labels busops', () => {
    expect(roleLabel(busops, makeInfo())).toBe('Business Operations Role')
  })

  it('prefers busops over the other staff roles', () => {
    expect(roleLabel(makeUser(['busops', 'support', 'sales']), null)).toBe('Business Operations Role')
  })

  it('labels support without the generator flag', () => {
    expect(roleLabel(support, makeInfo())).toBe('Support Role')
    expect(roleLabel(support, null)).toBe('Support Role')
  })

  it('drops the support label when the customer has the generator flag', () => {
    expect(roleLabel(support, makeInfo({ isFNPLicenseGenerator: 1 }))).toBe('(FNP License Generator)')
  })

  it('falls back to a sales label for support with the generator flag who also sells', () => {
    expect(roleLabel(makeUser(['support', 'sales']), makeInfo({ isFNPLicenseGenerator: 1 }))).toBe(
      'Sales Role (FNP License Generator)',
    )
  })

  it('labels sales and sales access staff', () => {
    expect(roleLabel(sales, makeInfo())).toBe('Sales Role')
    expect(roleLabel(salesAccess, makeInfo())).toBe('Sales Access Role')
  })

  it.each([
    ['isAsc', '(Support Coordinator)'],
    ['isPortalEdit', '(Portal Administrator Role)'],
    ['isFNPLicenseGenerator', '(FNP License Generator)'],
    ['isPortalView', '(Portal Viewer Role)'],
    ['isSales', '(Sales Role)'],
    ['isSalesAccess', '(Sales Access Role)'],
  ] as const)('labels the customer flag %s', (flag, label) => {
    expect(roleLabel(customer, makeInfo({ [flag]: 1 }))).toBe(label)
  })

  it('appends every set flag in a fixed order after the staff label', () => {
    const info = makeInfo({
      isAsc: 1,
      isPortalEdit: 1,
      isFNPLicenseGenerator: 1,
      isPortalView: 1,
      isSales: 1,
      isSalesAccess: 1,
    })
    expect(roleLabel(busops, info)).toBe(
      'Business Operations Role (Support Coordinator) (Portal Administrator Role) (FNP License Generator) (Portal Viewer Role) (Sales Role) (Sales Access Role)',
    )
  })

  it('does not repeat the staff label as a flag', () => {
    expect(roleLabel(sales, makeInfo({ isSales: 1, isPortalView: 1 }))).toBe('Sales Role (Portal Viewer Role)')
    expect(roleLabel(salesAccess, makeInfo({ isSalesAccess: 1 }))).toBe('Sales Access Role')
  })

  it('calls a user with no staff role and no flag a Customer', () => {
    expect(roleLabel(customer, makeInfo())).toBe('Customer')
    expect(roleLabel(customer, null)).toBe('Customer')
    expect(roleLabel(null, null)).toBe('Customer')
  })
})

describe('roleSentence', () => {
  it('names one role plainly, without brackets or the word Role', () => {
    expect(roleSentence(customer, makeInfo({ isPortalEdit: 1 }))).toBe('Your role: Portal Administrator')
    expect(roleSentence(customer, makeInfo({ isPortalView: 1 }))).toBe('Your role: Portal Viewer')
    expect(roleSentence(customer, makeInfo({ isAsc: 1 }))).toBe('Your role: Support Coordinator')
    expect(roleSentence(busops, null)).toBe('Your role: Business Operations')
  })

  it('lists several roles in the order of the role label', () => {
    expect(roleSentence(sales, makeInfo({ isSales: 1, isPortalView: 1 }))).toBe('Your roles: Sales, Portal Viewer')
    expect(roleSentence(makeUser(['support', 'sales']), makeInfo({ isFNPLicenseGenerator: 1 }))).toBe(
      'Your roles: Sales, FNP License Generator',
    )
  })

  it('calls a user with no role a Customer', () => {
    expect(roleSentence(customer, makeInfo())).toBe('Your role: Customer')
    expect(roleSentence(null, null)).toBe('Your role: Customer')
  })
})

describe('initials', () => {
  it('takes the first and last word of the name', () => {
    expect(initials(makeUser([], { name: 'Jane Doe' }))).toBe('JD')
    expect(initials(makeUser([], { name: 'jane van der doe' }))).toBe('JD')
    expect(initials(makeUser([], { name: "  Mary   O'Brien " }))).toBe('MO')
  })

  it('takes two letters of a single-word name', () => {
    expect(initials(makeUser([], { name: 'madonna' }))).toBe('MA')
    expect(initials(makeUser([], { name: 'X' }))).toBe('X')
  })

  it('handles letters of any script', () => {
    expect(initials(makeUser([], { name: 'élodie Ñúñez' }))).toBe('ÉÑ')
  })

  it('falls back to the e-mail local part', () => {
    expect(initials(makeUser([], { name: '', email: 'john.smith@example.com' }))).toBe('JS')
    expect(initials(makeUser([], { name: '  ', email: 'j_a-b+c@example.com' }))).toBe('JC')
    expect(initials(makeUser([], { name: '---', email: 'admin@example.com' }))).toBe('AD')
  })

  it('is ? when there is nothing to go on', () => {
    expect(initials(makeUser([], { name: '', email: '' }))).toBe('?')
    expect(initials(makeUser([], { name: '', email: '@example.com' }))).toBe('?')
    expect(initials(null)).toBe('?')
    expect(initials({ roles: [] } as unknown as Parameters<typeof initials>[0])).toBe('?')
  })
})
