/**
 * The rules every request body meets, whichever way it came in: at most
 * BODY_LIMIT_BYTES, a JSON object or array (an absent body counts as `{}`), and
 * nested at most MAX_JSON_DEPTH levels, so no handler walks a hostile structure.
 */
import { BODY_LIMIT_BYTES, MAX_JSON_DEPTH } from './constants'
import { ApiError, badRequest } from './envelope'

const MALFORMED = 'Malformed JSON body'

/** How deeply the JSON text nests objects and arrays (brackets inside strings do not count). */
export function jsonDepth(text: string): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // backslash: skip the escaped character
      else if (c === 0x22) inString = false
    } else if (c === 0x22) {
      inString = true
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > deepest) deepest = depth
    } else if (c === 0x7d || c === 0x5d) {
      depth--
    }
  }
  return deepest
}

export function parseJsonBody(text: string | undefined): unknown {
  if (text === undefined || text.length === 0) return {}
  if (Buffer.byteLength(text) > BODY_LIMIT_BYTES) throw new ApiError(413, 'Request body is too large')
  // Strict, as express.json: the top level is an object or an array.
  const first = text.trimStart()[0]
  if (first !== '{' && first !== '[') throw badRequest(MALFORMED)
  if (jsonDepth(text) > MAX_JSON_DEPTH)
    throw badRequest(`JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`)
  try {
    return JSON.parse(text)
  } catch {
    throw badRequest(MALFORMED)
  }
}
