/**
 * Every screen of the portal, declared once: its address, its name (the menu
 * label, the breadcrumb and the page title say the same), where it sits in the
 * side menu and when it shows there, the customer it needs and the rules that
 * customer must meet, who may change what it shows, its feature-flag variant and
 * the loading overlay's texts. The side menu, the breadcrumbs, the page titles,
 * the screen guard and the overlay all read this table; adding a screen is one
 * entry here.
 *
 * Rules are named, not written here: navigation.ts and access.ts hold what each
 * name means. The table stays plain data, so the browser can load it for the
 * menu labels and the overlay's texts.
 */
import { NOTICE_PATHS, NOTICE_TITLES, type NoticePage } from './notice-pages'

/** The side menu's groups, in menu order, and when each shows (see navigation.ts). */
export const NAV_GROUPS = [
  { id: 'entitlements', label: 'Entitlements', shows: 'always' },
  { id: 'activations', label: 'Activations', shows: 'activationsAllowed' },
  { id: 'web', label: 'Web', shows: 'webLicenses' },
  { id: 'elasticReporting', label: 'Elastic Reporting', shows: 'elasticOnAccount' },
  { id: 'settings', label: 'Settings', shows: 'elasticOrSslAccess' },
  { id: 'messages', label: 'Messages', shows: 'elasticAllowed' },
] as const satisfies readonly { id: string; label: string; shows: string }[]

export type NavGroupId = (typeof NAV_GROUPS)[number]['id']
/** When a menu group shows, given the user and the selected customer. */
export type NavGroupRule = (typeof NAV_GROUPS)[number]['shows']
/** When a menu item shows inside its group, given the selected customer. */
export type NavItemRule = 'always' | 'hasFSA' | 'hasElastic'

/**
 * What the selected customer must be for a screen that works on one (after a
 * customer is selected and export control allows it):
 * - any: no rule of its own;
 * - customerType: Direct, Channel or Indirect;
 * - emailList: Channel or Direct;
 * - activations: the user may activate for this customer (else the root).
 */
export type CustomerRule = 'any' | 'customerType' | 'emailList' | 'activations'

/** Who may change what a screen shows (see access.ts). */
export type WriteRule = 'portalAccessEditor' | 'notViewOnly' | 'webLicensing'

export interface ScreenDef {
  /**
   * The screen's address. With `param`, the screen lives one segment below it
   * (`/emails/:id`) and its guard applies the rules of this address.
   */
  path: string
  /** The segment below `path` that names a record (an email, an alert). */
  param?: string
  /** The menu label, the breadcrumb and the page title. A screen without one names its page itself. */
  title?: string
  /** The breadcrumb of a `param` screen, from the segment (an alert category's heading). */
  paramTitle?: 'alertCategory' | 'helpArticle'
  /** The menu group it belongs to: the first, unlinked breadcrumb. */
  group?: NavGroupId
  /** The screen its breadcrumbs follow, and whose customer rules apply to it. */
  parent?: string
  /** An item of its group in the side menu, shown when the rule holds. */
  nav?: { shows: NavItemRule; query?: string }
  /** The screen that this one replaces in the menu when a feature flag on this one's path is enabled. */
  flagVariantOf?: string
  /** Breadcrumbs from every segment of the address, with these labels for known ones. */
  segmentCrumbs?: Readonly<Record<string, string>>
  /** It works on the selected customer (`?customer=`), with this rule. */
  customer?: CustomerRule
  /** Posting to it changes what the customer owns; only users the rule allows may. */
  write?: WriteRule
  /** Form intents posted to it that change nothing. */
  readOnlyIntents?: readonly string[]
  /** The loading overlay's text while the screen loads. */
  spinner?: string
  /** The overlay's text while a form with this intent is posted to the screen. */
  submitting?: Readonly<Record<string, string>>
}

/** The sections of the web assignments screens, as their breadcrumbs name them. */
const WEB_ASSIGNMENT_SECTIONS = { groups: 'Groups', users: 'Users', entitlements: 'Entitlements' } as const

const notice = (page: NoticePage) => ({ path: NOTICE_PATHS[page], title: NOTICE_TITLES[page] })

/** The screens, in menu order within each group. */
export const SCREENS = {
  home: { path: '/home', title: 'Home' },
  customers: { path: '/customers' },
  // Answers about the selected customer's data (when one is selected) and the portal's help.
  ask: { path: '/ask', title: 'Ask anything' },

  ssl: {
    path: '/ssl',
    title: 'Leases/Perpetuals',
    group: 'entitlements',
    nav: { shows: 'always' },
    customer: 'customerType',
  },
  elastic: {
    path: '/elastic',
    title: 'Elastic Licensing',
    group: 'entitlements',
    // Chosen from the menu, it shows itself even to a customer without elastic records (spec 2 section 2).
    nav: { shows: 'always', query: 'fromLeftMenu=true' },
    customer: 'customerType',
  },
  fsa: {
    path: '/entitlementsFSA',
    title: 'Flexible Spending Account',
    group: 'entitlements',
    nav: { shows: 'hasFSA' },
    customer: 'any',
    spinner: 'Getting Flexible Spending Account Details...',
    submitting: { order: 'Creating entitlements...', 'order-activate': 'Creating entitlements...' },
  },

  activations: {
    path: '/activations',
    title: 'Activate Entitlements',
    group: 'activations',
    nav: { shows: 'always' },
    customer: 'activations',
  },
  activationsHistory: {
    path: '/activations-history',
    title: 'Manage Activations',
    group: 'activations',
    nav: { shows: 'always' },
    customer: 'activations',
    spinner: 'Getting Activations History...',
    submitting: { deactivate: 'Deactivating...', delete: 'Removing host...', rehost: 'Rehosting to...' },
  },
  licenseCheck: {
    path: '/activations-history/check',
    title: 'Check a Licence File',
    parent: 'activationsHistory',
    submitting: { check: 'Checking licence file...' },
  },

  webAssignments: {
    path: '/webassignments',
    title: 'Assignments',
    group: 'web',
    nav: { shows: 'always' },
    segmentCrumbs: WEB_ASSIGNMENT_SECTIONS,
    customer: 'any',
  },
  webEntitlements: {
    path: '/webassignments/entitlements',
    parent: 'webAssignments',
    spinner: 'Getting Web Entitlements...',
  },
  webEntitlement: {
    path: '/webassignments/entitlements',
    param: 'activationId',
    parent: 'webAssignments',
    write: 'webLicensing',
    spinner: 'Getting Web Entitlement...',
    submitting: {
      'assign-group': 'Assigning to the group...',
      'unassign-group': 'Removing the group...',
      'assign-users': 'Giving seats...',
      'unassign-user': 'Taking the seat back...',
    },
  },
  webGroups: {
    path: '/webassignments/groups',
    parent: 'webAssignments',
    write: 'webLicensing',
    spinner: 'Getting Groups...',
    submitting: { create: 'Creating group...' },
  },
  webGroup: {
    path: '/webassignments/groups',
    param: 'name',
    parent: 'webAssignments',
    write: 'webLicensing',
    spinner: 'Getting Group...',
    submitting: {
      'add-members': 'Adding members...',
      'remove-member': 'Removing the member...',
      rename: 'Saving group...',
      delete: 'Deleting group...',
    },
  },
  webUsers: {
    path: '/webassignments/users',
    parent: 'webAssignments',
    write: 'webLicensing',
    spinner: 'Getting Users...',
    submitting: { add: 'Adding user...', import: 'Importing users...' },
  },
  webUser: {
    path: '/webassignments/users',
    param: 'email',
    parent: 'webAssignments',
    write: 'webLicensing',
    spinner: 'Getting User...',
    submitting: { change: 'Saving user...', remove: 'Removing user...' },
  },
  webAssignmentsV2: {
    path: '/webassignments-v2',
    title: 'Assignments',
    group: 'web',
    nav: { shows: 'always' },
    flagVariantOf: 'webAssignments',
    segmentCrumbs: WEB_ASSIGNMENT_SECTIONS,
    customer: 'any',
    write: 'webLicensing',
    spinner: 'Getting Assignments...',
    submitting: { save: 'Saving seats...' },
  },
  webTransactions: {
    path: '/webtransactions',
    title: 'Transactions',
    group: 'web',
    nav: { shows: 'always' },
    customer: 'any',
    spinner: 'Getting Web Transactions...',
  },
  webReporting: { path: '/webreporting', title: 'Reporting', group: 'web', nav: { shows: 'always' }, customer: 'any' },

  usage: {
    path: '/transactions',
    title: 'Usage Transactions',
    group: 'elasticReporting',
    nav: { shows: 'always' },
    customer: 'any',
  },
  statements: {
    path: '/statementv2',
    title: 'Elastic Statements',
    group: 'elasticReporting',
    nav: { shows: 'always' },
    customer: 'any',
  },

  portalAccess: {
    path: '/portalaccess',
    title: 'Licensing Portal Access',
    group: 'settings',
    nav: { shows: 'always' },
    customer: 'any',
    write: 'portalAccessEditor',
    spinner: 'Manage Portal Access...',
  },
  portalAccessAudit: { path: '/portalaccess/audit', title: 'Change History', parent: 'portalAccess' },
  elasticCredentials: {
    path: '/clscredentials',
    title: 'Elastic Credentials',
    group: 'settings',
    nav: { shows: 'hasElastic' },
    customer: 'any',
    write: 'notViewOnly',
    // The export of the stored PIN.
    readOnlyIntents: ['export'],
  },
  elasticIpSettings: {
    path: '/whitelistips',
    title: 'Elastic IP Settings',
    group: 'settings',
    nav: { shows: 'hasElastic' },
    customer: 'any',
    write: 'notViewOnly',
  },
  features: { path: '/settings/features', title: 'Features', group: 'settings' },

  emails: {
    path: '/emails',
    title: 'Emails',
    group: 'messages',
    nav: { shows: 'always' },
    customer: 'emailList',
    spinner: 'Getting Emails...',
  },
  email: { path: '/emails', param: 'id', title: 'Email Details', parent: 'emails', spinner: 'Getting Email...' },
  alerts: {
    path: '/notifications',
    title: 'Alerts',
    group: 'messages',
    nav: { shows: 'always' },
    spinner: 'Getting Alerts...',
  },
  alertCategory: {
    path: '/notifications-category',
    param: 'category',
    paramTitle: 'alertCategory',
    parent: 'alerts',
    spinner: 'Getting Alerts...',
  },
  alert: {
    path: '/notification-details',
    param: 'id',
    title: 'Alert Details',
    parent: 'alerts',
    spinner: 'Getting Alerts...',
  },

  // Signed in is enough: with a customer selected, its links keep it.
  help: { path: '/help', title: 'Help' },
  helpArticle: { path: '/help', param: 'slug', paramTitle: 'helpArticle', parent: 'help' },

  nocustomer: notice('nocustomer'),
  noselectedcustomer: notice('noselectedcustomer'),
  notypecustomer: notice('notypecustomer'),
  nopermissions: notice('nopermissions'),
  noaccess: notice('noaccess'),
  noascaccess: notice('noascaccess'),
} as const satisfies Record<string, ScreenDef>

export type ScreenId = keyof typeof SCREENS

/** The table seen through its declaration, with the screens it refers to checked to be screens of it. */
const DEFS: Readonly<Record<ScreenId, ScreenDef & { parent?: ScreenId; flagVariantOf?: ScreenId }>> = SCREENS

export const SCREEN_IDS = Object.keys(SCREENS) as ScreenId[]

export function screenDef(id: ScreenId) {
  return DEFS[id]
}

/** The screen's name, as its menu item, breadcrumb and page title say it ('' for a screen without one). */
export function screenTitle(id: ScreenId): string {
  return screenDef(id).title ?? ''
}

/** The screen's address. */
export function screenPath(id: ScreenId): string {
  return SCREENS[id].path
}
