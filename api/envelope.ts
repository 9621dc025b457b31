/**
 * The reply envelope: `{status:'SUCCESS', data, token?}` or `{status:'FAILURE', err}`,
 * and the wrapper that turns handler results and thrown errors into it.
 */
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express'
import { z } from 'zod'
import { ListError } from './list-engine'
import type { ApiUser } from './auth'

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
class WithToken {
  constructor(
    readonly data: unknown,
    readonly token: string | undefined,
  ) {}
}
export const withToken = (data: unknown, token: string | undefined) => new WithToken(data, token)

export function sendSuccess(res: Response, data: unknown, token?: string) {
  res.status(200).json({ status: 'SUCCESS', data: data ?? null, ...(token ? { token } : {}) })
}

export function sendFailure(res: Response, status: number, err: string) {
  res.status(status).json({ status: 'FAILURE', err })
}

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

export interface HandlerContext {
  req: Request
  res: Response
  user: ApiUser
}

/** Wraps a handler: its return value becomes `data`; thrown ApiError/ListError become FAILURE. */
export function handle(fn: (ctx: HandlerContext) => unknown | Promise<unknown>): RequestHandler {
  return async (req, res, next) => {
    try {
      const result = await fn({ req, res, user: res.locals.apiUser as ApiUser })
      if (result instanceof WithToken) sendSuccess(res, result.data, result.token)
      else sendSuccess(res, result)
    } catch (error) {
      next(error)
    }
  }
}

/** Turns any error into the envelope; unexpected ones are logged and answered 500 without detail. */
export const errorHandler: ErrorRequestHandler = (error, _req, res, next) => {
  if (res.headersSent) return next(error)
  if (error instanceof ApiError) return sendFailure(res, error.status, error.message)
  if (error instanceof ListError) return sendFailure(res, 400, error.message)
  if (error instanceof z.ZodError) return sendFailure(res, 400, formatZodError(error))
  const type = (error as { type?: string })?.type
  if (type === 'entity.parse.failed') return sendFailure(res, 400, 'Malformed JSON body')
  if (type === 'entity.too.large') return sendFailure(res, 413, 'Request body is too large')
  if (typeof type === 'string' && type.startsWith('encoding.')) return sendFailure(res, 400, 'Unsupported body encoding')
  console.error(
    JSON.stringify({ time: new Date().toISOString(), level: 'error', msg: 'API error', error: String(error?.stack ?? error) }),
  )
  sendFailure(res, 500, 'Internal error')
}
