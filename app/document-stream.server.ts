import { Transform } from 'node:stream'

const CLOSE = Buffer.from('</body></html>')
/** The most bytes of a 2,048-byte block React can leave unwritten: a 4-byte character that did not fit. */
const MAX_UNWRITTEN = 3

/**
 * The stream a page's HTML goes through on its way from React to the response.
 * It mends two faults of React 18's `renderToPipeableStream` that React 19 no
 * longer has:
 *
 * - When a character of several UTF-8 bytes does not fit at the end of one of
 *   its 2,048-byte blocks, React sends the whole block, unwritten zero bytes
 *   included (facebook/react#24985, fixed by #26228 in React 19 only). A zero
 *   byte is never part of another UTF-8 character, and our pages have no NUL
 *   character of their own (text that could, like the page data, is escaped
 *   JSON), so the zero bytes that end a chunk are dropped.
 * - The shell ends with `</body></html>` and what settles later (deferred loader
 *   data, the page data Remix hands to the browser) streams after it, which is
 *   not valid HTML. The two end tags are held back until everything else is written.
 */
export function documentStream(): Transform {
  let closed = false
  // A tail that might be the start of the end tags, split across two chunks.
  let pending = Buffer.alloc(0)
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const bytes = withoutUnwrittenTail(chunk)
      if (closed) return done(null, bytes)
      const text = pending.length ? Buffer.concat([pending, bytes]) : bytes
      const at = text.indexOf(CLOSE)
      if (at >= 0) {
        closed = true
        pending = Buffer.alloc(0)
        return done(null, Buffer.concat([text.subarray(0, at), text.subarray(at + CLOSE.length)]))
      }
      const keep = Math.min(CLOSE.length - 1, text.length)
      pending = Buffer.from(text.subarray(text.length - keep))
      done(null, text.subarray(0, text.length - keep))
    },
    flush(done) {
      done(null, closed ? Buffer.concat([pending, CLOSE]) : pending)
    },
  })
}

function withoutUnwrittenTail(chunk: Buffer): Buffer {
  let end = chunk.length
  while (end > 0 && chunk.length - end < MAX_UNWRITTEN && chunk[end - 1] === 0) end--
  return end === chunk.length ? chunk : chunk.subarray(0, end)
}
