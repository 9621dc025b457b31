/**
 * Licence hosts (spec 3 sections 3 to 7): a customer's hosts, adding one, the
 * customers of a host's shared-server group, the fulfilment history of hosts,
 * Manage Activations' deactivate, rehost and remove, setting and leaving the
 * group, reading a host from an uploaded licence file, and the account lists of
 * the activation editor's customer tabs and search.
 */
import { z } from 'zod'
import { singleLine } from '../text-schemas'
import {
  BORROWABLE_FIELD,
  HOST_STATES,
  UPLOAD_LIMIT_BYTES,
  type AccountRef,
  type AddServerResult,
  type HistoryFulfillment,
  type HostHistory,
  type HostMoveResult,
  type ServerSummary,
  type UploadedServer,
} from '../../app/domain/activation-types'
import { customerNumberSchema } from '../../app/domain/customer-number'
import { declareCall, replyObject } from './define'
import { pageRequestSchema } from './list-requests'

const TAG = 'Licence hosts'
const ACCOUNTS_TAG = 'Accounts'

const text = singleLine().max(1000)
const customerEmail = singleLine().max(320).nullish()
const count = () => z.number().int().min(0)

/** A call about one host of the customer's, as spec 3's customers, override and shared-server calls name it. */
const hostCallSchema = z.object({
  customerNumber: customerNumberSchema,
  customerEmail,
  hostId: text.nullish(),
  hostIdType: text.nullish(),
})

export type HostCall = z.infer<typeof hostCallSchema>

/** Spec 3 section 9: the customer search lists at most 100 accounts, the probing call 2 unless told. */
export const MAX_ACCOUNTS = 100
const PROBE_ACCOUNTS = 2

const MAX_EXPORT_HOSTS = 100

/** The most customers one group may be set to. */
const MAX_GROUP = 100

/** The fields of POST /uploadserverid's form besides the file. */
export const uploadFieldsSchema = z.object({ customerNumber: customerNumberSchema })

const serverSummarySchema = replyObject({
  /** The host's record id. */
  id: z.number().int(),
  /** One name, or three comma-separated for a triad. */
  name: z.string(),
  state: z.enum(HOST_STATES),
  /** 1 or 3 lowercase ids, comma-separated. */
  serverId: z.string(),
  /** The ids' types, comma-separated. */
  serverIdType: z.string(),
  portNumber: z.number().int(),
  triad: z.boolean(),
  [BORROWABLE_FIELD]: z.boolean(),
  /** The customer numbers of its shared-server group that the caller may see. */
  customers: z.array(z.string()),
}) satisfies z.ZodType<ServerSummary>

const accountRefSchema = replyObject({ AccountID: z.string(), AccountName: z.string() }) satisfies z.ZodType<AccountRef>

const historyFulfillmentSchema = replyObject({
  FulfillmentID: z.string(),
  ActivationId: z.string(),
  ProductName: z.string(),
  customerNumber: z.string(),
  /** Positive for an activation, negative for a return. */
  FulfillCount: z.number().int(),
  /** Epoch milliseconds. */
  time: z.number().int(),
  modifiedby: z.string(),
  action: z.string(),
  StartDate: z.string(),
  /** '' for a permanent entitlement. */
  EndDate: z.string(),
}) satisfies z.ZodType<HistoryFulfillment>

const hostHistorySchema = replyObject({
  serverId: z.string(),
  serverIdType: z.string(),
  name: z.string(),
  state: z.enum(HOST_STATES),
  fulfillments: z.array(historyFulfillmentSchema),
}) satisfies z.ZodType<HostHistory>

const hostMoveResultSchema = replyObject({
  /** The host acted on, as it is afterwards. */
  from: serverSummarySchema,
  /** The host a rehost moved to; null otherwise. */
  to: serverSummarySchema.nullable(),
  /** Fulfilments returned from `from`. */
  returned: count(),
  /** Fulfilments created on `to`. */
  created: count(),
}) satisfies z.ZodType<HostMoveResult>

const groupSchema = replyObject({ group: z.array(z.string()) })

const HOST_ACTION_RULES =
  'The host must be ACTIVE (409 otherwise). All or nothing in one transaction. Every customer of the host the caller is shown must be one the caller may change; a host that also holds activations of customers the caller may not see is refused (409), as is one whose activations have lapsed maintenance.'

const GROUP_RULES =
  'Only the customers the caller is shown change: those it may not see or that are under export control stay, and so does any customer that still has activations on the host. A host left with no customer becomes INACTIVE.'

export const hostCalls = {
  servers: declareCall({
    method: 'POST',
    path: '/fulfillments/servers',
    tag: TAG,
    summary: 'The customer’s hosts: every host of its shared-server groups',
    access: 'read',
    caller: 'customer-reader',
    input: z.object({ customerNumber: customerNumberSchema }),
    reply: z.array(serverSummarySchema),
  }),
  addServer: declareCall({
    method: 'POST',
    path: '/fulfillments/servers/add',
    tag: TAG,
    summary: 'Adds a host to the customer’s hosts, or reactivates an inactive host with the same ids',
    description:
      'The host name and host id checks run first (400 with the first failed check’s message). A host with the same ids is reactivated under the new name when it is inactive and no customer has it any more or it had another name; otherwise it is refused (409).',
    access: 'write',
    caller: 'customer-writer',
    input: z.object({
      customerNumber: customerNumberSchema,
      serverName: text.default(''),
      serverId: text.nullish(),
      serverIdType: text.nullish(),
      portNumber: z.number().int().min(1).max(65535).nullish(),
    }),
    reply: replyObject({
      server: serverSummarySchema,
      /** An inactive host with the same identifier was made active under the new name. */
      reactivated: z.boolean(),
    }) satisfies z.ZodType<AddServerResult>,
  }),
  hostCustomers: declareCall({
    method: 'POST',
    path: '/fulfillments/customers',
    tag: TAG,
    summary: 'The customers of a host’s shared-server group the caller is shown',
    access: 'read',
    caller: 'customer-reader',
    input: hostCallSchema,
    reply: z.array(accountRefSchema),
  }),
  override: declareCall({
    method: 'POST',
    path: '/fulfillments/override',
    tag: TAG,
    summary: 'Whether a host’s group holds customers the caller is not shown (the override warning)',
    access: 'read',
    caller: 'customer-reader',
    input: hostCallSchema,
    reply: replyObject({ warn: z.boolean() }),
  }),
  history: declareCall({
    method: 'POST',
    path: '/fulfillments/servers/export',
    tag: TAG,
    summary: 'The fulfilment history of the customer’s hosts, each activation and its return, oldest first',
    description: `hostIds is a comma-separated list of host record ids, at most ${MAX_EXPORT_HOSTS}; a host that is not the customer’s is refused (404).`,
    access: 'read',
    caller: 'customer-reader',
    input: z.object({
      customerNumber: customerNumberSchema,
      customerEmail,
      hostIds: z
        .string()
        .max(2000)
        .transform((ids) => ids.replace(/\s+/g, ''))
        .pipe(singleLine().regex(/^[1-9][0-9]{0,14}(,[1-9][0-9]{0,14})*$/, 'a comma-separated list of host record ids'))
        .transform((ids) => [...new Set(ids.split(',').map(Number))])
        .pipe(z.array(z.number()).max(MAX_EXPORT_HOSTS, `at most ${MAX_EXPORT_HOSTS} hosts`)),
      forceSync: z.boolean().nullish(),
    }),
    reply: z.array(hostHistorySchema),
  }),
  deactivate: declareCall({
    method: 'POST',
    path: '/fulfillments/servers/deactivate',
    tag: TAG,
    summary: 'Returns every activation on an active host and makes it INACTIVE',
    description: HOST_ACTION_RULES,
    access: 'write',
    caller: 'customer-writer',
    input: hostCallSchema,
    reply: hostMoveResultSchema,
  }),
  rehost: declareCall({
    method: 'POST',
    path: '/fulfillments/servers/rehost',
    tag: TAG,
    summary: 'Moves an active host’s activations to another host and makes the old one INACTIVE',
    description: `The new host is added, or the existing host of its ids reused, with the same counts and borrowable flag, and the moved customers join its shared-server group. ${HOST_ACTION_RULES}`,
    access: 'write',
    caller: 'customer-writer',
    input: hostCallSchema.extend({
      serverName: text.default(''),
      serverId: text.nullish(),
      serverIdType: text.nullish(),
    }),
    reply: hostMoveResultSchema,
  }),
  remove: declareCall({
    method: 'POST',
    path: '/fulfillments/servers/remove',
    tag: TAG,
    summary: 'Deletes an inactive host from the customer’s hosts; its history stays',
    description: 'A host that is not INACTIVE is refused (409).',
    access: 'write',
    caller: 'customer-writer',
    input: hostCallSchema,
    reply: hostMoveResultSchema,
  }),
  setGroup: declareCall({
    method: 'POST',
    path: '/sharedserver',
    tag: TAG,
    summary: 'Sets a host’s shared-server group: the customers whose activations its licence file holds',
    description: `At most ${MAX_GROUP} customers; each must be one the caller may see and, but for the caller’s customer, have activations on the host (409). ${GROUP_RULES}`,
    access: 'write',
    caller: 'customer-writer',
    input: hostCallSchema.extend({ group: z.array(customerNumberSchema).max(MAX_GROUP) }),
    reply: groupSchema,
  }),
  deactivateGroup: declareCall({
    method: 'POST',
    path: '/sharedserver/deactivate',
    tag: TAG,
    summary: 'Drops from a host’s group the customers left without activations on it',
    description: GROUP_RULES,
    access: 'write',
    caller: 'customer-writer',
    input: hostCallSchema,
    reply: groupSchema,
  }),
  leaveGroup: declareCall({
    method: 'POST',
    path: '/sharedserver/remove',
    tag: TAG,
    summary: 'The customer leaves a host’s shared-server group (removing the host)',
    description: `Refused (409) while the customer still has activations on the host. ${GROUP_RULES}`,
    access: 'write',
    caller: 'customer-writer',
    input: hostCallSchema,
    reply: replyObject({ removed: z.literal(true) }),
  }),
  upload: declareCall({
    method: 'POST',
    path: '/uploadserverid',
    tag: TAG,
    summary: 'Reads the host a licence file names (its SERVER lines), as the Add New Host dialog fills it in',
    description:
      'Stores nothing. The file comes as multipart/form-data; a missing, oversized or binary file, or one without usable SERVER lines, is refused (400) with the reason. A JSON body only names the customer, and is refused as not a form.',
    access: 'read',
    caller: 'customer-reader',
    input: z.object({ customerNumber: z.optional(customerNumberSchema) }),
    reply: replyObject({
      serverName: z.string(),
      serverId: z.string(),
      serverIdType: z.string(),
      quorum: z.number().int(),
      numServers: z.number().int(),
    }) satisfies z.ZodType<UploadedServer>,
    form: {
      maxFileBytes: UPLOAD_LIMIT_BYTES,
      fields: { file: 'The licence file (plain text).', customerNumber: 'The customer the host is for.' },
    },
  }),
  accounts: declareCall({
    method: 'POST',
    path: '/accounts',
    tag: ACCOUNTS_TAG,
    summary: 'The first accounts the user may see (2 unless told: whether there is more than one)',
    description: `limit is at most ${MAX_ACCOUNTS}; a customerNumber, when sent, must be one the user may see.`,
    access: 'read',
    caller: 'customer-reader',
    input: z.object({
      customerNumber: z.optional(customerNumberSchema),
      customerEmail,
      limit: z.number().int().min(1).max(MAX_ACCOUNTS).default(PROBE_ACCOUNTS),
    }),
    reply: z.array(accountRefSchema),
  }),
  customerAccounts: declareCall({
    method: 'POST',
    path: '/getCustomerAccounts',
    tag: ACCOUNTS_TAG,
    summary: 'A page of the accounts the user may see, filtered and sorted (the editor’s customer search)',
    description: `At most ${MAX_ACCOUNTS} a page; a \`token\` in the reply asks for the next page.`,
    access: 'read',
    caller: 'user',
    input: pageRequestSchema.extend({
      limit: z.number().int().min(1).max(MAX_ACCOUNTS).nullish(),
      customerEmail,
    }),
    reply: z.array(accountRefSchema),
    paged: true,
  }),
}
