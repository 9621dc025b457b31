/** The fixed demo data set: customers, users and their access, feature flags. Every password is `demo`. */
import type { accounts, featureFlags } from './tables'

export const DEMO_PASSWORD = 'demo'

/** How many generated customers the demo data set adds after the fixed ones. */
export const DEMO_GENERATED_CUSTOMERS = 600

export const demoAccounts: (typeof accounts.$inferInsert)[] = [
  {
    accountId: '1000001',
    accountName: 'Acme Aerospace',
    orgType: 'Direct',
    exportControlStatus: 'approved',
    hasElastic: 1,
    hasSsl: 1,
    hasFsa: 1,
    hasSharedLicense: 1,
    hasNamedLicense: 1,
    sharedServerSupport: 1,
    supportEmail: 'support@acme.example',
  },
  {
    accountId: '1000002',
    accountName: 'Borealis Motors',
    orgType: 'Channel',
    exportControlStatus: '',
    hasElastic: 1,
    hasSsl: 1,
    hasNamedLicense: 1,
  },
  { accountId: '1000003', accountName: 'Cobalt Energy', orgType: 'Indirect', hasSsl: 1 },
  { accountId: '1000004', accountName: 'Delta Labs', orgType: 'Undefined' },
  {
    accountId: '1000005',
    accountName: 'Embargo Industries',
    orgType: 'Direct',
    exportControlStatus: 'Denied',
    hasSsl: 1,
    hasElastic: 1,
  },
]

export interface DemoUser {
  email: string
  name: string
  roles: string[]
  active?: number
  access?: {
    accountId: string
    role: 'admin' | 'viewer' | 'asc' | ''
    isFnpLicenseGenerator?: number
    isSales?: number
    isSalesAccess?: number
  }[]
  /** Feature flags saved as the user's own choice from the start (else the defaults apply). */
  features?: string[]
}

/** The default flags with the assignment matrix in place of the classic web assignments. */
const WEB_MATRIX_FEATURES = ['fsa', 'statementsV2', 'webAssignmentsV2']

export const demoUsers: DemoUser[] = [
  { email: 'busops@vendor.example', name: 'Bianca Boyd', roles: ['user', 'busops'] },
  { email: 'busops2@vendor.example', name: 'Bruno Baptiste', roles: ['user', 'busops'] },
  { email: 'support@vendor.example', name: 'Samuel Sutton', roles: ['user', 'support'] },
  { email: 'sales@vendor.example', name: 'Sofia Salazar', roles: ['user', 'sales'] },
  { email: 'salesaccess@vendor.example', name: 'Sean Acosta', roles: ['user', 'salesaccess'] },
  {
    email: 'admin@acme.example',
    name: 'Adam Archer',
    roles: ['user'],
    access: [{ accountId: '1000001', role: 'admin' }],
  },
  {
    email: 'viewer@acme.example',
    name: 'Vera Vance',
    roles: ['user'],
    access: [{ accountId: '1000001', role: 'viewer' }],
  },
  { email: 'asc@acme.example', name: 'Ashley Scott', roles: ['user'], access: [{ accountId: '1000001', role: 'asc' }] },
  {
    email: 'partner@channel.example',
    name: 'Paolo Park',
    roles: ['user'],
    access: [
      { accountId: '1000002', role: 'admin' },
      { accountId: '1000003', role: 'admin' },
    ],
  },
  { email: 'nobody@example.com', name: 'Nora Noble', roles: ['user'] },
  // Further contacts on the demo customers.
  {
    email: 'raj.patel@acme.example',
    name: 'Raj Patel',
    roles: ['user'],
    access: [{ accountId: '1000001', role: 'admin', isFnpLicenseGenerator: 1 }],
  },
  {
    email: 'lena.fischer@acme.example',
    name: 'Lena Fischer',
    roles: ['user'],
    access: [{ accountId: '1000001', role: 'viewer' }],
  },
  {
    email: 'former.employee@acme.example',
    name: 'Frank Morgan',
    roles: ['user'],
    active: 0,
    access: [{ accountId: '1000001', role: 'viewer' }],
  },
  {
    email: 'marta.lindqvist@borealis.example',
    name: 'Marta Lindqvist',
    roles: ['user'],
    access: [{ accountId: '1000002', role: 'admin' }],
  },
  {
    email: 'ole.hansen@borealis.example',
    name: 'Ole Hansen',
    roles: ['user'],
    access: [{ accountId: '1000002', role: 'viewer' }],
  },
  {
    email: 'wei.chen@cobalt.example',
    name: 'Wei Chen',
    roles: ['user'],
    access: [{ accountId: '1000003', role: 'viewer' }],
  },
  {
    email: 'dana.levi@deltalabs.example',
    name: 'Dana Levi',
    roles: ['user'],
    access: [{ accountId: '1000004', role: 'admin' }],
  },
  {
    email: 'igor.petrov@embargo.example',
    name: 'Igor Petrov',
    roles: ['user'],
    access: [{ accountId: '1000005', role: 'admin' }],
  },
  // Users who see web assignments as the matrix (webAssignmentsV2) from the start, with the rights of
  // admin@acme.example, viewer@acme.example and Borealis' administrator: checks can open the matrix without
  // switching a flag that other tests read.
  {
    email: 'webmatrix.admin@acme.example',
    name: 'Maya Marsh',
    roles: ['user'],
    access: [{ accountId: '1000001', role: 'admin' }],
    features: WEB_MATRIX_FEATURES,
  },
  {
    email: 'webmatrix.viewer@acme.example',
    name: 'Victor Vale',
    roles: ['user'],
    access: [{ accountId: '1000001', role: 'viewer' }],
    features: WEB_MATRIX_FEATURES,
  },
  {
    email: 'webmatrix.admin@borealis.example',
    name: 'Nils Berg',
    roles: ['user'],
    access: [{ accountId: '1000002', role: 'admin' }],
    features: WEB_MATRIX_FEATURES,
  },
  // The web licence service's account: it checks seats out and in, and is no staff (it sees no customer).
  { email: 'weblicense@vendor.example', name: 'Web Licence Service', roles: ['user', 'weblicense'] },
]

export const demoFeatureFlags: (typeof featureFlags.$inferInsert)[] = [
  {
    name: 'fsa',
    description: 'Flexible Spending Account page: contracts, balances and orders of the customer’s FSA.',
    path: '/entitlementsFSA',
    defaultEnabled: 1,
    conflicts: [],
  },
  {
    name: 'statementsV2',
    description: 'Elastic Statements: monthly statements of elastic licensing consumption.',
    path: '/statementv2',
    defaultEnabled: 1,
    conflicts: [],
  },
  {
    name: 'webAssignmentsClassic',
    description: 'Web assignments (classic): the established layout for assigning web licences to users and groups.',
    path: '/webassignments',
    defaultEnabled: 1,
    conflicts: ['webAssignmentsV2'],
  },
  {
    name: 'webAssignmentsV2',
    description: 'Web assignments (new layout): the redesigned assignment screens. Replaces the classic layout.',
    path: '/webassignments-v2',
    defaultEnabled: 0,
    conflicts: ['webAssignmentsClassic'],
  },
  {
    name: 'usageDateTimeFilter',
    description: 'Date-time range picker for usage Start/End Time filters, instead of whole days.',
    path: null,
    defaultEnabled: 0,
    conflicts: [],
  },
  {
    name: 'licensingChatbot',
    description: "'Ask anything' licensing chatbot: answers licensing questions from the documentation.",
    path: null,
    defaultEnabled: 0,
    conflicts: [],
  },
]
