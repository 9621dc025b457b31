/**
 * The web licence service: what the vendor's products call to take a seat of a customer's
 * web licence (shared or named), keep it with heartbeats and give it back. A seat whose
 * heartbeats stop is returned when its lease ends. Every grant, return, expiry and refusal is
 * one of the customer's web transactions.
 */
import { z } from 'zod'
import { customerNumberSchema } from '../../app/domain/customer-number'
import { DENIAL_REASONS } from '../../app/domain/web-seats'
import { identifier, singleLine } from '../text-schemas'
import { declareCall, replyObject } from './define'

const TAG = 'Web licence service'

const checkoutId = singleLine()
  .trim()
  .regex(/^[0-9a-f-]{36}$/i, 'checkoutId: must be the id a checkout answered')

const checkoutRequest = z.object({
  customerNumber: customerNumberSchema,
  /** The web user's e-mail; compared without regard to case. */
  email: z.string().trim().toLowerCase().pipe(z.email('email: must be an e-mail address').max(254)),
  /** The feature name of the product (an entitlement's product). */
  product: identifier().trim().min(1, 'product is required').max(200),
  clientHost: identifier().trim().max(255).default(''),
  productVersion: identifier().trim().max(100).default(''),
})
export type CheckoutRequest = z.output<typeof checkoutRequest>

const granted = replyObject({
  outcome: z.literal('granted'),
  checkoutId: z.string(),
  activationId: z.string(),
  /** Epoch milliseconds: the seat is returned at this time unless a heartbeat comes first. */
  leaseExpiresAt: z.number().int(),
  /** How often to heartbeat, in seconds. */
  heartbeatSeconds: z.number().int(),
})

const denied = replyObject({
  outcome: z.literal('denied'),
  reason: z.enum(DENIAL_REASONS),
  message: z.string(),
})

const lease = replyObject({ checkoutId: z.string(), leaseExpiresAt: z.number().int() })

export const webServiceCalls = {
  checkout: declareCall({
    method: 'POST',
    path: '/web/checkout',
    tag: TAG,
    summary: 'Take a seat of a web licence',
    description:
      'Grants a seat of the customer’s web licence for the product to the web user, or refuses it with the reason. ' +
      'A named seat the user holds is granted on any number of machines; otherwise a free seat of a shared licence ' +
      'the user may use (the one that ends first). Leases past their end are returned first. The grant or the ' +
      'refusal is recorded as a web transaction. A customer under export control is refused (403) after the ' +
      'refusal is recorded.',
    access: 'write',
    caller: 'web-license-service',
    input: checkoutRequest,
    reply: z.discriminatedUnion('outcome', [granted, denied]),
  }),
  heartbeat: declareCall({
    method: 'POST',
    path: '/web/heartbeat',
    tag: TAG,
    summary: 'Keep a web licence seat',
    description:
      'Renews the seat’s lease from now. Refused (409) when the seat has already been returned or its lease ' +
      'has ended: the product must check out again.',
    access: 'write',
    caller: 'web-license-service',
    input: z.object({ checkoutId }),
    reply: lease,
  }),
  checkin: declareCall({
    method: 'POST',
    path: '/web/checkin',
    tag: TAG,
    summary: 'Return a web licence seat',
    description: 'Returns the seat; recorded with how long it was held. Refused (409) when it has already ended.',
    access: 'write',
    caller: 'web-license-service',
    input: z.object({ checkoutId }),
    reply: replyObject({ checkoutId: z.string(), returnedAt: z.number().int(), durationMs: z.number().int() }),
  }),
}
