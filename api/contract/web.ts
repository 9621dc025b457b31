/**
 * Web licensing's management calls (issue 35, decision 0028): a customer's web
 * entitlements (shared web seats and named-user seats), its web users and groups,
 * who may take which seat (assignments), and the import of users from a CSV file.
 * Reads are open to whoever may see the customer; changes to whoever may change it
 * (not view-only users). Every change is one transaction with its invariant checked
 * inside it, and is audited (area `web`).
 */
import { z } from 'zod'
import { customerNumberSchema } from '../../app/domain/customer-number'
import { hasControlCharacter } from '../../app/domain/free-text'
import { WEB_ENTITLEMENT_TYPES, WEB_ROLES } from '../../app/domain/web-licenses'
import {
  MAX_GROUP_NAME_LENGTH,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  MAX_WEB_NAME_LENGTH,
} from '../../app/domain/web-user-import'
import { emailFormatValid, MAX_EMAIL_LENGTH } from '../../app/domain/portal-access'
import { singleLine } from '../text-schemas'
import { day, declareCall, replyObject } from './define'
import { declareList } from './lists'

const TAG = 'Web licensing'

/** The most e-mail addresses or user ids one change may name. */
export const MAX_WEB_BATCH = 500

const customer = { customerNumber: customerNumberSchema }
const id = () => z.number().int().min(1)
const count = () => z.number().int().min(0)
const activationId = () => singleLine().trim().min(1).max(200)
const email = () =>
  singleLine()
    .trim()
    .max(MAX_EMAIL_LENGTH)
    .refine(emailFormatValid, 'is not a valid e-mail address')
    .transform((e) => e.toLowerCase())
const personName = () => singleLine().trim().min(1, 'name is required').max(MAX_WEB_NAME_LENGTH)
const groupName = () => singleLine().trim().min(1, 'name is required').max(MAX_GROUP_NAME_LENGTH)
const description = () => singleLine().trim().max(500)
/** A removal that would end running seats or free named seats needs `confirm: true` (409 otherwise). */
const confirm = () => z.boolean().default(false)

const TERM_STATES = ['not-started', 'in-term', 'ended'] as const

/* ---------------------------------------------------------------- rows */

const entitlementRow = replyObject({
  activationId: z.string(),
  product: z.string(),
  productName: z.string(),
  type: z.enum(WEB_ENTITLEMENT_TYPES),
  /** The entitlement's quantity: concurrent seats (shared) or people (named). */
  seats: count(),
  /** Shared: seats taken now (running checkouts). Named: 0. */
  inUse: count(),
  /** Named: the people holding a seat. Shared: 0. */
  holders: count(),
  /** Shared: seats free now; named: the allowed number left. */
  free: count(),
  /** The groups it is assigned to, by name. */
  groups: z.array(z.string()),
  /** Named: the users given a seat directly (current ones). */
  users: count(),
  startDate: day(),
  endDate: day().nullable(),
  termState: z.enum(TERM_STATES),
})

const userRow = replyObject({
  id: id(),
  email: z.string(),
  name: z.string(),
  role: z.enum(WEB_ROLES),
  /** The groups the user is a member of, by name. */
  groups: z.array(z.string()),
  /** Running checkouts. */
  checkouts: count(),
})

const groupRow = replyObject({
  id: id(),
  name: z.string(),
  description: z.string(),
  members: count(),
  /** The web entitlements assigned to the group, by product name. */
  entitlements: z.array(z.string()),
})

const userRef = replyObject({ id: id(), email: z.string(), name: z.string(), role: z.enum(WEB_ROLES) })
const groupRef = replyObject({ id: id(), name: z.string() })
const entitlementRef = replyObject({
  activationId: z.string(),
  productName: z.string(),
  type: z.enum(WEB_ENTITLEMENT_TYPES),
})

export type WebEntitlementRow = z.infer<typeof entitlementRow>
export type WebUserRow = z.infer<typeof userRow>
export type WebGroupRow = z.infer<typeof groupRow>

/* ---------------------------------------------------------------- lists */

export const webLists = {
  entitlements: declareList({
    path: '/web/entitlements',
    tag: TAG,
    rows: 'customer’s web entitlements, with seats in use, holders and what is left',
    row: entitlementRow,
    caller: 'customer-reader',
    scope: customer,
  }),
  users: declareList({
    path: '/web/users',
    tag: TAG,
    rows: 'customer’s web licence users',
    row: userRow,
    caller: 'customer-reader',
    scope: customer,
  }),
  groups: declareList({
    path: '/web/groups',
    tag: TAG,
    rows: 'customer’s web licence groups',
    row: groupRow,
    caller: 'customer-reader',
    scope: customer,
  }),
}

/* ---------------------------------------------------------------- one item */

const read = { tag: TAG, access: 'read', caller: 'customer-reader', method: 'POST' } as const
const write = { tag: TAG, access: 'write', caller: 'customer-writer', method: 'POST' } as const

const seatHolder = replyObject({
  id: id(),
  email: z.string(),
  name: z.string(),
  /** 'YYYY-MM-DD' or null: the seat lasts as long as the entitlement. */
  endDate: day().nullable(),
})

const checkoutRef = replyObject({
  checkoutId: z.string(),
  productName: z.string(),
  clientHost: z.string(),
  /** Epoch milliseconds. */
  startedAt: z.number().int(),
  leaseExpiresAt: z.number().int(),
})

const userDetail = replyObject({
  user: userRef,
  groups: z.array(groupRef),
  /**
   * What the user may use and why: a direct named seat (`seat`, with its end date), a group it is
   * assigned to (`group`, named), or a shared entitlement assigned to no group (`everyone`).
   */
  entitlements: z.array(
    replyObject({
      activationId: z.string(),
      productName: z.string(),
      type: z.enum(WEB_ENTITLEMENT_TYPES),
      through: z.enum(['seat', 'group', 'everyone']),
      group: z.string().nullable(),
      endDate: day().nullable(),
    }),
  ),
  checkouts: z.array(checkoutRef),
})

const groupDetail = replyObject({
  group: replyObject({ id: id(), name: z.string(), description: z.string() }),
  members: z.array(userRef),
  entitlements: z.array(entitlementRef),
})

const entitlementDetail = replyObject({
  entitlement: entitlementRow,
  assignedGroups: z.array(groupRef),
  /** Named: the direct seat holders (current and past their end date). */
  seats: z.array(seatHolder),
})

const removal = replyObject({
  removed: z.boolean(),
  /** Running checkouts ended by the removal (a user's). */
  endedCheckouts: count(),
})

const importRow = replyObject({
  /** The row's line in the file (the header is line 1). */
  row: z.number().int().min(1),
  email: z.string(),
  outcome: z.enum(['added', 'already-there', 'refused']),
  reason: z.string().optional(),
})

export type WebImportRow = z.infer<typeof importRow>

const SEATS_RULE =
  'A named entitlement never has more holders than seats: a change that would add more is refused (400) with the numbers.'

export const webCalls = {
  user: declareCall({
    ...read,
    path: '/web/user',
    summary: 'One web user: groups, what the user may use and the running checkouts',
    input: z.object({ ...customer, userId: id() }),
    reply: userDetail,
  }),
  group: declareCall({
    ...read,
    path: '/web/group',
    summary: 'One web group: members and the entitlements assigned to it',
    input: z.object({ ...customer, groupId: id() }),
    reply: groupDetail,
  }),
  entitlement: declareCall({
    ...read,
    path: '/web/entitlement',
    summary: 'One web entitlement: its figures, the groups it is assigned to and its direct seat holders',
    input: z.object({ ...customer, activationId: activationId() }),
    reply: entitlementDetail,
  }),

  addUser: declareCall({
    ...write,
    path: '/web/users/add',
    summary: 'Adds a web user (409 when the e-mail is already one of the customer’s)',
    input: z.object({ ...customer, email: email(), name: personName(), role: z.enum(WEB_ROLES).default('member') }),
    reply: userRef,
  }),
  changeUser: declareCall({
    ...write,
    path: '/web/users/change',
    summary: 'Changes a web user’s name and role',
    input: z.object({ ...customer, userId: id(), name: personName(), role: z.enum(WEB_ROLES) }),
    reply: userRef,
  }),
  removeUser: declareCall({
    ...write,
    path: '/web/users/remove',
    summary: 'Removes a web user, ending the user’s running checkouts at once',
    description:
      'A user who holds a named seat or a running checkout is removed only with `confirm: true` (409 with what would be lost otherwise).',
    input: z.object({ ...customer, userId: id(), confirm: confirm() }),
    reply: removal,
  }),
  importUsers: declareCall({
    ...write,
    path: '/web/users/import',
    summary: 'Imports web users from CSV text, with a report per row',
    description: `Header \`email,name,role,groups\` (role and groups optional, groups separated by ';' and created when missing); at most ${MAX_IMPORT_ROWS} rows and ${MAX_IMPORT_BYTES / 1_000_000} MB. A file that cannot be read is refused whole (400). Otherwise every row is answered: added, already there (then only added to the groups it names) or refused with the reason (bad e-mail, missing name, unknown role, duplicate in the file, a named seat limit reached through a group). The rows that are fine are added in one transaction; the refused change nothing.`,
    input: z.object({
      ...customer,
      csv: z
        .string()
        .max(MAX_IMPORT_BYTES)
        // A file's own line breaks and tabs are its text; any other control character is refused.
        .refine((text) => !hasControlCharacter(text.replace(/[\t\r\n]/g, '')), {
          message: 'must not contain control characters other than line breaks and tabs',
        }),
    }),
    reply: replyObject({
      rows: z.array(importRow),
      added: count(),
      alreadyThere: count(),
      refused: count(),
      /** Groups the import created, by name. */
      groupsCreated: z.array(z.string()),
    }),
  }),

  addGroup: declareCall({
    ...write,
    path: '/web/groups/add',
    summary: 'Creates a web group (409 when the name, ignoring case, is taken)',
    input: z.object({ ...customer, name: groupName(), description: description().default('') }),
    reply: groupRef,
  }),
  changeGroup: declareCall({
    ...write,
    path: '/web/groups/change',
    summary: 'Renames a web group or changes its description',
    input: z.object({ ...customer, groupId: id(), name: groupName(), description: description().default('') }),
    reply: groupRef,
  }),
  removeGroup: declareCall({
    ...write,
    path: '/web/groups/remove',
    summary: 'Deletes a web group',
    description:
      'A group with members or assignments is deleted only with `confirm: true` (409 otherwise). Its members stay users of the customer.',
    input: z.object({ ...customer, groupId: id(), confirm: confirm() }),
    reply: removal,
  }),
  addMembers: declareCall({
    ...write,
    path: '/web/groups/members/add',
    summary: 'Adds web users to a group by e-mail',
    description: `Every e-mail must be a web user of the customer (400 naming those that are not). ${SEATS_RULE}`,
    input: z.object({ ...customer, groupId: id(), emails: z.array(email()).min(1).max(MAX_WEB_BATCH) }),
    reply: replyObject({ added: count(), alreadyMembers: count() }),
  }),
  removeMember: declareCall({
    ...write,
    path: '/web/groups/members/remove',
    summary: 'Takes a web user out of a group',
    input: z.object({ ...customer, groupId: id(), userId: id() }),
    reply: removal,
  }),

  assignGroup: declareCall({
    ...write,
    path: '/web/assignments/group',
    summary: 'Assigns a web entitlement to a group',
    description: `Shared: only the members of its groups may then take a seat. Named: each member holds a seat. ${SEATS_RULE}`,
    input: z.object({ ...customer, activationId: activationId(), groupId: id() }),
    reply: entitlementDetail,
  }),
  unassignGroup: declareCall({
    ...write,
    path: '/web/assignments/group/remove',
    summary: 'Removes a web entitlement’s assignment to a group',
    description: 'Running checkouts are not ended; the next checkout follows the new assignments.',
    input: z.object({ ...customer, activationId: activationId(), groupId: id() }),
    reply: entitlementDetail,
  }),
  assignUsers: declareCall({
    ...write,
    path: '/web/assignments/users',
    summary: 'Gives web users a named seat, optionally until an end date',
    description: `Named entitlements only (a shared one is assigned to groups, 400). A user who already has a seat gets the new end date. ${SEATS_RULE}`,
    input: z.object({
      ...customer,
      activationId: activationId(),
      emails: z.array(email()).min(1).max(MAX_WEB_BATCH),
      endDate: day().nullish(),
    }),
    reply: entitlementDetail,
  }),
  unassignUser: declareCall({
    ...write,
    path: '/web/assignments/users/remove',
    summary: 'Takes a web user’s direct named seat away',
    description: 'Running checkouts are not ended; the next checkout is refused.',
    input: z.object({ ...customer, activationId: activationId(), userId: id() }),
    reply: entitlementDetail,
  }),
  setSeats: declareCall({
    ...write,
    path: '/web/assignments/matrix',
    summary: 'Sets the direct seat holders of a named entitlement (the assignment matrix)',
    description: `\`previous\` is the holders the caller saw: when they are not what is stored, someone changed them first and the change is refused (409, nothing lost). Seats kept keep their end date; new ones have none. ${SEATS_RULE}`,
    input: z.object({
      ...customer,
      activationId: activationId(),
      holders: z.array(id()).max(MAX_WEB_BATCH),
      previous: z.array(id()).max(MAX_WEB_BATCH),
    }),
    reply: entitlementDetail,
  }),
}
