/**
 * Licence hosts a journey makes for itself on the suite's database (each test
 * its own, as they run at once) and removes afterwards with their fulfilments,
 * and the demo entitlements each journey takes.
 */
import { eq } from 'drizzle-orm'
import { fulfillments, hostAccounts, hosts } from '../../../db/schema'
import type { Page } from '@playwright/test'
import { demoActivationId } from '../../../db/seed-entitlements'
import { withE2eDb } from './database'

export function makeHost({
  name,
  serverId,
  accounts,
  borrowable = false,
}: {
  name: string
  serverId: string
  accounts: string[]
  borrowable?: boolean
}): Promise<number> {
  return withE2eDb((db) => {
    const host = db
      .insert(hosts)
      .values({
        name,
        hostIds: serverId,
        hostIdTypes: 'ETHERNET',
        identifier: serverId,
        state: 'ACTIVE',
        borrowable: borrowable ? 1 : 0,
        createdAt: Date.now(),
      })
      .returning()
      .get()
    for (const accountId of accounts) db.insert(hostAccounts).values({ hostId: host.id, accountId }).run()
    return host.id
  })
}

export function removeHost(hostId: number): Promise<void> {
  return withE2eDb((db) => {
    db.delete(fulfillments).where(eq(fulfillments.hostId, hostId)).run()
    db.delete(hosts).where(eq(hosts.id, hostId)).run()
  })
}

/**
 * The demo entitlements each journey activates, one set per project, so that no
 * two journeys running at once take from the same entitlement.
 */
export const JOURNEY_ENTITLEMENTS = {
  editor: { 'no-js': ['cobalt-hpc-lease'], js: ['cobalt-fluent-lease'] },
  customers: { 'no-js': ['cobalt-hpc-lease', 'borealis-fleet-04'], js: ['cobalt-cfx-perpetual', 'borealis-fleet-09'] },
  save: { 'no-js': ['borealis-fleet-05'], js: ['borealis-fleet-10'] },
  controls: { 'no-js': ['borealis-fleet-06', 'borealis-fleet-07'], js: ['borealis-fleet-11', 'borealis-fleet-12'] },
  /** Manage Activations: two on the first host (one returned), one to deactivate, two to rehost (2 and 1). */
  history: {
    'no-js': ['borealis-fleet-16', 'borealis-fleet-17', 'borealis-fleet-21', 'borealis-fleet-23', 'borealis-fleet-22'],
    js: ['borealis-fleet-18', 'borealis-fleet-31', 'borealis-fleet-26', 'borealis-fleet-28', 'borealis-fleet-27'],
  },
  /** Check a licence file: one entitlement, activated once and then once more. */
  check: { 'no-js': ['borealis-fleet-14'], js: ['borealis-fleet-24'] },
} as const

/** The activation ids of a journey's entitlements for the project. */
export function journeyActivationIds(journey: keyof typeof JOURNEY_ENTITLEMENTS, project: string): string[] {
  const keys = JOURNEY_ENTITLEMENTS[journey][project === 'js' ? 'js' : 'no-js']
  return keys.map((key) => demoActivationId(key))
}

/** The label of an available row ('<product> <activation id>'), as its controls are named. */
export async function availableLabel(page: Page, activationId: string): Promise<string> {
  const count = page
    .getByRole('region', { name: 'Available Entitlements table' })
    .getByRole('spinbutton', { name: new RegExp(`${activationId}$`) })
  return (await count.getAttribute('aria-label'))!.replace(/^Count of /, '')
}
