/**
 * A customer's entitlements (spec 2 section 7): every elastic one, the lists of
 * a type with their active/inactive split, and the total activated per
 * entitlement that the activation editor counts against.
 */
import { z } from 'zod'
import { customerNumberSchema } from '../../app/domain/customer-number'
import { ENTITLEMENT_TYPES } from '../../app/domain/entitlements'
import { ENTITLEMENT_FIELD as CA, type EntitlementRow } from '../../app/domain/entitlement-row'
import { singleLine } from '../text-schemas'
import { declareCall, replyObject } from './define'
import { declareList } from './lists'

const TAG = 'Entitlements'

/** The most entitlements one getEntitlements answer holds (spec 2 section 9). */
export const ENTITLEMENT_FETCH_CAP = 5000
/** The most activation ids one fulfilment count may name. */
export const MAX_COUNTED_ACTIVATIONS = 1000

/** An entitlement as every entitlement call answers it: the portal's EntitlementRow. */
export const entitlementRow = replyObject({
  ActivationId: z.string(),
  EntitlementName: z.string(),
  ProductName: z.string(),
  [CA.product]: z.string(),
  [CA.count]: z.number(),
  [CA.rateTableVersion]: z.string(),
  [CA.poNumber]: z.string(),
  [CA.kind]: z.enum(['Evaluation', 'Commercial']),
  [CA.price]: z.number().nullable(),
  Type: z.enum(ENTITLEMENT_TYPES),
  EntitlementState: z.string(),
  LicenseModel: z.string(),
  LicenseModelGroup: z.string(),
  LineItemQuantity: z.number(),
  /** 'YYYY-MM-DD' */
  StartDate: z.string(),
  /** '' when permanent. */
  EndDate: z.string(),
  /** The maintenance end; '' when none. */
  VersionDate: z.string(),
  IsActivationPermanent: z.enum(['true', 'false']),
  Currency: z.string(),
  VendorDaemon: z.string(),
  Borrowable: z.boolean(),
  Used: z.number(),
  /** null when permanent. */
  RemainingDays: z.number().int().nullable(),
  UsedDays: z.number().int(),
  TotalActivated: z.number(),
}) satisfies z.ZodType<EntitlementRow>

/**
 * A row of the lists: whole, or only the fields `attributes` names. The portal
 * never names any, so its reading of a row is the whole one.
 */
const listedRow = entitlementRow.partial().pipe(z.custom<EntitlementRow>())

const typeSchema = z
  .string()
  .trim()
  .transform((t) => t.toUpperCase())
  .pipe(
    z.enum(['ALL', ...ENTITLEMENT_TYPES], { message: `type must be ALL or one of ${ENTITLEMENT_TYPES.join(', ')}` }),
  )

const customerName = () => singleLine().max(500).optional()

/** What scopes the entitlement lists: the customer, a type or ALL, a state, and the fields each row holds. */
const listScope = {
  customerNumber: customerNumberSchema,
  customerName: customerName(),
  type: typeSchema.default('ALL'),
  state: singleLine().trim().max(100).nullish(),
  attributes: z.array(singleLine().min(1).max(100)).max(100).nullish(),
}

const entitlementList = (split: string, paths: { page: string; count: string; distinct: string }) =>
  declareList({
    path: paths,
    tag: TAG,
    rows: `${split}entitlements of the customer (of a type, ALL by default, and a state)`,
    row: listedRow,
    caller: 'customer-reader',
    scope: listScope,
  })

export const entitlementCalls = {
  elastic: declareCall({
    method: 'POST',
    path: '/getEntitlements',
    tag: TAG,
    summary: 'Every elastic entitlement of the customer',
    description: `At most ${ENTITLEMENT_FETCH_CAP}, the latest ending first.`,
    access: 'read',
    caller: 'customer-reader',
    input: z.object({ customerNumber: customerNumberSchema, customername: customerName() }),
    reply: z.array(entitlementRow),
  }),
  all: entitlementList('', {
    page: '/fetchEntitlements',
    count: '/fetchEntitlements/count',
    distinct: '/fetchEntitlements/distinct',
  }),
  active: entitlementList('active ', {
    page: '/fetchEntitlements/active',
    count: '/fetchEntitlementsActive/count',
    distinct: '/fetchEntitlementsActive/distinct',
  }),
  inactive: entitlementList('inactive ', {
    page: '/fetchEntitlements/inactive',
    count: '/fetchEntitlementsInactive/count',
    distinct: '/fetchEntitlementsInactive/distinct',
  }),
  fulfillmentCounts: declareCall({
    method: 'POST',
    path: '/fulfillments/count',
    tag: TAG,
    summary: 'The total activated of each entitlement named: the sum of its active fulfilments',
    description: `At most ${MAX_COUNTED_ACTIVATIONS} activation ids; one that is not an entitlement of the customer is refused.`,
    access: 'read',
    caller: 'customer-reader',
    input: z.object({
      customerNumber: customerNumberSchema,
      customerName: customerName(),
      activationId: z.array(singleLine().trim().min(1).max(200)).max(MAX_COUNTED_ACTIVATIONS),
    }),
    reply: z.record(z.string(), z.number().min(0)),
  }),
}
