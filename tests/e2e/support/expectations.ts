import type { NavGroupView } from './shell'

/**
 * The left navigation the portal must show, written out from the rules of
 * spec 1 section 2.3 (app/screens/registry.ts and navigation.ts) for the demo data, with the
 * default feature flags (fsa, statementsV2, webAssignmentsClassic on).
 */

/** No customer selected: only rules that need no account flag. */
export const NAV_NO_CUSTOMER: NavGroupView[] = [
  { group: 'Entitlements', items: ['Leases/Perpetuals', 'Elastic Licensing'] },
  { group: 'Settings', items: ['Licensing Portal Access'] },
  { group: 'Messages', items: ['Emails', 'Alerts'] },
]

/** 1000001 Acme Aerospace (elastic, SSL, FSA, shared and named web licences) for a user allowed to activate. */
export const NAV_ACME: NavGroupView[] = [
  { group: 'Entitlements', items: ['Leases/Perpetuals', 'Elastic Licensing', 'Flexible Spending Account'] },
  { group: 'Activations', items: ['Activate Entitlements', 'Manage Activations'] },
  { group: 'Web', items: ['Assignments', 'Transactions', 'Reporting'] },
  { group: 'Elastic Reporting', items: ['Usage Transactions', 'Elastic Statements'] },
  { group: 'Settings', items: ['Licensing Portal Access', 'Elastic Credentials', 'Elastic IP Settings'] },
  { group: 'Messages', items: ['Emails', 'Alerts'] },
]

/** 1000002 Borealis Motors (Channel; elastic and SSL, no FSA, named web licences only). */
export const NAV_BOREALIS: NavGroupView[] = [
  { group: 'Entitlements', items: ['Leases/Perpetuals', 'Elastic Licensing'] },
  { group: 'Activations', items: ['Activate Entitlements', 'Manage Activations'] },
  { group: 'Web', items: ['Assignments', 'Transactions', 'Reporting'] },
  { group: 'Elastic Reporting', items: ['Usage Transactions', 'Elastic Statements'] },
  { group: 'Settings', items: ['Licensing Portal Access', 'Elastic Credentials', 'Elastic IP Settings'] },
  { group: 'Messages', items: ['Emails', 'Alerts'] },
]

/** 1000003 Cobalt Energy (Indirect; SSL only): no Elastic Reporting, no elastic settings. */
export const NAV_COBALT: NavGroupView[] = [
  { group: 'Entitlements', items: ['Leases/Perpetuals', 'Elastic Licensing'] },
  { group: 'Activations', items: ['Activate Entitlements', 'Manage Activations'] },
  { group: 'Settings', items: ['Licensing Portal Access'] },
  { group: 'Messages', items: ['Emails', 'Alerts'] },
]

export const CUSTOMERS = {
  acme: { id: '1000001', name: 'Acme Aerospace' },
  borealis: { id: '1000002', name: 'Borealis Motors' },
  cobalt: { id: '1000003', name: 'Cobalt Energy' },
  delta: { id: '1000004', name: 'Delta Labs' },
  embargo: { id: '1000005', name: 'Embargo Industries' },
} as const

export const display = (c: { id: string; name: string }) => `${c.id} (${c.name})`

export const NOTICE = {
  nocustomer: {
    heading: 'No customer',
    text: 'Your account is not linked to any customer yet. Please contact your administrator or support to get access.',
  },
  noselectedcustomer: {
    heading: 'No customer selected',
    text: 'Please select a customer from the drop down menu at the top right.',
  },
  notypecustomer: {
    heading: 'Customer type not allowed',
    text: 'The selected customer needs to be either a direct or channel customer. Please contact support to correct the customer type.',
  },
  nopermissions: {
    heading: 'Not enough permissions',
    text: 'You do not have enough permissions to view this page.',
  },
  noaccess: {
    heading: 'Access denied',
    text: 'Access to this customer is denied per Export Compliance restrictions.',
  },
  noascaccess: {
    heading: 'Support Coordinator required',
    text: 'You must be an ASC (Support Coordinator) to access the account for this customer number, please contact your sales representative.',
  },
} as const

export const SEARCH_ERRORS = {
  tooMany: 'Too many accounts found. Filter by account ID or name.',
  none: 'No account found.',
  invalid: 'Invalid filter text. Filter by account ID or name.',
} as const
