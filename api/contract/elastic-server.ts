/**
 * The elastic licence server of a customer (spec 1 sections 5 and 7, spec 2
 * sections 5 and 7): its activated servers, the IP allow-list, the PIN and the
 * allowed usernames. Every call but the server lists names a server (`clsId`) of
 * the customer. The lists are replaced whole, and only from the list the change
 * started from, so no one overwrites a change they have not seen.
 */
import { z } from 'zod'
import { customerNumberSchema } from '../../app/domain/customer-number'
import { MAX_USERNAMES, pinSchema, usernamesSchema } from '../../app/domain/elastic-credentials'
import { MAX_RULES, whitelistSchema } from '../../app/domain/ip-rules'
import { singleLine } from '../text-schemas'
import { declareCall, replyObject } from './define'

const TAG = 'Elastic licence server'

const clsIdSchema = z
  .union([singleLine(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(singleLine().min(1, 'clsId is required').max(100, 'clsId is too long'))

const optionalName = singleLine().max(500).optional()

const serverRequest = z.object({
  customerNumber: customerNumberSchema,
  clsId: clsIdSchema,
  customerName: optionalName,
})

// The list a change started from is compared, not validated: it may hold what is no longer allowed.
const looseRules = z
  .array(z.object({ rulename: singleLine().max(10_000), ipaddress: singleLine().max(10_000) }))
  .max(MAX_RULES * 10)
const looseUsers = z.array(singleLine().max(10_000)).max(MAX_USERNAMES * 10)

/** Without the list it started from, a save could overwrite someone else's unseen. */
const requireStartingList =
  <Field extends string>(field: Field) =>
  (request: Partial<Record<Field, unknown>>, ctx: z.RefinementCtx) => {
    if (request[field] === undefined) {
      ctx.addIssue({ code: 'custom', path: [field], message: 'the list the change started from is required' })
    }
  }

const version = () => z.number().int().min(1)

const rule = replyObject({ rulename: z.string(), ipaddress: z.string() })

const elasticServer = replyObject({ deviceId: z.string(), alias: z.string() })
/** The customer's first activated server: the one the settings screens manage. */
export type ElasticServer = z.infer<typeof elasticServer>

const READ_DESCRIPTION = 'A server of another customer is not found (404).'
const WRITE_DESCRIPTION =
  'Refused to view-only users (403) before the server is looked for; a server of another customer is not found (404).'

export const elasticServerCalls = {
  activatedServers: declareCall({
    method: 'POST',
    path: '/activatedelasticservers',
    tag: TAG,
    summary: 'The customer’s activated elastic servers, oldest first, or only the one named `server`',
    access: 'read',
    caller: 'customer-reader',
    input: z.object({
      customerNumber: customerNumberSchema,
      customername: optionalName,
      server: singleLine().trim().max(100).optional(),
    }),
    reply: z.array(replyObject({ DeviceID: z.string(), Alias: z.string() })),
  }),
  firstServer: declareCall({
    method: 'POST',
    path: '/devices/elastic',
    tag: TAG,
    summary: 'The customer’s first activated elastic server, or null when it has none',
    access: 'read',
    caller: 'customer-reader',
    input: z.object({ customerNumber: customerNumberSchema, customerName: optionalName }),
    reply: elasticServer.nullable(),
  }),
  getIps: declareCall({
    method: 'POST',
    path: '/getips',
    tag: TAG,
    summary: 'The server’s IP allow-list and its version',
    description: `An empty list accepts every address. ${READ_DESCRIPTION}`,
    access: 'read',
    caller: 'customer-reader',
    input: serverRequest,
    reply: replyObject({ whitelist: z.array(rule), version: version() }),
  }),
  setIps: declareCall({
    method: 'POST',
    path: '/setips',
    tag: TAG,
    summary: 'Replaces the server’s IP allow-list',
    description: `At most ${MAX_RULES} rules. \`oldWhitelist\` is the list the change started from: when the stored one differs, nothing is saved (409). ${WRITE_DESCRIPTION}`,
    access: 'write',
    caller: 'customer-writer',
    input: z
      .object({
        customerNumber: customerNumberSchema,
        clsId: clsIdSchema,
        whitelist: whitelistSchema,
        oldWhitelist: looseRules.optional(),
      })
      .superRefine(requireStartingList('oldWhitelist')),
    reply: replyObject({ whitelist: z.array(rule), version: version(), changed: z.boolean() }),
  }),
  getPin: declareCall({
    method: 'POST',
    path: '/getpin',
    tag: TAG,
    summary: 'The server’s PIN',
    description: `Not found (404) while the server has none. ${READ_DESCRIPTION}`,
    access: 'read',
    caller: 'customer-reader',
    input: serverRequest,
    reply: replyObject({ pin: z.string() }),
  }),
  changePin: declareCall({
    method: 'POST',
    path: '/changepin',
    tag: TAG,
    summary: 'Sets the server’s PIN',
    description: `With \`onlyIfUnset\`, a PIN that exists already is kept (\`changed\` false). ${WRITE_DESCRIPTION}`,
    access: 'write',
    caller: 'customer-writer',
    input: z.object({
      customerNumber: customerNumberSchema,
      clsId: clsIdSchema,
      pin: pinSchema,
      onlyIfUnset: z.boolean().optional(),
    }),
    reply: replyObject({ changed: z.boolean(), version: version() }),
  }),
  getUsers: declareCall({
    method: 'POST',
    path: '/getUsers',
    tag: TAG,
    summary: 'The usernames allowed on the server and the list’s version',
    description: READ_DESCRIPTION,
    access: 'read',
    caller: 'customer-reader',
    input: serverRequest,
    reply: replyObject({ users: z.array(z.string()), version: version() }),
  }),
  saveUsers: declareCall({
    method: 'POST',
    path: '/saveUsers',
    tag: TAG,
    summary: 'Replaces the usernames allowed on the server',
    description: `At most ${MAX_USERNAMES} usernames. \`oldUsers\` is the list the change started from: when the stored one differs, nothing is saved (409). ${WRITE_DESCRIPTION}`,
    access: 'write',
    caller: 'customer-writer',
    input: z
      .object({
        customerNumber: customerNumberSchema,
        clsId: clsIdSchema,
        users: usernamesSchema,
        oldUsers: looseUsers.optional(),
      })
      .superRefine(requireStartingList('oldUsers')),
    reply: replyObject({ users: z.array(z.string()), version: version(), changed: z.boolean() }),
  }),
}
