/**
 * How a call of the licensing API is declared: once, here in the contract, with
 * its method, path, input and reply schemas, whether it only reads and who may
 * make it. The API binds a handler to each declaration (api/call-table), the
 * portal's client sends it (app/api-client/client.server), the OpenAPI document
 * describes it (api/contract/openapi) and the sweeps of the API tests read who
 * may call it. The contract imports nothing but zod and pure rules, so both
 * sides share it.
 */
import { z } from 'zod'

export type CallMethod = 'GET' | 'POST' | 'DELETE'

/**
 * Who may make a call; the handler enforces it, the declaration states it.
 * - `user`: any signed-in user; the answer is the user's own or the service's, not one customer's
 *   (a list of customers shows only those the user may see);
 * - `own-settings`: any user who may see the customer named in the input, for the user's own settings
 *   of its screens (a view-only user may save them);
 * - `customer-reader`: anyone who may see the customer named in the input;
 * - `customer-writer`: anyone who may change that customer (not a view-only user);
 * - `staff`: vendor staff only;
 * - `business-operations`: the vendor's business operations only;
 * - `session-recorder`: what records elastic usage (the licence servers' reporting; support);
 * - `web-license-service`: the vendor's web licence service, which checks web licence seats out and in
 *   (its service account, role `weblicense`; business operations).
 * A customer under export control is refused to all but `user` calls.
 */
export type Caller =
  | 'user'
  | 'own-settings'
  | 'customer-reader'
  | 'customer-writer'
  | 'staff'
  | 'business-operations'
  | 'session-recorder'
  | 'web-license-service'

export const CALLER_TEXT: Record<Caller, string> = {
  user: 'Any signed-in user; the answer holds only what the user may see.',
  'own-settings': 'Any user who may see the customer; changes only the user’s own settings.',
  'customer-reader': 'Anyone who may see the customer named in the request.',
  'customer-writer': 'Anyone who may change the customer named in the request (not a view-only user).',
  staff: 'Vendor staff only.',
  'business-operations': 'The vendor’s business operations only.',
  'session-recorder': 'Those who record elastic usage: licence servers’ reporting accounts and vendor support.',
  'web-license-service': 'The vendor’s web licence service (its service account) and business operations.',
}

/** A call that also takes a multipart/form-data body: an uploaded file and named text fields. */
export interface FormBody {
  /** The largest file the form may carry, in bytes. */
  maxFileBytes: number
  /** The form's fields, each with what it holds; `file` is the uploaded file. */
  fields: Record<string, string>
}

export interface CallDeclaration<Input extends z.ZodType = z.ZodType, Reply extends z.ZodType = z.ZodType> {
  method: CallMethod
  /** Relative to the API, with `:name` for a path parameter, e.g. `/getaccountinfo/:customerNumber`. */
  path: string
  /** The area the call belongs to (the document's tag). */
  tag: string
  summary: string
  description?: string
  /** `read` calls change nothing, so a client may send them again after a failure; `write` calls are sent once. */
  access: 'read' | 'write'
  caller: Caller
  /** A POST's JSON body; a GET's or DELETE's query and path parameters (strings). */
  input: Input
  /** The SUCCESS envelope's `data` (or, with `envelopeFields`, the fields beside `status`). */
  reply: Reply
  /** The reply may carry a continuation `token` for the next page. */
  paged?: true
  /** The reply's fields stand in the envelope itself, beside `status`, not in `data`. */
  envelopeFields?: true
  /** A successful reply is a file of this type (its bytes, not an envelope). */
  file?: { contentType: string }
  form?: FormBody
}

/** Declares a call; the identity function that keeps the schemas' types. */
export const declareCall = <Input extends z.ZodType, Reply extends z.ZodType>(
  declaration: CallDeclaration<Input, Reply>,
): CallDeclaration<Input, Reply> => declaration

export type AnyCall = CallDeclaration<z.ZodType, z.ZodType>
export type CallInput<C extends AnyCall> = z.input<C['input']>
export type ParsedInput<C extends AnyCall> = z.output<C['input']>
export type CallReply<C extends AnyCall> = z.output<C['reply']>

/** `METHOD /path`, how the documentation and the tests name a call. */
export const callName = (call: Pick<AnyCall, 'method' | 'path'>) => `${call.method} ${call.path}`

/** The names of a path's `:name` parameters. */
export const pathParameters = (path: string) =>
  path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1))

/** An object in a reply: every field declared, no other allowed (the reply check refuses one left out). */
export const replyObject = <Shape extends z.ZodRawShape>(shape: Shape) => z.strictObject(shape)

/** A day, 'YYYY-MM-DD'. */
export const day = () => z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

/** A customer number in a reply. */
export const customerNumberReply = () => z.string().min(1)
