/**
 * Licence files in FlexNet format (spec 3 section 7): a customer's text for a
 * host, the host's merged file, its preview before changes, sending it by
 * e-mail, and checking a licence file someone has.
 */
import { z } from 'zod'
import { customerNumberSchema } from '../../app/domain/customer-number'
import {
  BORROWED_FIELD,
  UPLOAD_LIMIT_BYTES,
  type LicenseEmailResult,
  type LicenseFile,
  type LicensePreview,
} from '../../app/domain/activation-types'
import { LICENSE_CHECK_MESSAGES, type LicenseCheck } from '../../app/domain/license-check'
import { singleLine } from '../text-schemas'
import { declareCall, replyObject } from './define'
import { customerFields, hostFields } from './fulfillments'

const TAG = 'Licence files'

const hostRequest = z.object({ ...customerFields, ...hostFields })

const licenseRequest = hostRequest.extend({
  time: singleLine().max(100).optional(),
  /** The editor's Borrowable checkbox: BORROW on the lines of borrowable entitlements; stored on the host. */
  [BORROWED_FIELD]: z.boolean().optional(),
})

const licenseFile = replyObject({
  licenseText: z.string(),
  licenseFileName: z.string(),
  shared: z.boolean(),
  customers: z.array(z.string()),
}) satisfies z.ZodType<LicenseFile>

const checkedGrant = replyObject({
  lineNumber: z.number().int(),
  keyword: z.string(),
  genuine: z.boolean(),
  problems: z.array(z.string()),
  feature: z.string(),
  productName: z.string().nullable(),
  activationId: z.string().nullable(),
  count: z.string(),
  expiry: z.string(),
  start: z.string().nullable(),
  version: z.string(),
  borrowing: z.string(),
  lockedTo: z.string().nullable(),
  customerNumber: z.string().nullable(),
})

const licenseCheck = replyObject({
  genuine: z.boolean(),
  host: replyObject({ ids: z.array(z.string()), name: z.string().nullable() }),
  customers: z.array(replyObject({ number: z.string(), name: z.string() })),
  lines: z.array(checkedGrant),
  hiddenLines: z.number().int().min(0),
  strayLines: z.array(replyObject({ lineNumber: z.number().int(), text: z.string() })),
  state: z.enum(['current', 'differs', 'unknownHost']),
  differences: z.array(z.string()),
}) satisfies z.ZodType<LicenseCheck>

const NO_FILE = 'A host without activations of those customers is answered 404.'
const MERGED = 'Merged over every customer of the host’s group that the caller may see and that is export-approved.'

export const licenseFileCalls = {
  license: declareCall({
    method: 'POST',
    path: '/fulfillments/license',
    tag: TAG,
    summary: 'The customer’s licence text for the host: its activations there',
    description: `With \`${BORROWED_FIELD}\`, the host's Borrowable flag is stored when it differs (not by a view-only user: 403); sending it again changes nothing more. ${NO_FILE}`,
    access: 'read',
    caller: 'customer-reader',
    input: licenseRequest,
    reply: licenseFile,
  }),
  download: declareCall({
    method: 'POST',
    path: '/fulfillments/download',
    tag: TAG,
    summary: 'The host’s licence file',
    description: `${MERGED} ${NO_FILE}`,
    access: 'read',
    caller: 'customer-reader',
    input: licenseRequest,
    reply: licenseFile,
  }),
  preview: declareCall({
    method: 'POST',
    path: '/fulfillments/preview',
    tag: TAG,
    summary: 'The host’s licence file now and as it would be after the changes; nothing is written',
    description: `\`changes\` holds, per customer number, the counts to add (above 0) or return (below 0). ${MERGED} A customer not yet in the group joins the proposed file.`,
    access: 'read',
    caller: 'customer-reader',
    input: hostRequest.extend({
      changes: z.record(
        customerNumberSchema,
        z.array(z.object({ id: singleLine().trim().min(1).max(200), count: z.number().int() })).max(500),
      ),
    }),
    reply: replyObject({ current: z.string(), proposed: z.string() }) satisfies z.ZodType<LicensePreview>,
  }),
  email: declareCall({
    method: 'POST',
    path: '/fulfillments/email',
    tag: TAG,
    summary: 'Sends the host’s licence file, generated now, to the customer’s licence administrators',
    description: `Written into the customer's outbox with the file attached; a shared host's file goes also to the customer's support address when it has the shared-licence-server permission. \`licenseText\` is ignored. ${MERGED} ${NO_FILE}`,
    access: 'write',
    caller: 'customer-writer',
    input: hostRequest.extend({
      licenseText: z.string().optional(),
      supportEmailTo: singleLine().max(320).optional(),
      supportEmailCc: singleLine().max(320).optional(),
    }),
    reply: replyObject({
      sent: z.literal(true),
      emailId: z.number().int(),
      to: z.array(z.string()),
    }) satisfies z.ZodType<LicenseEmailResult>,
  }),
  check: declareCall({
    method: 'POST',
    path: '/fulfillments/check',
    tag: TAG,
    summary: 'Checks a licence file: whether each line is genuine, what it grants, and whether it is current',
    description:
      'The file as `licenseText` in JSON, or uploaded as `file` in a multipart/form-data body. Nothing is written. Vendor support and business operations may check any file, a customer’s administrators that customer’s lines; the lines of customers the caller may not check (another, an unknown one, one under export control) are only counted, and a file with nothing else is refused (403).',
    access: 'read',
    caller: 'user',
    input: z.object({
      licenseText: z
        .string()
        .max(UPLOAD_LIMIT_BYTES, LICENSE_CHECK_MESSAGES.tooLarge(UPLOAD_LIMIT_BYTES / 1024))
        .optional(),
    }),
    reply: licenseCheck,
    form: {
      maxFileBytes: UPLOAD_LIMIT_BYTES,
      fields: { file: 'The licence file: plain text.' },
    },
  }),
}
