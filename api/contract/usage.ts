/**
 * Elastic usage (spec 2 section 7): the sessions the licence servers report,
 * each charged against one elastic entitlement, the Usage Transactions list of a
 * customer's sessions with its export, and when the newest session was received.
 */
import { z } from 'zod'
import { customerNumberSchema } from '../../app/domain/customer-number'
import { USAGE_EXPORT_MAX } from '../../app/domain/usage-export'
import { CLOUD_JOB_FIELD, type UsageRow } from '../../app/domain/usage-row'
import { identifier, singleLine } from '../text-schemas'
import { declareCall, replyObject } from './define'
import { declareList } from './lists'

const TAG = 'Elastic usage'

/** The most distinct values one request may ask for (spec 2 section 9). */
export const USAGE_DISTINCT_MAX = 500

const TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?)(Z|[+-]00:?00)?$/

/** A UTC time as 'YYYY-MM-DD HH:mm:ss' or ISO 8601, to epoch milliseconds. */
const timeSchema = singleLine().transform((text, ctx) => {
  const match = TIME.exec(text.trim())
  const ms = match ? Date.parse(`${match[1]}T${match[2]}Z`) : NaN
  if (Number.isNaN(ms)) {
    ctx.addIssue({ code: 'custom', message: "must be a UTC time like '2025-03-01 14:05:00'" })
    return z.NEVER
  }
  return ms
})

const text = (max: number) => singleLine().trim().max(max)
/** What a licence server names (product, user, host, project): shown in lists and exported to CSV files. */
const name = (max: number) => identifier().trim().max(max)

const sessionRequest = z.object({
  customerNumber: customerNumberSchema,
  activationId: singleLine().trim().min(1, 'activationId is required').max(200),
  startTime: timeSchema,
  endTime: timeSchema.nullish(),
  product: name(200).min(1, 'product is required'),
  productCount: z.number().int().min(1).max(100_000).default(1),
  count: z.number().int().min(1).max(100_000).default(1),
  user: name(200).min(1, 'user is required'),
  host: name(255).min(1, 'host is required'),
  /** The session id. */
  deviceId: text(200).optional(),
  serverId: text(200).default(''),
  feature: text(200).default(''),
  featureFno: text(100).default(''),
  ipAddress: text(100).default(''),
  refererIpAddress: text(100).default(''),
  productLine: text(200).default(''),
  pid: text(50).default(''),
  acquisition: text(100).default(''),
  consumerId: text(200).default(''),
  project: name(200).default(''),
  productVersion: text(100).default(''),
  cloudJobId: text(200).nullish(),
})

// The Usage Transactions grid and its CSV export read the domain's type: the reply must be one.
const usageRow = replyObject({
  StartTime: z.string(),
  EndTime: z.string(),
  StartTime_ts: z.number(),
  EndTime_ts: z.number().nullable(),
  ProductCount: z.number(),
  Count: z.number(),
  Length: z.number().nullable(),
  User: z.string(),
  Product: z.string(),
  Host: z.string(),
  DeviceID: z.string(),
  SessionStatus: z.string(),
  ServerID: z.string(),
  FeatureFno: z.string(),
  IP_ADDRESS: z.string(),
  REFERER_IP_ADDRESS: z.string(),
  ProductLine: z.string(),
  RateFileVersion: z.string(),
  PID: z.string(),
  Account: z.string(),
  Acquisition: z.string(),
  Active: z.boolean(),
  ConsumerID: z.string(),
  ActivationID: z.string(),
  Feature: z.string(),
  Project: z.string(),
  productVersion: z.string(),
  Hours: z.number(),
  Charge: z.number(),
  Currency: z.string(),
  [CLOUD_JOB_FIELD]: z.string().nullable(),
}) satisfies z.ZodType<UsageRow>

const usageList = declareList({
  path: '/fetchUsage',
  tag: TAG,
  rows: 'customer’s usage sessions',
  // A page holds only the attributes it names.
  row: usageRow.partial(),
  caller: 'customer-reader',
  scope: {
    customerNumber: customerNumberSchema,
    customerName: singleLine().max(500).optional(),
    /** One licence server's sessions only. */
    serverId: singleLine().trim().max(200).nullish(),
  },
})

const pageInput = usageList.page.input.extend({
  /** The attributes each row holds; every one when none are named. */
  attributes: z.array(singleLine().min(1).max(100)).max(100).nullish(),
})

export const usageCalls = {
  list: {
    page: declareCall({
      ...usageList.page,
      description: `${usageList.page.description} Each row holds the named \`attributes\` only, when some are named.`,
      input: pageInput,
    }),
    count: usageList.count,
    distinct: declareCall({
      ...usageList.distinct,
      description: `At most ${USAGE_DISTINCT_MAX} values.`,
      input: usageList.distinct.input.extend({ limit: z.number().int().min(1).max(USAGE_DISTINCT_MAX).nullish() }),
    }),
  },
  export: declareCall({
    method: 'POST',
    path: '/fetchUsage/export',
    tag: TAG,
    summary: 'A page of an export of the customer’s usage sessions',
    description: `Refused (400) when the filter holds more than ${USAGE_EXPORT_MAX} sessions. Pages of 1000 rows unless told; a page's \`token\` (accepted by this call only) asks for the next, which starts where the last one ended.`,
    access: 'read',
    caller: 'customer-reader',
    input: pageInput,
    reply: usageList.page.reply,
    paged: true,
  }),
  lastUpdatedOn: declareCall({
    method: 'GET',
    path: '/lastupdatedon',
    tag: TAG,
    summary: 'When the newest usage session was received',
    description: "Its start or end, whichever is later, as 'YYYY-MM-DD HH:mm:ss' (UTC); null when none is stored.",
    access: 'read',
    caller: 'user',
    input: z.object({}),
    reply: replyObject({ lastUpdatedOn: z.string().nullable() }),
    envelopeFields: true,
  }),
  recordSession: declareCall({
    method: 'POST',
    path: '/usage/sessions',
    tag: TAG,
    summary: 'Records a usage session and charges it against an elastic entitlement',
    description:
      'Charged by its hours, product count and the rate of its product in the entitlement’s rate table; a session without an end is still running and costs nothing yet. Writes the low-balance e-mail when the remaining first reaches the entitlement’s threshold.',
    access: 'write',
    caller: 'session-recorder',
    input: sessionRequest,
    reply: replyObject({
      id: z.number().int(),
      hours: z.number().min(0),
      charge: z.number().min(0),
      Used: z.number(),
      Remaining: z.number(),
      notified: z.boolean(),
    }),
  }),
}

export type SessionRequest = z.output<typeof sessionRequest>
