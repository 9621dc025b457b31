/**
 * Web Transactions (issue 36): every checkout, return, lease expiry and denial of a customer's
 * web licences as a list (filtered, sorted and paged on the server) and its export, which
 * refuses more rows than a CSV file may hold, as Usage Transactions' does.
 */
import { z } from 'zod'
import { customerNumberSchema } from '../../app/domain/customer-number'
import { USAGE_EXPORT_MAX } from '../../app/domain/usage-export'
import { WEB_OUTCOMES } from '../../app/domain/web-transactions'
import { declareCall, replyObject } from './define'
import { declareList } from './lists'

const TAG = 'Web licensing'

const transactionRow = replyObject({
  id: z.number().int(),
  /** Epoch milliseconds. */
  at: z.number().int(),
  /** 'YYYY-MM-DD HH:mm:ss' (UTC). */
  time: z.string(),
  /** The user's e-mail. */
  user: z.string(),
  /** The feature name asked for. */
  product: z.string(),
  /** The entitlement granted, returned or (for a denial, when there is one) the one refused; '' for none. */
  activationId: z.string(),
  /** SHARED_WEB or NAMED_USER; '' for a denial without an entitlement. */
  licenseType: z.string(),
  outcome: z.enum(WEB_OUTCOMES),
  /** A denial's reason code (DENIAL_REASONS); '' otherwise. */
  reason: z.string(),
  /** Returned and expired: how long the seat was held, in milliseconds; null otherwise. */
  durationMs: z.number().int().nullable(),
  /** durationMs in minutes, to one decimal (what the list shows and filters). */
  durationMinutes: z.number().nullable(),
  clientHost: z.string(),
  productVersion: z.string(),
})

export type WebTransactionRow = z.infer<typeof transactionRow>

const list = declareList({
  path: '/web/transactions',
  tag: TAG,
  rows: 'customer’s web licence transactions (checkouts, returns, expiries and denials)',
  row: transactionRow,
  caller: 'customer-reader',
  scope: { customerNumber: customerNumberSchema },
})

export const webTransactionCalls = {
  list,
  export: declareCall({
    method: 'POST',
    path: '/web/transactions/export',
    tag: TAG,
    summary: 'A page of an export of the customer’s web licence transactions',
    description: `Refused (400) when the filter holds more than ${USAGE_EXPORT_MAX} transactions. Pages of 1000 rows unless told; a page's \`token\` (accepted by this call only) asks for the next, which starts where the last one ended.`,
    access: 'read',
    caller: 'customer-reader',
    input: list.page.input,
    reply: list.page.reply,
    paged: true,
  }),
}
