import { Transform } from 'node:stream'

const CLOSE = Buffer.from('</body></html>')

/**
 * React 18 ends the shell with `</body></html>` and streams what settles later
 * (deferred loader data, Remix's data scripts) after it, which is not valid
 * HTML. This stream passes the document through but holds those two end tags
 * back until everything else has been written.
 */
export function closeDocumentLast(): Transform {
  let found = false
  // A tail that might be the start of the end tags split across two chunks.
  let pending = Buffer.alloc(0)
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (found) return done(null, chunk)
      const text = pending.length ? Buffer.concat([pending, chunk]) : Buffer.from(chunk)
      const at = text.indexOf(CLOSE)
      if (at >= 0) {
        found = true
        pending = Buffer.alloc(0)
        return done(null, Buffer.concat([text.subarray(0, at), text.subarray(at + CLOSE.length)]))
      }
      const keep = Math.min(CLOSE.length - 1, text.length)
      pending = text.subarray(text.length - keep)
      done(null, text.subarray(0, text.length - keep))
    },
    flush(done) {
      done(null, found ? Buffer.concat([pending, CLOSE]) : pending)
    },
  })
}
