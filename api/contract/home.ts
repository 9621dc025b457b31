/**
 * The Home page: the cards of the customer in hand with their figures, and the
 * user's customers with a few figures each.
 */
import { z } from 'zod'
import { customerNumberSchema } from '../../app/domain/customer-number'
import { CUSTOMER_LIST_MAX, type CustomerFigures, type HomeCard } from '../../app/domain/home-cards'
import type { HomeCustomers, HomeSummary } from '../../app/domain/home-summary'
import { customerNumberReply, day, declareCall, replyObject } from './define'

const TAG = 'Home'

const card = z.enum(['elastic', 'ending', 'hosts', 'usage', 'alerts', 'emails', 'web']) satisfies z.ZodType<HomeCard>

const elasticCredit = replyObject({
  activationId: z.string(),
  product: z.string(),
  productName: z.string(),
  remaining: z.number(),
  quantity: z.number(),
  currency: z.string(),
  forecast: z.enum(['exhausted', 'no-usage', 'runs-out', 'outlasts-term']),
  runsOutOn: day().nullable(),
  threshold: z.number().nullable(),
  thresholdState: z.enum(['none', 'above', 'below']),
})

const endingGroup = replyObject({
  count: z.number().int().min(0),
  soonest: z.array(replyObject({ activationId: z.string(), productName: z.string(), date: day() })),
})

const ending = replyObject({
  windowDays: z.number().int(),
  leases: endingGroup,
  fsaContracts: endingGroup,
  perpetuals: endingGroup,
})

const hosts = replyObject({
  active: z.number().int().min(0),
  lastChange: replyObject({
    time: z.number(),
    by: z.string(),
    hostId: z.number().int(),
    hostName: z.string(),
    hostActive: z.boolean(),
    action: z.string(),
    count: z.number(),
    activationId: z.string(),
    productName: z.string(),
  }).nullable(),
})

const usageWindow = replyObject({ from: day(), to: day(), total: z.number() })

const usage = replyObject({
  days: z.array(replyObject({ day: day(), cost: z.number() })),
  current: usageWindow,
  previous: usageWindow,
  currency: z.string().nullable(),
})

const alerts = replyObject({
  count: z.number().int().min(0),
  newest: z.array(replyObject({ id: z.number().int(), title: z.string(), category: z.string(), date: z.string() })),
})

const email = replyObject({ id: z.number().int(), date: z.string(), subject: z.string() })

const web = replyObject({
  inUse: z.number().int().min(0),
  seats: z.number().int().min(0),
  deniedLast7: z.number().int().min(0),
  entitlements: z.array(
    replyObject({
      activationId: z.string(),
      productName: z.string(),
      seats: z.number().int().min(0),
      inUse: z.number().int().min(0),
      verdict: replyObject({ kind: z.enum(['denied', 'spare-seats', 'full-use', 'not-used']), text: z.string() }),
    }),
  ),
})

/** What the Home page shows of a customer; a card the user is not given is null. */
export const homeSummary = replyObject({
  customerNumber: customerNumberReply(),
  today: day(),
  cards: z.array(card),
  elastic: z.array(elasticCredit).nullable(),
  ending: ending.nullable(),
  hosts: hosts.nullable(),
  usage: usage.nullable(),
  alerts: alerts.nullable(),
  emails: z.array(email).nullable(),
  web: web.nullable(),
  severalCustomers: z.boolean(),
}) satisfies z.ZodType<HomeSummary>

const customerFigures = replyObject({
  customerNumber: customerNumberReply(),
  customerName: z.string(),
  elasticRemaining: z.number().nullable(),
  currency: z.string().nullable(),
  belowThreshold: z.number().int().min(0).nullable(),
  endingSoon: z.number().int().min(0).nullable(),
  activeHosts: z.number().int().min(0).nullable(),
  restricted: z.boolean(),
}) satisfies z.ZodType<CustomerFigures>

export const homeCustomers = replyObject({
  count: z.number().int().min(0),
  customers: z.array(customerFigures).nullable(),
}) satisfies z.ZodType<HomeCustomers>

export const homeCalls = {
  summary: declareCall({
    method: 'POST',
    path: '/home/summary',
    tag: TAG,
    summary: 'The Home page of a customer: the cards the user is given and the figures of each',
    description:
      'A card the user is not given (by role, permissions and the customer’s licence kinds) is null, so its figures never reach the user.',
    access: 'read',
    caller: 'customer-reader',
    input: z.object({ customerNumber: customerNumberSchema }),
    reply: homeSummary,
  }),
  customers: declareCall({
    method: 'POST',
    path: '/home/customers',
    tag: TAG,
    summary: 'The customers the user may pick, each with a few figures of its cards',
    description: `Above ${CUSTOMER_LIST_MAX} customers, the count alone (\`customers\` null). A customer under export control is listed with no figures.`,
    access: 'read',
    caller: 'user',
    input: z.strictObject({}),
    reply: homeCustomers,
  }),
}
