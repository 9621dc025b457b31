/**
 * The names a question's entities are matched against: the selected customer's products, hosts,
 * users and projects, and the customers the user may select, read through the API with the user's
 * own token (so a name the user may not see is never offered). A few calls, side by side; a call
 * that fails gives no names of its kind (the answer's own call then says why).
 */
import type { ApiClient } from '../api-client/client.server'
import { activationCalls } from '../api-client/activations.server'
import { entitlementCalls } from '../api-client/entitlements.server'
import { usageCalls } from '../api-client/usage.server'
import { webCalls } from '../api-client/web.server'
import { ENTITLEMENT_FIELD } from '../domain/entitlement-row'
import type { AskNames, NameEntry } from './types'

/** The most entitlements, values of a usage column, web users and customers read for names. */
export const NAMES_LIMIT = 500

/** Entries by value, each value once, with its aliases merged (none equal to the value). */
export function nameEntries(pairs: Iterable<readonly [string, string | undefined]>): NameEntry[] {
  const byValue = new Map<string, Set<string>>()
  for (const [value, alias] of pairs) {
    const clean = value.trim()
    if (!clean) continue
    const aliases = byValue.get(clean) ?? new Set<string>()
    const other = alias?.trim()
    if (other && other !== clean) aliases.add(other)
    byValue.set(clean, aliases)
  }
  return [...byValue]
    .map(([value, aliases]) => ({ value, aliases: [...aliases].sort() }))
    .sort((a, b) => a.value.localeCompare(b.value))
}

/** What names need of an entitlement (the whole row costs the API its activation counts). */
const ENTITLEMENT_NAME_FIELDS = ['ProductName', 'Type', ENTITLEMENT_FIELD.product]

const texts = (values: unknown[]) => values.filter((v): v is string => typeof v === 'string' && v.trim() !== '')

/** The customers the user may select, as names. */
export async function customerNames(api: ApiClient): Promise<NameEntry[]> {
  const reply = await api.getAccounts({ sorting: [{ name: 'AccountID', direction: 'asc' }], limit: NAMES_LIMIT })
  if (reply.status !== 'SUCCESS') return []
  return nameEntries(reply.data.map((a) => [a.AccountID, a.AccountName] as const))
}

/** Names with the customers alone (no customer's own products, hosts, users or projects). */
export function customersOnly(customers: NameEntry[]): AskNames {
  return { products: [], hosts: [], users: [], projects: [], customers, credits: [] }
}

/**
 * The selected customer's names (none without one), and the customers the user may select
 * (`customers` when they were read already).
 */
export async function askNames(
  api: ApiClient,
  customerNumber: string | null,
  customers: Promise<NameEntry[]> = customerNames(api),
): Promise<AskNames> {
  if (!customerNumber) return customersOnly(await customers)
  const scope = { customerNumber }
  const usage = usageCalls(api)
  const [entitlements, servers, usageUsers, usageProjects, usageProducts, webUsers, webEntitlements, customerList] =
    await Promise.all([
      entitlementCalls(api).page(customerNumber, {
        type: 'ALL',
        limit: NAMES_LIMIT,
        attributes: ENTITLEMENT_NAME_FIELDS,
      }),
      activationCalls(api).servers(customerNumber),
      usage.distinct(scope, undefined, 'User', NAMES_LIMIT),
      usage.distinct(scope, undefined, 'Project', NAMES_LIMIT),
      usage.distinct(scope, undefined, 'Product', NAMES_LIMIT),
      webCalls(api).users.page(customerNumber, { limit: NAMES_LIMIT }),
      webCalls(api).entitlements.page(customerNumber, { limit: NAMES_LIMIT }),
      customers,
    ])
  // A product by its name in usage and activations ('Ansys Mechanical Pro'), its lines' names as aliases
  // ('Ansys Mechanical Pro (node)'), as the answers' calls filter on it.
  const lines = entitlements.status === 'SUCCESS' ? entitlements.data : []
  const products = [
    ...lines.map((e) => [e[ENTITLEMENT_FIELD.product] ?? e.ProductName, e.ProductName] as const),
    ...(webEntitlements.status === 'SUCCESS'
      ? webEntitlements.data.map((e) => [e.product, e.productName] as const)
      : []),
    ...(usageProducts.status === 'SUCCESS' ? texts(usageProducts.data).map((p) => [p, undefined] as const) : []),
  ]
  const hosts =
    servers.status === 'SUCCESS'
      ? servers.data.flatMap((s) => s.serverId.split(',').map((id) => [s.name, id] as const))
      : []
  const users = [
    ...(usageUsers.status === 'SUCCESS' ? texts(usageUsers.data).map((u) => [u, undefined] as const) : []),
    ...(webUsers.status === 'SUCCESS' ? webUsers.data.map((u) => [u.email, u.name] as const) : []),
  ]
  const projects =
    usageProjects.status === 'SUCCESS' ? texts(usageProjects.data).map((p) => [p, undefined] as const) : []
  return {
    products: nameEntries(products),
    hosts: nameEntries(hosts),
    users: nameEntries(users),
    projects: nameEntries(projects),
    customers: customerList,
    credits: [
      ...new Set(lines.filter((e) => e.Type === 'ELASTIC').map((e) => e[ENTITLEMENT_FIELD.product] ?? e.ProductName)),
    ],
  }
}
