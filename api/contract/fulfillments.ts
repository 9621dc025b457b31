/**
 * The activation editor's calls (spec 3 sections 3 to 7): the entitlements a
 * customer can activate with their counts on a host, and the fulfilments that
 * create and return those counts. A host is named by its ids and their types.
 */
import { z } from 'zod'
import { customerNumberSchema } from '../../app/domain/customer-number'
import {
  ACTIVATED_FIELD,
  AVAILABLE_FIELD,
  BORROWED_FIELD,
  FULFILLMENT_ACTIONS,
  FULFILLMENTS_FIELD,
  type ActivationRow,
  type FulfillmentResult,
} from '../../app/domain/activation-types'
import { singleLine } from '../text-schemas'
import { day, declareCall, replyObject } from './define'

const TAG = 'Activations'

/** The most entitlements one create or return may name. */
const MAX_OPERATIONS = 500

/** The customer a host-scoped request is made for. */
export const customerFields = {
  customerNumber: customerNumberSchema,
  customerName: singleLine().max(500).optional(),
}

/** The host a request names: its ids (1 or 3, comma-separated) and their types; the name is informative. */
export const hostFields = {
  serverName: singleLine().max(500).optional(),
  serverId: singleLine().max(200),
  serverIdType: singleLine().max(200),
}

const flag = z.boolean().optional()

const rowsRequest = z.object({
  customerNumber: customerNumberSchema,
  customerEmail: singleLine().max(320).optional(),
  serverId: singleLine().trim().max(200).optional(),
  serverIdType: singleLine().trim().max(200).optional(),
  activeOnly: flag,
  sumOnly: flag,
  forceSync: flag,
})

const operation = (sign: 'positive' | 'negative') =>
  z.object({
    id: singleLine().trim().min(1, 'id is required').max(200),
    count: z
      .number()
      .int()
      .refine((n) => (sign === 'positive' ? n > 0 : n < 0), {
        message: sign === 'positive' ? 'count must be above 0' : 'count must be below 0',
      }),
  })

const fulfillmentRequest = (sign: 'positive' | 'negative') =>
  z.object({
    ...customerFields,
    /** The client's clock, ISO; the API records its own. */
    time: singleLine().max(100).optional(),
    /** EDIT (the editor, the default), REHOST or DEACTIVATE. */
    action: z.enum(FULFILLMENT_ACTIONS).optional(),
    ...hostFields,
    activations: z.array(operation(sign)).min(1, 'activations must name at least one entitlement').max(MAX_OPERATIONS),
  })

const fulfillmentRef = replyObject({ FulfillmentID: z.string(), FulfillCount: z.number().int() })

/** '' for none (a permanent entitlement's end, an unknown end of maintenance). */
const dayOrNone = () => z.union([day(), z.literal('')])

const activationRow = replyObject({
  ActivationId: z.string(),
  ProductName: z.string(),
  Product: z.string(),
  LineItemQuantity: z.number().int(),
  [ACTIVATED_FIELD]: z.number().int(),
  [FULFILLMENTS_FIELD]: z.array(fulfillmentRef),
  StartDate: day(),
  EndDate: dayOrNone(),
  VersionDate: dayOrNone(),
  LicenseModel: z.string(),
  IsActivationPermanent: z.enum(['true', 'false']),
  Evaluation: z.boolean(),
  [BORROWED_FIELD]: z.boolean(),
  [AVAILABLE_FIELD]: z.number().int().min(0),
  Daemon: z.string(),
}) satisfies z.ZodType<ActivationRow>

const fulfillmentResult = replyObject({
  fulfillments: z.array(fulfillmentRef.extend({ ActivationId: z.string() })),
}) satisfies z.ZodType<FulfillmentResult>

const ROWS_DESCRIPTION =
  'Without `serverIdType` the ids alone find the host. `activeOnly` leaves out the entitlements that have ended; `sumOnly` answers the counts with empty fulfilment lists. Needs the activations permission on the customer.'

const CHANGE_DESCRIPTION = `Names up to ${MAX_OPERATIONS} entitlements, each once. One transaction: any refusal writes nothing. Needs the activations permission and a user who is not view-only. A 404 for a host or an entitlement that does not exist.`

export const fulfillmentCalls = {
  allEntitlements: declareCall({
    method: 'POST',
    path: '/fulfillments/allentitlements',
    tag: TAG,
    summary: 'Every entitlement of the customer that can be activated, with its counts on the host',
    description: `The counts are 0 on a host not named, new, or without any of them. ${ROWS_DESCRIPTION}`,
    access: 'read',
    caller: 'customer-reader',
    input: rowsRequest,
    reply: z.array(activationRow),
  }),
  hostEntitlements: declareCall({
    method: 'POST',
    path: '/fulfillments/entitlements',
    tag: TAG,
    summary: 'The entitlements of the customer activated on the host, with their counts',
    description: ROWS_DESCRIPTION,
    access: 'read',
    caller: 'customer-reader',
    input: rowsRequest.extend({ serverId: singleLine().trim().min(1, 'serverId is required').max(200) }),
    reply: z.array(activationRow),
  }),
  create: declareCall({
    method: 'POST',
    path: '/fulfillments/create',
    tag: TAG,
    summary: 'Activates counts of entitlements on the host: a new fulfilment for each',
    description: `Counts above 0. Refused (409) on an inactive host, or when a count is more than the entitlement has available; the customer joins the host's group if not yet in it. ${CHANGE_DESCRIPTION}`,
    access: 'write',
    caller: 'customer-writer',
    input: fulfillmentRequest('positive'),
    reply: fulfillmentResult,
  }),
  return: declareCall({
    method: 'POST',
    path: '/fulfillments/return',
    tag: TAG,
    summary: 'Returns the counts of entitlements activated on the host: their fulfilments made inactive',
    description: `Each count is minus what is active on the host now; otherwise (the page showed older counts) it is refused with 409. ${CHANGE_DESCRIPTION}`,
    access: 'write',
    caller: 'customer-writer',
    input: fulfillmentRequest('negative'),
    reply: fulfillmentResult,
  }),
}
