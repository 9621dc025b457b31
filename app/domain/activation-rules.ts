/**
 * The fulfilment engine's rules (spec 3 sections 3 to 5): which entitlements
 * can be put on a host, why a create is refused (in the order the API checks),
 * the order the editor lists them in, when a licence line may borrow, and a
 * host's licence products after a set of changes (the confirmation's preview).
 */
import { isBorrowableModel } from './entitlements'
import { MANUAL_DRAWDOWN_PRODUCT } from './product'
import { OVER_AVAILABLE_MESSAGE, type FulfillmentOperation } from './activation-types'
import { DAEMON_GROUPS } from './license-file'

/** The entitlement types that are activated on licence hosts. */
export const ACTIVATABLE_TYPES = ['SSL', 'SUBSCRIPTION', 'CONCURRENT'] as const
export const ACTIVATABLE_STATE = 'Deployed'

export const ACTIVATION_MESSAGES = {
  notActivatable: (id: string) => `The entitlement ${id} cannot be activated on a host.`,
  ended: (id: string) => `The entitlement ${id} has ended.`,
  maintenanceExpired: (id: string) => `The maintenance of ${id} has expired.`,
  overAvailable: OVER_AVAILABLE_MESSAGE,
  /** A return whose count is not what is active on the host: someone changed it since the page loaded. */
  changed: 'The activations on this host have changed. Reload and try again.',
  noAccess: 'You do not have access to activations for this customer.',
  inactiveHost: (name: string) => `Host ${name} is inactive.`,
} as const

export interface ActivatableFields {
  type: string
  state: string
  productName: string
}

/** Leases, perpetuals, subscriptions and concurrent licences that are deployed; never the manual drawdown line. */
export function isActivatable(e: ActivatableFields): boolean {
  return (
    (ACTIVATABLE_TYPES as readonly string[]).includes(e.type) &&
    e.state === ACTIVATABLE_STATE &&
    e.productName !== MANUAL_DRAWDOWN_PRODUCT
  )
}

/** Not ended: permanent, or ending today or later. */
export function isCurrent(endDate: string | null | undefined, today: string): boolean {
  return !endDate || endDate.slice(0, 10) >= today
}

/** Maintenance has expired when its end (the version date) is before today; none recorded never expires. */
export function maintenanceExpired(versionDate: string | null | undefined, today: string): boolean {
  return !!versionDate && versionDate.slice(0, 10) < today
}

export interface CreateCheck extends ActivatableFields {
  activationId: string
  endDate: string | null
  versionDate: string | null
  quantity: number
  /** The sum of its active fulfilments on every host. */
  activeTotal: number
}

/** Why `count` more of an entitlement cannot be activated, or null when it can. */
export function createRefusal(e: CreateCheck, count: number, today: string): string | null {
  if (!isActivatable(e)) return ACTIVATION_MESSAGES.notActivatable(e.activationId)
  if (!isCurrent(e.endDate, today)) return ACTIVATION_MESSAGES.ended(e.activationId)
  if (maintenanceExpired(e.versionDate, today)) return ACTIVATION_MESSAGES.maintenanceExpired(e.activationId)
  if (e.activeTotal + count > e.quantity) return ACTIVATION_MESSAGES.overAvailable
  return null
}

/** A licence line borrows when the entitlement's model allows it and the host is borrowable. */
export function licenseBorrowable(
  e: { borrowable: number | boolean; licenseModel: string },
  hostBorrowable: boolean,
): boolean {
  return hostBorrowable && (!!e.borrowable || isBorrowableModel(e.licenseModel))
}

/** The vendor daemon of an entitlement's licence lines: its own, or the product's daemon when none is recorded. */
export function daemonOf(vendorDaemon: string | null | undefined): string {
  return vendorDaemon || DAEMON_GROUPS[0]
}

/** Text order by code unit, as SQLite's binary collation sorts. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** The editor's order: end date descending with permanent ('' end) first, then product name. */
export function compareActivationRows(
  a: { EndDate: string; ProductName: string; ActivationId: string },
  b: { EndDate: string; ProductName: string; ActivationId: string },
): number {
  const end = (row: { EndDate: string }) => row.EndDate || '9999-12-31'
  return (
    compareText(end(b), end(a)) ||
    compareText(a.ProductName, b.ProductName) ||
    compareText(a.ActivationId, b.ActivationId)
  )
}

/** The first activation id named more than once, if any. */
export function repeatedActivation(operations: readonly FulfillmentOperation[]): string | undefined {
  const seen = new Set<string>()
  for (const { id } of operations) {
    if (seen.has(id)) return id
    seen.add(id)
  }
  return undefined
}

/**
 * The counts per activation id on a host after the operations: a positive
 * count adds, a negative one takes away; what ends at 0 or below is gone.
 */
export function countsAfter(
  current: ReadonlyMap<string, number>,
  operations: readonly FulfillmentOperation[],
): Map<string, number> {
  const after = new Map(current)
  for (const { id, count } of operations) after.set(id, (after.get(id) ?? 0) + count)
  for (const [id, count] of after) if (count <= 0) after.delete(id)
  return after
}
