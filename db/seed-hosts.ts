/**
 * Demo data: licence server hosts and the fulfilments (activations) of the demo
 * customers' leases and perpetuals on them, so Total Activated is real: each
 * started entitlement has up to two active fulfilments that together stay within
 * its quantity, some have a returned (inactive) one in their history, and some
 * have none. Borealis and Cobalt share one host (the shared-server group).
 */
import { createHash } from 'node:crypto'
import type { DemoEntitlement } from './seed-entitlements'
import type { fulfillments, hosts } from './tables'
import { DEFAULT_PORT, hostIdentifier, type HostIdType } from '../app/domain/host-id'

export interface DemoHost {
  key: string
  name: string
  ids: string[]
  idType: HostIdType
  state: 'ACTIVE' | 'INACTIVE' | 'UNKNOWN'
  accounts: string[]
  borrowable?: boolean
}

export const DEMO_HOSTS: DemoHost[] = [
  {
    key: 'acme-lic01',
    name: 'acme-lic01',
    ids: ['00155d0a1b2c'],
    idType: 'ETHERNET',
    state: 'ACTIVE',
    accounts: ['1000001'],
    borrowable: true,
  },
  {
    key: 'acme-triad',
    // One name per server, as every triad is added.
    name: 'acme-lic-triad-a,acme-lic-triad-b,acme-lic-triad-c',
    ids: ['00155d0a2001', '00155d0a2002', '00155d0a2003'],
    idType: 'ETHERNET',
    state: 'ACTIVE',
    accounts: ['1000001'],
  },
  {
    key: 'acme-old',
    name: 'acme-lic-2019',
    ids: ['a1b2c3d4'],
    idType: 'DISK_SERIAL_NUM',
    state: 'INACTIVE',
    accounts: ['1000001'],
  },
  {
    key: 'bm-flex01',
    name: 'bm-flex01',
    ids: ['3c7d9e4f6a81'],
    idType: 'ETHERNET',
    state: 'ACTIVE',
    accounts: ['1000002'],
  },
  {
    key: 'bm-flex02',
    name: 'bm-flex02',
    ids: ['9-3a7c51e2'],
    idType: 'FLEXID',
    state: 'ACTIVE',
    accounts: ['1000002'],
  },
  {
    key: 'shared',
    name: 'nordic-shared-lic',
    ids: ['6e2f0b1c9d44'],
    idType: 'ETHERNET',
    state: 'ACTIVE',
    accounts: ['1000002', '1000003'],
  },
  {
    key: 'cobalt-lic01',
    name: 'cobalt-lic01',
    ids: ['b8ca3a5d0e17'],
    idType: 'ETHERNET',
    state: 'ACTIVE',
    accounts: ['1000003'],
  },
  {
    key: 'cobalt-lab',
    name: 'cobalt-lab',
    ids: ['f00dfeed'],
    idType: 'DISK_SERIAL_NUM',
    state: 'UNKNOWN',
    accounts: ['1000003'],
  },
  {
    key: 'emb-lic01',
    name: 'emb-lic01',
    ids: ['0cc47a1f3b90'],
    idType: 'ETHERNET',
    state: 'ACTIVE',
    accounts: ['1000005'],
  },
]

export function hostRow(host: DemoHost, createdAt: number): typeof hosts.$inferInsert {
  return {
    name: host.name,
    hostIds: host.ids.join(',').toLowerCase(),
    hostIdTypes: host.ids.map(() => host.idType).join(','),
    identifier: hostIdentifier({ ids: host.ids, type: host.idType }),
    port: DEFAULT_PORT,
    state: host.state,
    triad: host.ids.length === 3 ? 1 : 0,
    borrowable: host.borrowable ? 1 : 0,
    createdAt,
  }
}

export type DemoFulfillment = Omit<typeof fulfillments.$inferInsert, 'entitlementId' | 'hostId'> & {
  entitlementKey: string
  hostKey: string
}

const DAY_MS = 86_400_000

const fulfillmentId = (key: string) =>
  `FID-${createHash('sha256').update(`fulfilment:${key}`).digest('hex').slice(0, 12).toUpperCase()}`

/** Entitlements that are bookkeeping lines, never activated on a host. */
const NOT_ACTIVATED_TYPES = new Set(['ELASTIC', 'FSA'])

/**
 * Fulfilments of the started, host-activated entitlements: half the quantity on the
 * customer's first active host, a quarter on its second; every third also has a
 * returned one on an older host, every fifth none at all.
 */
export function demoFulfillments(list: DemoEntitlement[], today: string, now: number): DemoFulfillment[] {
  const rows: DemoFulfillment[] = []
  const byAccount = new Map<string, number>()
  for (const e of list) {
    if (NOT_ACTIVATED_TYPES.has(e.type) || e.startDate > today || /Drawdown/.test(e.productName)) continue
    const i = byAccount.get(e.accountId) ?? 0
    byAccount.set(e.accountId, i + 1)
    if (i % 5 === 4) continue
    const own = DEMO_HOSTS.filter((h) => h.accounts.includes(e.accountId))
    const active = own.filter((h) => h.state === 'ACTIVE')
    const when = now - (20 + ((i * 11) % 200)) * DAY_MS
    const quantity = e.quantity
    const shares = [Math.max(1, Math.round(quantity / 2)), Math.floor(quantity / 4)]
    shares.forEach((count, n) => {
      const host = active[(i + n) % active.length]
      if (count <= 0 || (n > 0 && active.length < 2)) return
      rows.push({
        entitlementKey: e.key,
        hostKey: host.key,
        fulfillmentId: fulfillmentId(`${e.key}:${n}`),
        accountId: e.accountId,
        count,
        status: 'ACTIVE',
        action: i % 4 === 1 && n === 0 ? 'REHOST' : 'ACTIVATE',
        modifiedBy: n === 0 ? 'Automated Action' : 'licensing@vendor.example',
        fulfilledAt: when + n * DAY_MS,
      })
    })
    const retired = own.find((h) => h.state !== 'ACTIVE') ?? active[0]
    if (i % 3 === 0) {
      rows.push({
        entitlementKey: e.key,
        hostKey: retired.key,
        fulfillmentId: fulfillmentId(`${e.key}:returned`),
        accountId: e.accountId,
        count: 1,
        status: 'INACTIVE',
        action: 'ACTIVATE',
        modifiedBy: 'Automated Action',
        fulfilledAt: when - 90 * DAY_MS,
        returnedAt: when - DAY_MS,
        returnedBy: 'licensing@vendor.example',
      })
    }
  }
  return rows
}
