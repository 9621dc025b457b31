/**
 * Calls to the embedded licensing API without a socket: the API registers a
 * dispatch function for its base URL, and a call under that URL is handed to it
 * as method, path, Authorization header, body text and its content type; the reply is its HTTP
 * status and JSON. It spares every page the loopback round trip (HTTP written
 * and parsed at both ends). An API elsewhere is reached over HTTP.
 */

export interface InProcessRequest {
  method: string
  /** Path and query relative to the registered base, e.g. `/getaccountinfo/1000001`. */
  url: string
  authorization: string | undefined
  /** The body as text: JSON, or a multipart/form-data body. */
  body: string | undefined
  /** The Content-Type header's value; a form's names its boundary. */
  contentType?: string
}

export interface InProcessReply {
  status: number
  /** The JSON body as an HTTP client would have parsed it. */
  json: unknown
}

export type Dispatch = (request: InProcessRequest) => Promise<InProcessReply>

interface Registration {
  /** The API's base URL with a trailing slash. */
  base: string
  dispatch: Dispatch
}

// On globalThis because the server and the portal's build each load their own copy of this module.
const key = Symbol.for('licensing-portal.in-process-api')
const registrations = ((globalThis as Record<symbol, unknown>)[key] ??= []) as Registration[]

/** Requests whose URL starts with `base` go to `dispatch` in this process. */
export function serveInProcess(base: string, dispatch: Dispatch) {
  const entry = { base: base.replace(/\/+$/, '') + '/', dispatch }
  registrations.push(entry)
  return () => {
    const at = registrations.indexOf(entry)
    if (at >= 0) registrations.splice(at, 1)
  }
}

/** The in-process call for a URL under a registered base, or undefined when it must go over HTTP. */
export function inProcessCall(
  url: string,
): ((request: Omit<InProcessRequest, 'url'>) => Promise<InProcessReply>) | undefined {
  for (const { base, dispatch } of registrations) {
    if (url.startsWith(base)) return (request) => dispatch({ ...request, url: url.slice(base.length - 1) })
  }
  return undefined
}
