/**
 * The API's calls: each one a declaration of the contract (api/contract) bound to
 * the handler that answers it. Both ways in, the Express router (over HTTP) and
 * the in-process dispatch (the portal), find the call here and run the same
 * handler, on the input its declaration's schema has parsed.
 */
import type { AnyCall, CallReply, ParsedInput } from './contract/define'
import type { ApiUser } from './auth'
import { badRequest, parseInput, type HandlerResult } from './envelope'

export type CallMethod = 'GET' | 'POST' | 'DELETE'

export interface CallInput {
  /** The JSON body; `{}` when the request has none or it is a form. */
  body: unknown
  /** The multipart/form-data body of a call registered with `postForm`, when the request sent one. */
  form?: FormData
  /** The path's `:name` parameters, decoded. */
  params: Record<string, string>
  /** The query string; a name given more than once has an array. */
  query: Record<string, string | string[]>
  user: ApiUser
}

/** Returns the reply's data (or `withToken(data, token)`); throws an ApiError to refuse. */
export type CallHandler = (input: CallInput) => unknown

/** What a call that takes a multipart/form-data body accepts. */
export interface FormOptions {
  /** The largest file the form may carry, in bytes. */
  maxFileBytes: number
}

export interface Call {
  method: CallMethod
  /** As registered, e.g. `/getaccountinfo/:customerNumber`. */
  path: string
  handler: CallHandler
  /** Set for a call that takes a multipart/form-data body (besides JSON); no other call is sent one. */
  form?: FormOptions
  /** The contract's declaration of the call. */
  declaration: AnyCall
}

/** What answers a declared call: the parsed input and the caller to the reply. */
export type DeclaredHandler<C extends AnyCall> = (request: {
  input: ParsedInput<C>
  user: ApiUser
  /** The multipart/form-data body of a call declared with `form`, when the request sent one. */
  form?: FormData
}) => HandlerResult<CallReply<C>> | Promise<HandlerResult<CallReply<C>>>

export interface FoundCall {
  call: Call
  params: Record<string, string>
}

interface Route extends Call {
  /** Lower-case literal segments; a parameter is `:name`. */
  segments: string[]
}

/** The decoded segments of a path; a malformed `%` escape is the caller's mistake (400). */
function pathSegments(pathname: string): string[] {
  // As Express matches: one trailing slash is optional.
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname
  return trimmed
    .split('/')
    .slice(1)
    .map((segment) => {
      try {
        return decodeURIComponent(segment)
      } catch {
        throw badRequest('The API path holds a malformed % escape')
      }
    })
}

function matchSegments(route: string[], segments: string[]): Record<string, string> | undefined {
  if (route.length !== segments.length) return undefined
  const params: Record<string, string> = {}
  for (let i = 0; i < route.length; i++) {
    const expected = route[i]
    const actual = segments[i]
    if (expected.startsWith(':')) {
      if (actual === '') return undefined
      params[expected.slice(1)] = actual
    } else if (expected !== actual.toLowerCase()) {
      return undefined
    }
  }
  return params
}

/** The query string as a record; a name given more than once gets an array. */
export function queryOf(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {}
  for (const [name, value] of new URLSearchParams(search)) {
    const seen = query[name]
    query[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value]
  }
  return query
}

export class CallTable {
  private readonly routes: Route[] = []

  get calls(): readonly Call[] {
    return this.routes
  }

  /** Answers a declared call: a POST's body, or a GET's or DELETE's query and path parameters, parsed by its input schema. */
  implement<C extends AnyCall>(declaration: C, handler: DeclaredHandler<C>) {
    const { method, path, form } = declaration
    const answer: CallHandler = ({ body, form: sent, params, query, user }) => {
      const raw = method === 'POST' ? body : { ...query, ...params }
      return handler({ input: parseInput(declaration.input, raw) as ParsedInput<C>, user, form: sent })
    }
    const segments = path
      .split('/')
      .slice(1)
      .map((s) => (s.startsWith(':') ? s : s.toLowerCase()))
    if (this.routes.some((r) => r.method === method && r.segments.join('/') === segments.join('/'))) {
      throw new Error(`${method} ${path} is declared twice`)
    }
    this.routes.push({
      method,
      path,
      handler: answer,
      segments,
      declaration,
      ...(form ? { form: { maxFileBytes: form.maxFileBytes } } : {}),
    })
  }

  /** The call for a method and a path relative to the API (case-insensitive, like Express); HEAD finds GET. */
  find(method: string, pathname: string): FoundCall | undefined {
    const wanted = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase()
    const segments = pathSegments(pathname)
    for (const route of this.routes) {
      if (route.method !== wanted) continue
      const params = matchSegments(route.segments, segments)
      if (params) return { call: route, params }
    }
    return undefined
  }
}
