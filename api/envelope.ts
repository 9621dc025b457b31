/**
 * The reply envelope: `{status:'SUCCESS', data, token?}` or `{status:'FAILURE', err}`,
 * and how handler results and thrown errors become it.
 */
import type { ErrorRequestHandler, Response } from 'express'
import { z } from 'zod'
import { ListError } from './list-engine'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

export const badRequest = (message: string) => new ApiError(400, message)
export const forbidden = (message = 'You do not have access to this customer') => new ApiError(403, message)
export const notFound = (message: string) => new ApiError(404, message)

/** A successful result that also carries a continuation token. */
class WithToken<T = unknown> {
  constructor(
    readonly data: T,
    readonly token: string | undefined,
  ) {}
}
export const withToken = <T>(data: T, token: string | undefined) => new WithToken(data, token)

/** Fields a call answers beside `status` instead of in `data` (e.g. lastupdatedon's `lastUpdatedOn`). */
export interface EnvelopeFields {
  lastUpdatedOn?: string | null
}
class InEnvelope {
  constructor(readonly fields: EnvelopeFields) {}
}
export const inEnvelope = (fields: EnvelopeFields) => new InEnvelope(fields)

/** A successful result that is a file (e.g. a PDF): sent as its bytes over HTTP, not in an envelope. */
export interface FileBody {
  contentType: string
  /** Offered as the download's name (Content-Disposition: attachment). */
  fileName: string
  bytes: Uint8Array
}
class FileResult {
  constructor(readonly file: FileBody) {}
}
export const fileReply = (file: FileBody) => new FileResult(file)

/** What a handler of a call replying `T` returns: the data, the data with a token, envelope fields or a file. */
export type HandlerResult<T> = T | WithToken<T> | InEnvelope | FileResult

export type Envelope =
  ({ status: 'SUCCESS'; data?: unknown; token?: string } & EnvelopeFields) | { status: 'FAILURE'; err: string }

/** What a call answers: the HTTP status and the envelope, or (a file call's success) the file. */
export type ApiReply = { status: number; envelope: Envelope; file?: undefined } | { status: 200; file: FileBody }

export function formatZodError(error: z.ZodError) {
  return error.issues
    .map((issue) => {
      const where = issue.path.length ? issue.path.join('.') : 'body'
      return `${where}: ${issue.message}`
    })
    .join('; ')
}

/** Validates a request body (or any input) and throws a 400 naming the problem. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input)
  if (!result.success) throw badRequest(formatZodError(result.error))
  return result.data
}

/** A handler's result as a SUCCESS reply. */
export function success(result: unknown): ApiReply {
  if (result instanceof FileResult) return { status: 200, file: result.file }
  if (result instanceof InEnvelope) return { status: 200, envelope: { status: 'SUCCESS', ...result.fields } }
  if (result instanceof WithToken) {
    const { data, token } = result
    return { status: 200, envelope: { status: 'SUCCESS', data: data ?? null, ...(token ? { token } : {}) } }
  }
  return { status: 200, envelope: { status: 'SUCCESS', data: result ?? null } }
}

const failed = (status: number, err: string): ApiReply => ({ status, envelope: { status: 'FAILURE', err } })

/** An error of reading the request body (express's body reader), as a reply; undefined for any other error. */
function bodyReadFailure(error: { type?: unknown; status?: unknown; code?: unknown }): ApiReply | undefined {
  const { type, status } = error
  if (type === 'entity.too.large') return failed(413, 'Request body is too large')
  if (typeof type === 'string' && (type.startsWith('encoding.') || type.startsWith('charset.'))) {
    return failed(400, 'Unsupported body encoding')
  }
  if (typeof error.code === 'string' && error.code.startsWith('Z_')) {
    return failed(400, 'Request body does not match its Content-Encoding')
  }
  if (typeof status === 'number' && status >= 400 && status < 500) return failed(400, 'Request body could not be read')
  return undefined
}

/**
 * An error's stack with the errors it wraps: a failed query's own message (the database's, with its
 * code) is in the cause of drizzle's error, whose message is only the SQL.
 */
export function errorDetail(error: unknown): string {
  const parts: string[] = []
  for (let e: unknown = error, depth = 0; e !== undefined && e !== null && depth < 5; depth++) {
    const { stack, code, cause } = e as { stack?: unknown; code?: unknown; cause?: unknown }
    const text = String(stack ?? e)
    parts.push(typeof code === 'string' && !text.includes(code) ? `${text} [${code}]` : text)
    e = cause
  }
  return parts.join('\ncaused by: ')
}

/** Any error as a FAILURE reply; unexpected ones are logged and answered 500 without detail. */
export function failure(error: unknown): ApiReply {
  if (error instanceof ApiError) return failed(error.status, error.message)
  if (error instanceof ListError) return failed(400, error.message)
  if (error instanceof z.ZodError) return failed(400, formatZodError(error))
  const readFailure = error && typeof error === 'object' ? bodyReadFailure(error) : undefined
  if (readFailure) return readFailure
  console.error(
    JSON.stringify({
      time: new Date().toISOString(),
      level: 'error',
      msg: 'API error',
      error: errorDetail(error),
    }),
  )
  return failed(500, 'Internal error')
}

export function sendReply(res: Response, reply: ApiReply) {
  if (reply.file) {
    const { contentType, fileName, bytes } = reply.file
    res.status(reply.status).attachment(fileName).type(contentType).send(Buffer.from(bytes))
  } else res.status(reply.status).json(reply.envelope)
}

/** Express's last step: whatever went wrong before a call answered, as the envelope. */
export const errorHandler: ErrorRequestHandler = (error, _req, res, next) => {
  if (res.headersSent) return next(error)
  sendReply(res, failure(error))
}
