/**
 * API: the fulfilment engine (spec 3 sections 3 to 7); its calls are declared in
 * api/contract/fulfillments.
 *
 * POST /fulfillments/allentitlements -> every activatable entitlement of the customer with its counts
 *      on the host (0 on a host that is new or has none of them)
 * POST /fulfillments/entitlements -> the rows with a count on the host
 * POST /fulfillments/create (counts > 0) and /fulfillments/return (counts < 0) -> the fulfilments
 *      written or made inactive
 *
 * The invariant: an entitlement's active fulfilments never sum to more than its
 * quantity. Create and return each run as one immediate transaction (the write
 * lock is taken before the first read), so the check and the write see the same
 * data whichever process of the cluster runs them; any refusal writes nothing.
 * A return names exactly what is active (minus the count): a page showing older
 * counts is refused rather than returning what someone else added since.
 */
import { transact } from '../db/transact'
import { randomBytes } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import { fulfillments, hostAccounts, hosts } from '../db/tables'
import { todayUtc } from '../app/domain/entitlements'
import { hostIdentifier } from '../app/domain/host-id'
import { ACTIVATED_FIELD, type FulfillmentResult, type HostRef } from '../app/domain/activation-types'
import { ACTIVATION_MESSAGES, createRefusal, repeatedActivation } from '../app/domain/activation-rules'
import { requireActivationAccess } from './activation-access'
import { activationRows, activeFulfillmentsOn, activeTotal, customerEntitlement } from './activation-rows'
import { recordAudit } from './audit-log'
import type { ApiUser } from './auth'
import type { CallTable } from './call-table'
import type { ParsedInput } from './contract/define'
import { fulfillmentCalls as declared } from './contract/fulfillments'
import { ApiError, badRequest, notFound } from './envelope'
import { findHost, requireHostIds, type Host } from './host-lookup'
import type { ApiDeps } from './index'

const conflict = (message: string) => new ApiError(409, message)

type RowsInput = ParsedInput<typeof declared.allEntitlements>
type FulfillmentInput = ParsedInput<typeof declared.create>

/**
 * The host whose counts a read is about: null when no id is given (a new host)
 * or none has these ids. Without a type, the ids alone find it (each id type
 * has its own form, so they name one host at most).
 */
async function hostForCounts(db: Db, ref: Partial<HostRef>): Promise<Host | null> {
  if (!ref.serverId) return null
  if (ref.serverIdType) return (await findHost(db, requireHostIds(ref))) ?? null
  const ids = ref.serverId
    .split(',')
    .map((id) => id.trim().toLowerCase())
    .join(',')
  return (await db.select().from(hosts).where(eq(hosts.hostIds, ids)))[0] ?? null
}

async function rows(db: Db, user: ApiUser, input: RowsInput) {
  const { account } = await requireActivationAccess(db, user, input.customerNumber)
  const host = await hostForCounts(db, input)
  return await activationRows(db, account.accountId, {
    hostId: host?.id ?? null,
    today: todayUtc(),
    activeOnly: input.activeOnly,
    sumOnly: input.sumOnly,
  })
}

/** A new fulfilment's id, as the licensing system names them. */
export const newFulfillmentId = () => `FID-${randomBytes(8).toString('hex').toUpperCase()}`

function checkedOperations(input: FulfillmentInput) {
  const repeated = repeatedActivation(input.activations)
  if (repeated) throw badRequest(`activations: ${repeated} is named more than once`)
  return input.activations
}

async function createFulfillments(db: Db, user: ApiUser, input: FulfillmentInput): Promise<FulfillmentResult> {
  const { account } = await requireActivationAccess(db, user, input.customerNumber, { write: true })
  const ids = requireHostIds(input)
  const operations = checkedOperations(input)
  const today = todayUtc()
  return await transact(db, async (tx) => {
    const host = await findHost(tx, ids)
    if (!host) throw notFound(`Server ${hostIdentifier(ids)} does not exist.`)
    if (host.state === 'INACTIVE') throw conflict(ACTIVATION_MESSAGES.inactiveHost(`${host.name} (${host.identifier})`))
    const joined = !(
      await tx
        .select({ hostId: hostAccounts.hostId })
        .from(hostAccounts)
        .where(and(eq(hostAccounts.hostId, host.id), eq(hostAccounts.accountId, account.accountId)))
    )[0]
    if (joined) await tx.insert(hostAccounts).values({ hostId: host.id, accountId: account.accountId })
    const onHost = await activeFulfillmentsOn(tx, host.id, account.accountId)
    const now = Date.now()
    const written: FulfillmentResult['fulfillments'] = []
    const before: Record<string, number> = {}
    for (const op of operations) {
      const e = await customerEntitlement(tx, account.accountId, op.id)
      if (!e) throw notFound(`${op.id} is not an entitlement of customer ${account.accountId}`)
      const refusal = createRefusal({ ...e, activeTotal: await activeTotal(tx, e.id) }, op.count, today)
      if (refusal) throw conflict(refusal)
      before[op.id] = onHost.filter((f) => f.entitlementId === e.id).reduce((sum, f) => sum + f.count, 0)
      const fulfillmentId = newFulfillmentId()
      await tx.insert(fulfillments).values({
        fulfillmentId,
        entitlementId: e.id,
        hostId: host.id,
        accountId: account.accountId,
        count: op.count,
        status: 'ACTIVE',
        action: input.action ?? 'EDIT',
        modifiedBy: user.email,
        fulfilledAt: now,
      })
      written.push({ FulfillmentID: fulfillmentId, FulfillCount: op.count, ActivationId: e.activationId })
    }
    await recordAudit(tx, {
      actorEmail: user.email,
      accountId: account.accountId,
      area: 'activations',
      action: 'create',
      before: { host: host.identifier, joinedGroup: joined, [ACTIVATED_FIELD]: before },
      after: {
        host: host.identifier,
        [ACTIVATED_FIELD]: Object.fromEntries(operations.map((op) => [op.id, before[op.id] + op.count])),
        fulfillments: written.map((f) => f.FulfillmentID),
      },
    })
    return { fulfillments: written }
  })
}

async function returnFulfillments(db: Db, user: ApiUser, input: FulfillmentInput): Promise<FulfillmentResult> {
  const { account } = await requireActivationAccess(db, user, input.customerNumber, { write: true })
  const ids = requireHostIds(input)
  const operations = checkedOperations(input)
  return await transact(db, async (tx) => {
    const host = await findHost(tx, ids)
    if (!host) throw notFound(`Server ${hostIdentifier(ids)} does not exist.`)
    const onHost = await activeFulfillmentsOn(tx, host.id, account.accountId)
    const now = Date.now()
    const returned: FulfillmentResult['fulfillments'] = []
    const before: Record<string, number> = {}
    for (const op of operations) {
      const e = await customerEntitlement(tx, account.accountId, op.id)
      if (!e) throw notFound(`${op.id} is not an entitlement of customer ${account.accountId}`)
      const active = onHost.filter((f) => f.entitlementId === e.id)
      before[op.id] = active.reduce((sum, f) => sum + f.count, 0)
      if (before[op.id] !== -op.count) throw conflict(ACTIVATION_MESSAGES.changed)
      await tx
        .update(fulfillments)
        .set({ status: 'INACTIVE', returnedAt: now, returnedBy: user.email })
        .where(
          inArray(
            fulfillments.id,
            active.map((f) => f.id),
          ),
        )
      returned.push(
        ...active.map((f) => ({
          FulfillmentID: f.fulfillmentId,
          FulfillCount: f.count,
          ActivationId: e.activationId,
        })),
      )
    }
    await recordAudit(tx, {
      actorEmail: user.email,
      accountId: account.accountId,
      area: 'activations',
      action: 'return',
      before: { host: host.identifier, [ACTIVATED_FIELD]: before },
      after: {
        host: host.identifier,
        [ACTIVATED_FIELD]: Object.fromEntries(operations.map((op) => [op.id, 0])),
        fulfillments: returned.map((f) => f.FulfillmentID),
      },
    })
    return { fulfillments: returned }
  })
}

export function fulfillmentCalls(calls: CallTable, { db }: ApiDeps) {
  calls.implement(declared.allEntitlements, async ({ input, user }) => await rows(db, user, input))
  calls.implement(declared.hostEntitlements, async ({ input, user }) =>
    (await rows(db, user, input)).filter((row) => row[ACTIVATED_FIELD] > 0),
  )
  calls.implement(declared.create, async ({ input, user }) => await createFulfillments(db, user, input))
  calls.implement(declared.return, async ({ input, user }) => await returnFulfillments(db, user, input))
}
