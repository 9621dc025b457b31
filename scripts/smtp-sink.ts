/**
 * A mail server for the tests: it takes every message on 127.0.0.1 (no TLS, any or no sign-in),
 * or refuses recipients the way a test tells it to, and keeps what it took, parsed with mailparser.
 *
 * Run as a script it only takes messages, until SIGTERM: the browser suite's portal delivers its
 * e-mails to it (playwright.config.ts).
 *   tsx scripts/smtp-sink.ts --port 7100
 */
import { fileURLToPath } from 'node:url'
import { SMTPServer } from 'smtp-server'
import { simpleParser, type ParsedMail } from 'mailparser'

/** An SMTP reply that refuses: its code (4xx: try again later, 5xx: never) and its text. */
export interface Refusal {
  code: number
  message: string
}

export interface SmtpSink {
  port: number
  /** Every message taken, in the order it came. */
  messages: ParsedMail[]
  /** A refusal for a recipient (RCPT TO), or undefined to take it; every recipient is taken by default. */
  refuse: ((recipient: string) => Refusal | undefined) | undefined
  /**
   * Holds each message's answer until `sessions` connections have been open at one time, or until
   * the clock reaches `until`: a test of several senders sees them sending at once, whatever the
   * machine's load.
   */
  holdAnswers: { sessions: number; until: number } | undefined
  /** Connections open now, and the most open at one time (a test may start counting afresh). */
  sessions: { open: number; most: number }
  close(): Promise<void>
}

function refusalError({ code, message }: Refusal) {
  return Object.assign(new Error(message), { responseCode: code })
}

/** Listens on 127.0.0.1:`port` (0: any free port). */
export async function startSmtpSink({
  port = 0,
  keep = true,
}: { port?: number; keep?: boolean } = {}): Promise<SmtpSink> {
  const sink: Omit<SmtpSink, 'port' | 'close'> = {
    messages: [],
    refuse: undefined,
    holdAnswers: undefined,
    sessions: { open: 0, most: 0 },
  }
  const { sessions } = sink
  const answer = (callback: (error?: Error) => void, error?: Error) => {
    const hold = sink.holdAnswers
    if (!hold) return callback(error)
    const check = () =>
      sessions.most >= hold.sessions || Date.now() >= hold.until ? callback(error) : setTimeout(check, 10)
    check()
  }
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'tests' }),
    onConnect(_session, callback) {
      sessions.most = Math.max(sessions.most, ++sessions.open)
      callback()
    },
    onClose() {
      sessions.open--
    },
    onRcptTo(address, _session, callback) {
      const refusal = sink.refuse?.(address.address)
      callback(refusal ? refusalError(refusal) : undefined)
    },
    onData(stream, _session, callback) {
      if (!keep) {
        stream.on('end', () => callback())
        stream.resume()
        return
      }
      simpleParser(stream).then(
        (message) => {
          sink.messages.push(message)
          answer(callback)
        },
        (error: Error) => answer(callback, error),
      )
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.server.address()
  return Object.assign(sink, {
    port: typeof address === 'object' && address ? address.port : port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--port')
  const port = Number(at >= 0 ? process.argv[at + 1] : NaN)
  if (!Number.isInteger(port) || port <= 0) {
    console.error('usage: tsx scripts/smtp-sink.ts --port N')
    process.exit(2)
  }
  const sink = await startSmtpSink({ port, keep: false })
  console.log(`SMTP sink listening on 127.0.0.1:${sink.port}`)
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => void sink.close().then(() => process.exit(0)))
  }
}
