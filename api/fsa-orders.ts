/**
 * API: ordering leases against a Flexible Spending Account (spec 3 sections 3,
 * 5 and 7, "FSA order lifecycle").
 *
 * POST /fsa/contracts {customerNumber} -> FsaContract[]: balance, terms and orderable products
 * POST /entitlements {ansyshasfsa, customerNumber, orderid, fsaID, products[]}
 *      -> per product {status SUCCESS|FAILURE, ansysbpn, startdate, enddate, ansysquantity, ansysprice, err}
 *
 * One immediate transaction per order: the contract's balance is read and
 * debited under the write lock, line after line, so whatever arrives at once a
 * contract's `used` never exceeds its `price` (the balance never goes below
 * zero). A line that cannot be ordered (a product withdrawn from the contract,
 * a count or date out of bounds, a duplicate, a price that is not the price, a
 * balance spent meanwhile) fails alone with the reason; the others are created
 * as lease entitlements, which the lists and the activation editor show at once.
 * Prices come from the same functions the page uses (app/domain/fsa-pricing.ts).
 * Each order writes an audit record and a confirmation e-mail to the outbox.
 */
import { mapInOrder } from '../db/in-order'
import { transact } from '../db/transact'
import { first } from '../db/query'
import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { entitlements, fsaContracts, fsaOrderLines, fsaProducts } from '../db/tables'
import { formatNumber, todayUtc } from '../app/domain/entitlements'
import { isViewOnly } from '../app/domain/permissions'
import { NOT_ENOUGH_PERMISSIONS } from '../app/domain/activation-types'
import { durationsEndingOn, lineCost, parseAmount, toCents, unitCost } from '../app/domain/fsa-pricing'
import {
  balanceMessage,
  dateWindow,
  duplicateLines,
  FSA_ORDER_MESSAGES,
  lineDateErrors,
  readCount,
} from '../app/domain/fsa-order-lines'
import { MANUAL_PART_NUMBER } from '../app/domain/fsa-entitlements'
import { FSA_FIELD, type FsaOrderItem } from '../app/domain/fsa-types'
import { buildAccountInfo, requireCustomerAccess, type Account } from './access'
import { recordAudit, type Tx } from './audit-log'
import type { ApiUser } from './auth'
import type { CallTable } from './call-table'
import { fsaCalls as declared, fsaOrderSchema, type FsaOrderLine } from './contract/fsa'
import { administratorAddresses } from './elastic-credit'
import { writeOutboxEmail, type OutboxDelivery } from './outbox'
import { ApiError, forbidden, notFound, parseInput } from './envelope'
import { escapeHtml } from '../server/oidc/views'
import type { ApiDeps } from './index'

/** Each product's outcome (spec 3 section 7). */
export type OrderItemResult = FsaOrderItem

export const FSA_API_MESSAGES = {
  noFsa: 'This customer has no Flexible Spending Account.',
  notContract: (id: string, customer: string) => `${id} is not an FSA contract of customer ${customer}.`,
  ended: (id: string) => `The FSA contract ${id} has ended.`,
  withdrawn: (bpn: string) => `The product ${bpn} is not offered on this FSA contract.`,
  manualOnly: 'Only business operations may order manual entries.',
  manualName: 'A manual entry needs a product name.',
  cost: 'Cost should be a positive number.',
  noDuration: 'The dates do not match a duration of the product.',
  priceChanged: (cost: number) => `The cost of this line is ${formatNumber(cost, 2)}. Check the order and try again.`,
} as const

const PRICE_TOLERANCE = 0.005

const newActivationId = () =>
  randomBytes(8)
    .toString('hex')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1-')

interface Priced {
  bpn: string
  product: string
  productName: string
  daemon: string
  count: number
  cost: number
  manual: boolean
}

/** A line checked and priced, or why it cannot be ordered (the balance is checked after, in order). */
function priceLine(
  line: FsaOrderLine,
  products: (typeof fsaProducts.$inferSelect)[],
  contract: { endDate: string },
  window: { min: string; max: string },
  busops: boolean,
): Priced | { err: string } {
  const count = readCount(line.ansyscount ?? line.ansysquantity)
  if (count === null) return { err: FSA_ORDER_MESSAGES.count }
  const dates = lineDateErrors({ startDate: line.startdate, endDate: line.enddate }, window)
  const dateError = dates.startDate ?? dates.endDate
  if (dateError) return { err: dateError }
  const asked = parseAmount(line.ansysprice)
  if (line.manualentry) {
    if (!busops) return { err: FSA_API_MESSAGES.manualOnly }
    if (!line.manualProductName) return { err: FSA_API_MESSAGES.manualName }
    if (asked === null || asked < 0) return { err: FSA_API_MESSAGES.cost }
    return {
      bpn: MANUAL_PART_NUMBER,
      product: 'fsa_manual',
      productName: line.manualProductName,
      daemon: line.daemon ?? '',
      count,
      cost: toCents(asked),
      manual: true,
    }
  }
  const product = products.find((p) => p.bpn === line.ansysbpn && !p.withdrawn)
  if (!product) return { err: FSA_API_MESSAGES.withdrawn(line.ansysbpn) }
  const contractEnd = contract.endDate.slice(0, 10)
  const costs = durationsEndingOn(product, line.startdate, line.enddate, contractEnd).map((d) =>
    lineCost(unitCost(product, d, line.startdate, contractEnd)!, count),
  )
  if (costs.length === 0) return { err: FSA_API_MESSAGES.noDuration }
  // The price the page showed is the price charged: it must be the price of one of the line's durations.
  const cost = costs.find((c) => asked !== null && Math.abs(c - asked) < PRICE_TOLERANCE)
  if (cost === undefined) return { err: FSA_API_MESSAGES.priceChanged(costs[0]) }
  return {
    bpn: product.bpn,
    product: product.product,
    productName: product.productName,
    daemon: product.vendorDaemon,
    count,
    cost,
    manual: false,
  }
}

/**
 * Who may order is settled before the order is read (the declaration parses the
 * customer alone): a customer the caller may not see or order for is refused as
 * such, whatever the rest of the body holds.
 */
async function placeOrder(
  db: Db,
  delivery: OutboxDelivery,
  user: ApiUser,
  body: { customerNumber: string },
): Promise<OrderItemResult[]> {
  const { account, access } = await requireCustomerAccess(db, user, body.customerNumber)
  const info = buildAccountInfo(account, access, user)
  if (!info.hasFSA) throw forbidden(FSA_API_MESSAGES.noFsa)
  if (isViewOnly(user, info)) throw forbidden(NOT_ENOUGH_PERMISSIONS)
  const input = parseInput(fsaOrderSchema, body)
  const busops = user.roles.includes('busops')
  const today = todayUtc()
  return await transact(db, async (tx) => {
    const contract = await first(
      tx
        .select()
        .from(entitlements)
        .where(
          and(
            eq(entitlements.activationId, input.fsaID),
            eq(entitlements.accountId, account.accountId),
            eq(entitlements.type, 'FSA'),
          ),
        ),
    )
    if (!contract) throw notFound(FSA_API_MESSAGES.notContract(input.fsaID, account.accountId))
    const contractEnd = contract.endDate?.slice(0, 10)
    if (!contractEnd || contractEnd < today) throw conflict(FSA_API_MESSAGES.ended(input.fsaID))
    const products = await tx.select().from(fsaProducts).where(eq(fsaProducts.contractId, contract.id))
    if (products.length === 0) throw conflict(FSA_ORDER_MESSAGES.noProducts)
    const terms = await first(tx.select().from(fsaContracts).where(eq(fsaContracts.entitlementId, contract.id)))
    const window = dateWindow({ startDate: contract.startDate, endDate: contractEnd }, today)
    const repeated = duplicateLines(
      input.products.map((l) => ({
        product: l.manualentry ? `manual:${l.manualProductName ?? ''}` : l.ansysbpn,
        count: readCount(l.ansyscount ?? l.ansysquantity) ?? 0,
        startDate: l.startdate,
        duration: '',
        endDate: l.enddate,
      })),
    )
    let available = toCents((contract.price ?? 0) - contract.used)
    const now = Date.now()
    const created: { line: Priced; activationId: string; startDate: string; endDate: string }[] = []
    const results = await mapInOrder(input.products, async (line, i): Promise<OrderItemResult> => {
      const base = { ansysbpn: line.ansysbpn, startdate: line.startdate, enddate: line.enddate }
      const fail = (err: string, priced?: Priced): OrderItemResult => ({
        ...base,
        status: 'FAILURE',
        ansysquantity: priced?.count ?? null,
        ansysprice: priced?.cost ?? null,
        err,
      })
      if (repeated.has(i)) return fail(FSA_ORDER_MESSAGES.duplicate)
      const priced = priceLine(line, products, { endDate: contractEnd }, window, busops)
      if ('err' in priced) return fail(priced.err)
      if (priced.cost > available + PRICE_TOLERANCE / 10) return fail(balanceMessage('product'), priced)
      const activationId = newActivationId()
      const [lease] = await tx
        .insert(entitlements)
        .values({
          activationId,
          accountId: account.accountId,
          type: 'SSL',
          state: 'Deployed',
          entitlementName: `${priced.productName} Lease`,
          product: priced.product,
          productName: priced.productName,
          licenseModel: 'Flexible Spending Account',
          count: priced.count,
          quantity: priced.count,
          startDate: line.startdate,
          endDate: line.enddate,
          poNumber: contract.poNumber,
          currency: contract.currency,
          price: priced.cost,
          vendorDaemon: priced.daemon,
          createdAt: now,
        })
        .returning({ id: entitlements.id })
      await tx
        .update(entitlements)
        .set({ used: sql`${entitlements.used} + ${priced.cost}` })
        .where(eq(entitlements.id, contract.id))
      available = toCents(available - priced.cost)
      await tx.insert(fsaOrderLines).values({
        orderId: input.orderid || terms?.orderId || '',
        contractId: contract.id,
        accountId: account.accountId,
        entitlementId: lease.id,
        bpn: priced.bpn,
        productName: priced.productName,
        count: priced.count,
        startDate: line.startdate,
        endDate: line.enddate,
        cost: priced.cost,
        currency: contract.currency,
        manual: priced.manual ? 1 : 0,
        requesterEmail: user.email,
        orderedAt: now,
      })
      created.push({ line: priced, activationId, startDate: line.startdate, endDate: line.enddate })
      return { ...base, status: 'SUCCESS', ansysquantity: priced.count, ansysprice: priced.cost, activationId }
    })
    // The invariant, checked where it is written: a contract never spends more than its balance.
    const after = (await first(
      tx.select({ used: entitlements.used }).from(entitlements).where(eq(entitlements.id, contract.id)),
    ))!
    if (toCents(after.used) > toCents(contract.price ?? 0)) throw new ApiError(409, balanceMessage('product'))
    if (created.length > 0) {
      await recordAudit(tx, {
        actorEmail: user.email,
        accountId: account.accountId,
        area: 'fsa',
        action: 'order',
        before: { contract: contract.activationId, balance: toCents((contract.price ?? 0) - contract.used) },
        after: {
          contract: contract.activationId,
          balance: available,
          created: created.map((c) => ({
            activationId: c.activationId,
            bpn: c.line.bpn,
            count: c.line.count,
            cost: c.line.cost,
          })),
        },
      })
      await writeOrderEmail(tx, delivery, account, contract, created, now)
    }
    return results
  })
}

const conflict = (message: string) => new ApiError(409, message)

async function writeOrderEmail(
  tx: Tx,
  delivery: OutboxDelivery,
  account: Account,
  contract: typeof entitlements.$inferSelect,
  created: { line: Priced; activationId: string; startDate: string; endDate: string }[],
  now: number,
) {
  const rows = created
    .map(
      (c) =>
        `<tr><td>${escapeHtml(c.line.productName)}</td><td><code>${escapeHtml(c.activationId)}</code></td>` +
        `<td>${c.line.count}</td><td>${escapeHtml(c.startDate)}</td><td>${escapeHtml(c.endDate)}</td>` +
        `<td>${escapeHtml(formatNumber(c.line.cost, 2))} ${escapeHtml(contract.currency)}</td></tr>`,
    )
    .join('')
  await writeOutboxEmail(tx, delivery, {
    accountId: account.accountId,
    at: now,
    subject: `Flexible Spending Account order: ${created.length} ${created.length === 1 ? 'entitlement' : 'entitlements'} created`,
    to: await administratorAddresses(tx, account),
    body:
      `<p>Dear ${escapeHtml(account.accountName)} licence administrator,</p>` +
      `<p>The following entitlements were created against the FSA contract <code>${escapeHtml(contract.activationId)}</code>:</p>` +
      `<table><thead><tr><th>Product</th><th>Entitlement</th><th>Count</th><th>Start Date</th><th>Expiration Date</th><th>Cost</th></tr></thead>` +
      `<tbody>${rows}</tbody></table>`,
    kind: 'fsa',
  })
}

/** The customer's FSA contracts with their balance and the products each may order (none withdrawn). */
async function contracts(db: Db, user: ApiUser, customerNumber: string) {
  const { account, access } = await requireCustomerAccess(db, user, customerNumber)
  if (!buildAccountInfo(account, access, user).hasFSA) throw forbidden(FSA_API_MESSAGES.noFsa)
  const rows = await db
    .select({ contract: entitlements, terms: fsaContracts })
    .from(entitlements)
    .leftJoin(fsaContracts, eq(fsaContracts.entitlementId, entitlements.id))
    .where(
      and(
        eq(entitlements.accountId, account.accountId),
        eq(entitlements.type, 'FSA'),
        eq(entitlements.state, 'Deployed'),
      ),
    )
  return await mapInOrder(rows, async ({ contract, terms }) => {
    const products = await db
      .select()
      .from(fsaProducts)
      .where(and(eq(fsaProducts.contractId, contract.id), eq(fsaProducts.withdrawn, 0)))
      .orderBy(fsaProducts.productName)
    const total = contract.price ?? 0
    return {
      EntitlementID: contract.activationId,
      OrderId: terms?.orderId ?? '',
      ProductName: contract.productName,
      StartDate: contract.startDate,
      EndDate: contract.endDate ?? '',
      Used: toCents(contract.used),
      Available: Math.max(0, toCents(total - contract.used)),
      [FSA_FIELD.poNumber]: contract.poNumber,
      [FSA_FIELD.busopsEmails]: terms?.busopsEmails ?? '',
      [FSA_FIELD.currency]: contract.currency || 'USD',
      [FSA_FIELD.price]: total,
      [FSA_FIELD.products]: products.map((p) => ({
        ansysbpn: p.bpn,
        ansysproduct: p.productName,
        price7Days: p.price7Days,
        price30Days: p.price30Days,
        price60Days: p.price60Days,
        price90Days: p.price90Days,
        price180Days: p.price180Days,
        price1Year: p.price1Year,
      })),
    }
  })
}

export function fsaOrderCalls(calls: CallTable, { db, config }: ApiDeps) {
  calls.implement(declared.order, async ({ input, user }) => await placeOrder(db, config.mail, user, input))
  calls.implement(declared.contracts, async ({ input, user }) => await contracts(db, user, input.customerNumber))
}
