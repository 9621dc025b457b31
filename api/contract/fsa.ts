/**
 * A customer's Flexible Spending Account (spec 3): its contracts with their
 * balance and orderable products, the order history, and an order of leases
 * against a contract (POST /entitlements).
 */
import { z } from 'zod'
import { customerNumberSchema } from '../../app/domain/customer-number'
import { FSA_FIELD, type FsaContract, type FsaHistoryRow, type FsaOrderItem } from '../../app/domain/fsa-types'
import { singleLine } from '../text-schemas'
import { declareCall, replyObject } from './define'

const TAG = 'Flexible Spending Account'

/** The most lines one order may hold. */
export const MAX_ORDER_LINES = 50
/** The most history rows one answer holds (the spec's FSA customer list default, 500, times ten). */
export const MAX_HISTORY_ROWS = 5000

const NO_FSA = 'A customer without a Flexible Spending Account is refused.'

/** A product a contract may order, with its price per duration (none where it is not offered for that long). */
const fsaProduct = replyObject({
  ansysbpn: z.string(),
  ansysproduct: z.string(),
  price7Days: z.number().nullable(),
  price30Days: z.number().nullable(),
  price60Days: z.number().nullable(),
  price90Days: z.number().nullable(),
  price180Days: z.number().nullable(),
  price1Year: z.number().nullable(),
})

/** A contract as the portal reads it (FsaContract). */
export const fsaContract = replyObject({
  EntitlementID: z.string(),
  OrderId: z.string(),
  ProductName: z.string(),
  /** 'YYYY-MM-DD' */
  StartDate: z.string(),
  EndDate: z.string(),
  /** What orders have spent, and what is left (never below zero). */
  Used: z.number(),
  Available: z.number().min(0),
  [FSA_FIELD.poNumber]: z.string(),
  [FSA_FIELD.busopsEmails]: z.string(),
  [FSA_FIELD.currency]: z.string(),
  /** The contract's total balance. */
  [FSA_FIELD.price]: z.number(),
  [FSA_FIELD.products]: z.array(fsaProduct),
}) satisfies z.ZodType<FsaContract>

/** One line of the order history (spec 3 section 3, History row). */
export const fsaHistoryRow = replyObject({
  id: z.number().int(),
  /** The lease the line created. */
  entitlementId: z.string(),
  ansysproduct: z.string(),
  /** The contract charged. */
  fsaId: z.string(),
  orderid: z.string(),
  /** 'YYYY-MM-DD HH:mm:ss' (UTC) */
  orderdate: z.string(),
  count: z.number().int(),
  startdate: z.string(),
  enddate: z.string(),
  cost: z.number(),
  currency: z.string(),
  requester: z.string(),
  manual: z.boolean(),
}) satisfies z.ZodType<FsaHistoryRow>

/** Each product's outcome (spec 3 section 7): the lease created, or why the line failed. */
export const fsaOrderItem = replyObject({
  status: z.enum(['SUCCESS', 'FAILURE']),
  ansysbpn: z.string(),
  startdate: z.string(),
  enddate: z.string(),
  ansysquantity: z.number().nullable(),
  ansysprice: z.number().nullable(),
  activationId: z.string().optional(),
  err: z.string().optional(),
}) satisfies z.ZodType<FsaOrderItem>

const amount = z.union([z.number(), singleLine().max(50)])

const orderLine = z.object({
  ansysbpn: singleLine().trim().max(100).default(''),
  ansyscount: amount.nullish(),
  ansysponum: singleLine().max(200).nullish(),
  ansysprice: amount,
  ansyspriceusd: amount.nullish(),
  ansysproduct: singleLine().max(500).nullish(),
  ansysquantity: amount.nullish(),
  ansystype: z.literal('Lease').default('Lease'),
  ansyscurrency: singleLine().max(10).nullish(),
  customerNumber: singleLine().max(20).nullish(),
  customerName: singleLine().max(500).nullish(),
  daemon: singleLine().max(100).nullish(),
  startdate: singleLine().trim().max(30),
  enddate: singleLine().trim().max(30),
  orderid: singleLine().max(100).nullish(),
  manualentry: z.boolean().default(false),
  manualProductName: singleLine().trim().max(200).nullish(),
  productitemnumber: singleLine().max(100).nullish(),
})
export type FsaOrderLine = z.infer<typeof orderLine>

/** An order's body, read once the caller may order for the customer (see `fsaCalls.order`). */
export const fsaOrderSchema = z.object({
  ansyshasfsa: z.literal(true),
  accountid: singleLine().max(20).nullish(),
  customerNumber: customerNumberSchema,
  orderid: singleLine().max(100).nullish(),
  fsaID: singleLine().trim().max(200),
  ansyscurrency: singleLine().max(10).nullish(),
  ansysbusopsemails: singleLine().max(2000).nullish(),
  products: z.array(orderLine).min(1, 'products must hold at least one line').max(MAX_ORDER_LINES),
})

const customerRequest = z.object({ customerNumber: customerNumberSchema })

export const fsaCalls = {
  contracts: declareCall({
    method: 'POST',
    path: '/fsa/contracts',
    tag: TAG,
    summary: 'The customer’s deployed FSA contracts: balance, terms and the products each may order',
    description: `Withdrawn products are left out. ${NO_FSA}`,
    access: 'read',
    caller: 'customer-reader',
    input: customerRequest,
    reply: z.array(fsaContract),
  }),
  history: declareCall({
    method: 'POST',
    path: '/fsa/history',
    tag: TAG,
    summary: 'The customer’s FSA order history: one row per ordered line, newest first',
    description: `At most ${MAX_HISTORY_ROWS} rows. ${NO_FSA}`,
    access: 'read',
    caller: 'customer-reader',
    input: customerRequest,
    reply: z.array(fsaHistoryRow),
  }),
  order: declareCall({
    method: 'POST',
    path: '/entitlements',
    tag: TAG,
    summary: 'Orders leases against an FSA contract, debiting its balance',
    description:
      `Besides the customer, the body is an order (\`fsaOrderSchema\`: ansyshasfsa, fsaID, orderid and up to ${MAX_ORDER_LINES} products), ` +
      'read only once the caller may order for the customer, so one who may not is refused as such whatever the body holds. ' +
      'Each line is priced as the page prices it and fails alone (a product withdrawn, a count or date out of bounds, ' +
      'a duplicate, a price that is not the price, the balance spent); the others become lease entitlements. ' +
      `An unknown contract answers 404, one that has ended 409. ${NO_FSA}`,
    access: 'write',
    caller: 'customer-writer',
    input: z.looseObject({ customerNumber: customerNumberSchema }),
    reply: z.array(fsaOrderItem),
  }),
}
