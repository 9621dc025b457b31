/**
 * A rendered document travels from entry.server to the server's Remix adapter
 * as a string on the Response, not as its body stream: the adapter writes it
 * to the socket in one piece (server/remix-handler.ts). A body stream would
 * scan the whole page for lone surrogates, encode it in a web stream and read
 * it back chunk by chunk, for a page that is complete before it is sent.
 */
const DOCUMENT_HTML = Symbol.for('licensing-portal.document-html')

type WithDocument = Response & { [DOCUMENT_HTML]?: string }

export function documentResponse(html: string, init: ResponseInit): Response {
  const response: WithDocument = new Response(null, init)
  response[DOCUMENT_HTML] = html
  return response
}

/** The document carried by a Response from documentResponse(), else undefined. */
export function documentOf(response: Response): string | undefined {
  return (response as WithDocument)[DOCUMENT_HTML]
}
