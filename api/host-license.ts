/**
 * A host's licence file from the database: per customer, its active fulfilments
 * on the host summed per entitlement (ordered by product name, then activation
 * id), written by licenseText and signed with the portal's key; the customers'
 * texts merged into one file (mergeLicenseTexts). Only the customers the caller
 * may see and that are export-approved are taken in.
 */
import { mapInOrder } from '../db/in-order'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { entitlements, fulfillments } from '../db/tables'
import type { HostIdType } from '../app/domain/host-id'
import type { FulfillmentOperation, LicenseFile } from '../app/domain/activation-types'
import { compareText, countsAfter, daemonOf, licenseBorrowable } from '../app/domain/activation-rules'
import {
  licenseFileName,
  licenseText,
  mergeLicenseTexts,
  type LicenseHost,
  type LicenseProduct,
} from '../app/domain/license-file'
import type { Account } from './access'
import { visibleApprovedAccounts } from './activation-access'
import { customerEntitlement, type Entitlement } from './activation-rows'
import type { Tx } from './audit-log'
import type { ApiUser } from './auth'
import { hostCustomers, type Host } from './host-lookup'
import { notFound } from './envelope'

export const SIGNED_BY = "this portal's licence key"

export type Signer = (canonical: string) => string

export function licenseHost(host: Host): LicenseHost {
  return {
    name: host.name,
    ids: host.hostIds.split(','),
    type: host.hostIdTypes.split(',')[0] as HostIdType,
    port: host.port,
  }
}

type ProductSource = Pick<
  Entitlement,
  'activationId' | 'product' | 'productName' | 'vendorDaemon' | 'startDate' | 'endDate' | 'versionDate'
> &
  Pick<Entitlement, 'borrowable' | 'licenseModel'>

function licenseProduct(e: ProductSource, count: number, hostBorrowable: boolean): LicenseProduct {
  return {
    feature: e.product,
    productName: e.productName,
    activationId: e.activationId,
    daemon: daemonOf(e.vendorDaemon),
    startDate: e.startDate,
    endDate: e.endDate,
    versionDate: e.versionDate ?? e.endDate ?? e.startDate,
    count,
    borrowable: licenseBorrowable(e, hostBorrowable),
  }
}

const byNameThenId = (a: LicenseProduct, b: LicenseProduct) =>
  compareText(a.productName, b.productName) || compareText(a.activationId, b.activationId)

/** One customer's licence products on a host: its active fulfilments summed per entitlement. */
export async function licenseProducts(tx: Tx | Db, host: Host, accountId: string): Promise<LicenseProduct[]> {
  const rows = await tx
    .select({
      activationId: entitlements.activationId,
      product: entitlements.product,
      productName: entitlements.productName,
      vendorDaemon: entitlements.vendorDaemon,
      startDate: entitlements.startDate,
      endDate: entitlements.endDate,
      versionDate: entitlements.versionDate,
      borrowable: entitlements.borrowable,
      licenseModel: entitlements.licenseModel,
      count: sql<number>`sum(${fulfillments.count})`,
    })
    .from(fulfillments)
    .innerJoin(entitlements, eq(entitlements.id, fulfillments.entitlementId))
    .where(
      and(eq(fulfillments.hostId, host.id), eq(fulfillments.accountId, accountId), eq(fulfillments.status, 'ACTIVE')),
    )
    .groupBy(entitlements.id)
  return rows.map((r) => licenseProduct(r, Number(r.count), host.borrowable === 1)).sort(byNameThenId)
}

export interface CustomerProducts {
  account: Pick<Account, 'accountId' | 'accountName'>
  products: LicenseProduct[]
}

/** The file of the customers' products on the host, named after the customers it holds lines of; null when none has any. */
export function licenseFile(
  host: Host,
  parts: readonly CustomerProducts[],
  sign: Signer,
  issued: string,
): LicenseFile | null {
  const withProducts = parts.filter((p) => p.products.length > 0)
  if (withProducts.length === 0) return null
  const texts = withProducts.map((p) =>
    licenseText({
      host: licenseHost(host),
      customer: { number: p.account.accountId, name: p.account.accountName },
      products: p.products,
      issued,
      sign,
      signedBy: SIGNED_BY,
    }),
  )
  const customers = withProducts.map((p) => p.account.accountId)
  return {
    licenseText: mergeLicenseTexts(texts),
    licenseFileName: licenseFileName(customers, host.hostIds),
    shared: customers.length > 1,
    customers,
  }
}

/** The customers of the host's group a merged file takes in (customer-number order). */
export async function fileCustomers(
  db: Db,
  tx: Tx | Db,
  user: ApiUser,
  host: Host,
  extra: readonly string[] = [],
): Promise<Account[]> {
  const ids = [...new Set([...(await hostCustomers(tx, host.id)), ...extra])].sort()
  return await visibleApprovedAccounts(db, tx, user, ids)
}

/** Every visible, approved customer's products on the host, now. */
export async function currentParts(db: Db, tx: Tx | Db, user: ApiUser, host: Host): Promise<CustomerProducts[]> {
  return await mapInOrder(await fileCustomers(db, tx, user, host), async (account) => ({
    account,
    products: await licenseProducts(tx, host, account.accountId),
  }))
}

/**
 * The parts as they would be after the operations per customer number; a
 * customer not yet in the group joins when the caller may see it and it is
 * approved. An operation on an entitlement the customer does not have is a 404.
 */
export async function partsAfter(
  db: Db,
  tx: Tx | Db,
  user: ApiUser,
  host: Host,
  changes: Readonly<Record<string, readonly FulfillmentOperation[]>>,
): Promise<CustomerProducts[]> {
  return await mapInOrder(await fileCustomers(db, tx, user, host, Object.keys(changes)), async (account) => {
    const current = await licenseProducts(tx, host, account.accountId)
    const operations = changes[account.accountId] ?? []
    const counts = countsAfter(new Map(current.map((p) => [p.activationId, p.count])), operations)
    const products: LicenseProduct[] = []
    for (const [activationId, count] of counts) {
      const known = current.find((p) => p.activationId === activationId)
      if (known) {
        products.push({ ...known, count })
        continue
      }
      const e = await customerEntitlement(tx, account.accountId, activationId)
      if (!e) throw notFound(`${activationId} is not an entitlement of customer ${account.accountId}`)
      products.push(licenseProduct(e, count, host.borrowable === 1))
    }
    return { account, products: products.sort(byNameThenId) }
  })
}
