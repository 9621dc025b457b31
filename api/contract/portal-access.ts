/** Who has access to the licensing portal for a customer: its contacts and their roles. */
import { z } from 'zod'
import { customerNumberSchema } from '../../app/domain/customer-number'
import { MAX_CONTACTS, PORTAL_ACCESS_MESSAGES as M, PORTAL_ROLES } from '../../app/domain/portal-access'
import { singleLine } from '../text-schemas'
import { declareCall, replyObject } from './define'

const TAG = 'Portal access'

/** A contact as stored: the user's e-mail (lower case) and role. */
export const contact = replyObject({ email: z.string(), role: z.enum(PORTAL_ROLES) })

/** A contact as sent; checked field by field afterwards so every problem gets the spec's message. */
export const wireContact = z.object({
  email: singleLine().max(10_000).nullish(),
  role: singleLine().max(100).nullish(),
})
export type WireContact = z.infer<typeof wireContact>

export const portalAccessCalls = {
  get: declareCall({
    method: 'POST',
    path: '/getportalaccess',
    tag: TAG,
    summary: 'The customer’s contacts with portal access: e-mail and role',
    access: 'read',
    caller: 'customer-reader',
    input: z.object({ customerNumber: customerNumberSchema }),
    reply: z.array(contact),
  }),
  set: declareCall({
    method: 'POST',
    path: '/setportalaccess',
    tag: TAG,
    summary: 'Replaces the customer’s contacts; answers the saved list',
    description: [
      '`oldContacts` is the list the change was made from: when it is no longer what is stored (someone else saved',
      'first) the call is refused (409) and nothing changes. Every contact needs an active user with a corporate',
      'e-mail; only an Administrator or a Support Coordinator grants or changes Administrator; the Support',
      `Coordinator role is granted by the Account Manager; nobody changes their own row; at most ${MAX_CONTACTS}.`,
    ].join(' '),
    access: 'write',
    caller: 'customer-writer',
    input: z.object({
      customerNumber: customerNumberSchema,
      newContacts: z.array(wireContact).max(MAX_CONTACTS, M.tooMany),
      oldContacts: z.array(wireContact).max(MAX_CONTACTS, M.tooMany),
    }),
    reply: z.array(contact),
  }),
}
