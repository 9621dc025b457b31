import { NOTICE_PATHS, NOTICE_TITLES, type NoticePage } from './notice-pages'

export type Crumb = { label: string; path?: string }

/**
 * Two-level labels of every page route: [group, page]. Group crumbs have no
 * link; the page crumb links to its route. Single-level entries are pages
 * outside the menu (home and the notice pages).
 */
export const ROUTE_LABELS: Readonly<Record<string, readonly string[]>> = {
  '/home': ['Home'],
  '/elastic': ['Entitlements', 'Elastic Licensing'],
  '/ssl': ['Entitlements', 'Leases/Perpetuals'],
  '/entitlementsFSA': ['Entitlements', 'Flexible Spending Account'],
  '/activations': ['Activations', 'Activate Entitlements'],
  '/activations-history': ['Activations', 'Manage Activations'],
  '/webtransactions': ['Web', 'Transactions'],
  '/webreporting': ['Web', 'Reporting'],
  '/transactions': ['Elastic Reporting', 'Usage Transactions'],
  '/statementv2': ['Elastic Reporting', 'Elastic Statements'],
  '/portalaccess': ['Settings', 'Licensing Portal Access'],
  '/clscredentials': ['Settings', 'Elastic Credentials'],
  '/whitelistips': ['Settings', 'Elastic IP Settings'],
  '/emails': ['Messages', 'Emails'],
  '/notifications': ['Messages', 'Alerts'],
  ...Object.fromEntries(
    (Object.entries(NOTICE_PATHS) as [NoticePage, string][]).map(([page, path]) => [path, [NOTICE_TITLES[page]]]),
  ),
}

/** The change history of a customer's access settings (/portalaccess/audit). */
const CHANGE_HISTORY = 'Change History'
/** Checking a licence file, under Manage Activations (/activations-history/check). */
const CHECK_LICENCE = 'Check a Licence File'

/** Labels of known web-assignments path segments. */
export const WEB_SEGMENT_LABELS: Readonly<Record<string, string>> = {
  webassignments: 'Assignments',
  'webassignments-v2': 'Assignments',
  groups: 'Groups',
  users: 'Users',
  entitlements: 'Entitlements',
}

/** Alert category titles, as the category page heads them. */
export function alertCategoryTitle(category: string): string {
  switch (category.trim().toLowerCase()) {
    case 'critical':
      return 'Outage'
    case 'warning':
      return 'Service Degradation'
    case 'info':
      return 'Planned Maintenance'
    default:
      return 'Information'
  }
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** Drops matrix parameters (';a=b') from a segment. */
function stripMatrix(segment: string): string {
  const i = segment.indexOf(';')
  return i === -1 ? segment : segment.slice(0, i)
}

/** Case-insensitive lookup into ROUTE_LABELS, returning the canonical key. */
const ROUTE_KEYS = new Map(Object.keys(ROUTE_LABELS).map((k) => [k.toLowerCase(), k]))

function fromTable(path: string): Crumb[] | null {
  const key = ROUTE_KEYS.get(path.toLowerCase())
  if (!key) return null
  const labels = ROUTE_LABELS[key]
  return labels.map((label, i) => (i === labels.length - 1 ? { label, path: key } : { label }))
}

function webAssignmentCrumbs(segments: string[]): Crumb[] {
  const crumbs: Crumb[] = [{ label: 'Web' }]
  let path = ''
  for (const raw of segments) {
    path += `/${raw}`
    const plain = decode(stripMatrix(raw))
    if (plain === '') continue
    crumbs.push({ label: WEB_SEGMENT_LABELS[plain.toLowerCase()] ?? plain, path })
  }
  return crumbs
}

/**
 * Breadcrumbs for a pathname. Unknown paths give [].
 */
export function breadcrumbs(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter((s) => s !== '')
  if (segments.length === 0) return []

  const first = stripMatrix(segments[0]).toLowerCase()
  if (first === 'webassignments' || first === 'webassignments-v2') {
    return webAssignmentCrumbs(segments)
  }

  const plain = segments.map((s) => stripMatrix(s))
  if (plain.some((s) => s === '')) return []

  if (plain.length === 1) return fromTable(`/${plain[0]}`) ?? []

  if (plain.length === 2) {
    const id = decode(plain[1])
    const second = `/${plain.join('/')}`
    switch (first) {
      case 'emails':
        return [...fromTable('/emails')!, { label: 'Email Details', path: second }]
      case 'notifications-category':
        return [...fromTable('/notifications')!, { label: `${alertCategoryTitle(id)} Alerts`, path: second }]
      case 'notification-details':
        return [...fromTable('/notifications')!, { label: 'Alert Details', path: second }]
      case 'activations-history':
        if (id === 'check') return [...fromTable('/activations-history')!, { label: CHECK_LICENCE, path: second }]
        break
      case 'portalaccess':
        if (id === 'audit') return [...fromTable('/portalaccess')!, { label: CHANGE_HISTORY, path: second }]
        break
      case 'settings':
        if (id === 'features') return [{ label: 'Settings' }, { label: 'Features', path: second }]
        break
    }
  }
  return []
}
