/**
 * Web entitlements a journey makes for itself on the suite's database and removes afterwards, with
 * their assignments, checkouts and transactions. Entitlements come from the vendor's systems, not from
 * a call of the portal; a journey of its own needs one no other journey gives seats of or checks out at
 * the same time, so that the seat counts it reads change only by what it does.
 */
import { eq } from 'drizzle-orm'
import { entitlements, webTransactions } from '../../../db/schema'
import { addDays, todayUtc } from '../../../app/domain/entitlements'
import { PRODUCT_NAME } from '../../../app/domain/product'
import { WEB_LICENSE_MODEL, type WebEntitlementType } from '../../../app/domain/web-licenses'
import { withE2eDb } from './database'

export interface JourneyWebEntitlement {
  activationId: string
  /** The feature name a checkout asks for. */
  product: string
  /** The name the pages show. */
  productName: string
}

/** A deployed web entitlement of the customer, in its term, named after `tag` (unique to the journey). */
export function makeWebEntitlement({
  customer,
  type,
  tag,
  seats,
}: {
  customer: string
  type: WebEntitlementType
  tag: string
  seats: number
}): Promise<JourneyWebEntitlement> {
  const product = `${PRODUCT_NAME} E2E ${tag}`
  const productName = `${product} - ${WEB_LICENSE_MODEL[type]}`
  const activationId = `E2E-WEB-${tag}-${Date.now().toString(36)}`.toUpperCase()
  const today = todayUtc()
  return withE2eDb((db) => {
    db.insert(entitlements)
      .values({
        activationId,
        accountId: customer,
        type,
        state: 'Deployed',
        entitlementName: `${productName} Lease`,
        product,
        productName,
        licenseModel: WEB_LICENSE_MODEL[type],
        count: seats,
        quantity: seats,
        startDate: addDays(today, -1),
        endDate: addDays(today, 30),
        createdAt: Date.now(),
      })
      .run()
    return { activationId, product, productName }
  })
}

/** Removes the entitlement; its assignments and checkouts go with it, its transactions are removed first. */
export function removeWebEntitlement({ activationId, product }: JourneyWebEntitlement): Promise<void> {
  return withE2eDb((db) => {
    db.delete(webTransactions).where(eq(webTransactions.product, product)).run()
    db.delete(entitlements).where(eq(entitlements.activationId, activationId)).run()
  })
}
