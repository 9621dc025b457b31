/**
 * E-mail delivery over SMTP on the whole server: a real mail server in this process
 * (smtp-server, scripts/smtp-sink.ts), what it took read back with mailparser.
 *
 * Each kind of e-mail the API writes reaches the mail server with its recipients, subject, body,
 * Message-ID and files (a licence file byte for byte); an e-mail written while the mail server is
 * down waits and is delivered once, when it answers; a 5xx answer fails the e-mail with the
 * server's words, a 4xx one is tried again; two processes delivering from one database send each
 * e-mail once. Without SMTP_URL nothing is queued.
 */
import { mapInOrder } from '../../db/in-order'
import { transact } from '../../db/transact'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { ParsedMail } from 'mailparser'
import { emailAttachments, emailDeliveries, emails, entitlements } from '../../db/tables'
import { first } from '../../db/query'
import { writeOutboxEmail } from '../../api/outbox'
import { absolutePortalLinks } from '../../api/mail-message'
import { deliveryStatusText } from '../../app/view/email-delivery'
import { addDays, todayUtc } from '../../app/domain/entitlements'
import type { EmailSummary } from '../../api/contract/emails'
import { startSmtpSink, type SmtpSink } from '../../scripts/smtp-sink'
import { getAccessToken } from '../support/tokens'
import { demoHost } from './support/activations'
import { startApiProcess, stopApiProcesses, type ApiProcess } from './support/api-processes'
import { customerData, WRITE_BODIES } from './support/call-requests'
import { apiClient, startTestServer, type TestServer } from './support/server'

const ACME = '1000001'
const BOREALIS = '1000002'
const ACME_ADMIN = 'admin@acme.example'
const PARTNER = 'partner@channel.example'
const FROM = 'Licensing Portal <no-reply@portal.test>'
/** Short waits, so a retried e-mail is tried again within the test. */
const RETRY = { firstDelayMs: 50, maxDelayMs: 200, giveUpAfterMs: 60_000 }
const POLL_MS = '25'

let sink: SmtpSink
let server: TestServer
const as = async (email: string) => apiClient(server.url, await getAccessToken(server.url, email))

const smtpEnv = () => ({ SMTP_URL: `smtp://127.0.0.1:${sink.port}`, SMTP_FROM: FROM, SMTP_POLL_MS: POLL_MS })

beforeAll(async () => {
  sink = await startSmtpSink()
  server = await startTestServer(smtpEnv(), { mailDelivery: { retry: RETRY } })
})

afterAll(async () => {
  await server?.close()
  await sink?.close()
})

const deliveryOf = (emailId: number) =>
  first(server.db.select().from(emailDeliveries).where(eq(emailDeliveries.emailId, emailId)))

/** Waits for the e-mail's delivery to be in `state`. */
async function delivered(emailId: number, state: 'sent' | 'failed' = 'sent') {
  return vi.waitFor(
    async () => {
      const delivery = await deliveryOf(emailId)
      expect(delivery?.state).toBe(state)
      return delivery!
    },
    { timeout: 15_000, interval: 20 },
  )
}

/** The messages the mail server took with this Message-ID. */
const received = (messageId: string) => sink.messages.filter((m) => m.messageId === messageId)

const addresses = (message: ParsedMail) => [message.to ?? []].flat().flatMap((to) => to.value.map((a) => a.address))

const newestEmail = async (accountId: string, kind: string) =>
  (await first(
    server.db
      .select()
      .from(emails)
      .where(and(eq(emails.accountId, accountId), eq(emails.kind, kind)))
      .orderBy(desc(emails.id)),
  ))!

/** The one message the mail server took for the e-mail, checked against what the outbox holds. */
async function expectDelivered(emailId: number) {
  const delivery = await delivered(emailId)
  const email = (await first(server.db.select().from(emails).where(eq(emails.id, emailId))))!
  const [message, ...more] = received(delivery.messageId)
  expect(message, 'the mail server took the e-mail').toBeDefined()
  expect(more, 'and only once').toEqual([])
  expect(message.from?.value).toEqual([{ name: 'Licensing Portal', address: 'no-reply@portal.test' }])
  expect(addresses(message)).toEqual(email.to.split(',').map((a) => a.trim()))
  expect(message.subject).toBe(email.subject)
  // A line break may end the body after its transfer encoding (quoted-printable): no part of the HTML.
  expect(String(message.html).trimEnd()).toBe(absolutePortalLinks(email.body, server.config.publicUrl).trimEnd())
  expect(delivery).toMatchObject({ attempts: 1, claimToken: null, claimedUntil: null, nextAttemptAt: null })
  expect(delivery.sentAt).toBeGreaterThanOrEqual(delivery.queuedAt)
  expect(delivery.answer).toMatch(/^250 /)
  return { message, email, delivery }
}

describe('every kind of e-mail is delivered', () => {
  it('a licence file, with its file byte for byte', async () => {
    const host = demoHost('acme-lic01')
    const r = await (
      await as(ACME_ADMIN)
    ).post<{ emailId: number }>('/fulfillments/email', {
      customerNumber: ACME,
      serverId: host.serverId,
      serverIdType: host.serverIdType,
    })
    expect(r.http, JSON.stringify(r.body)).toBe(200)
    const { message } = await expectDelivered(r.body.data!.emailId)
    const stored = await server.db
      .select()
      .from(emailAttachments)
      .where(eq(emailAttachments.emailId, r.body.data!.emailId))
    expect(stored).toHaveLength(1)
    expect(message.attachments).toHaveLength(1)
    const [file] = message.attachments
    expect(file.filename).toBe(stored[0].fileName)
    expect(file.contentType).toBe('text/plain')
    expect(file.content.equals(Buffer.from(stored[0].content, 'utf8'))).toBe(true)
  })

  it('a monthly statement', async () => {
    const body = WRITE_BODIES['POST /emailmonth'](await customerData(server.db, BOREALIS))
    const r = await (await as(PARTNER)).post('/emailmonth', body)
    expect(r.http, JSON.stringify(r.body)).toBe(200)
    const { message } = await expectDelivered((await newestEmail(BOREALIS, 'statement')).id)
    expect(message.attachments).toEqual([])
  })

  it('the low-balance notice, with the portal’s links made absolute', async () => {
    const { elasticActivation } = await customerData(server.db, BOREALIS)
    const { quantity } = (await first(
      server.db
        .select({ quantity: entitlements.quantity })
        .from(entitlements)
        .where(eq(entitlements.activationId, elasticActivation)),
    ))!
    // The whole total: the remaining credit is already below it, so the notice is written at once.
    const r = await (
      await as(PARTNER)
    ).post<{ notified: boolean }>('/entitlements/threshold', {
      customerNumber: BOREALIS,
      activationId: elasticActivation,
      threshold: quantity,
    })
    expect(r.body.data?.notified, JSON.stringify(r.body)).toBe(true)
    const { message } = await expectDelivered((await newestEmail(BOREALIS, 'balance')).id)
    expect(message.html).toContain(`href="${server.config.publicUrl}/elastic"`)
  })

  it('the confirmation of an FSA order', async () => {
    const today = todayUtc()
    const r = await (
      await as(ACME_ADMIN)
    ).post<{ status: string }[]>('/entitlements', {
      ansyshasfsa: true,
      customerNumber: ACME,
      orderid: 'ORD-MAIL',
      fsaID: (await customerData(server.db, ACME)).fsaActivation,
      products: [
        // HFSS for 30 days: 2,400 a unit.
        {
          ansysbpn: 'FSA-HFSS-L',
          ansyscount: 1,
          ansysprice: 2_400,
          ansystype: 'Lease',
          startdate: today,
          enddate: addDays(today, 29),
          manualentry: false,
        },
      ],
    })
    expect(r.body.data?.[0]?.status, JSON.stringify(r.body)).toBe('SUCCESS')
    await expectDelivered((await newestEmail(ACME, 'fsa')).id)
  })

  it('the API tells how each e-mail’s delivery stands', async () => {
    const email = await newestEmail(ACME, 'fsa')
    const delivery = (await deliveryOf(email.id))!
    const api = await as(ACME_ADMIN)
    const one = await api.post<{ deliveryState: string; delivery: Record<string, unknown> }>('/getemail', {
      customerNumber: ACME,
      id: email.id,
    })
    expect(one.body.data).toMatchObject({
      deliveryState: 'sent',
      delivery: {
        state: 'sent',
        attempts: 1,
        nextAttemptAt: null,
        answer: delivery.answer,
        messageId: delivery.messageId,
      },
    })
    const list = await api.post<EmailSummary[]>('/getemails', {
      customerNumber: ACME,
      filter: { condition: 'ALL', criteria: [{ name: 'deliveryState', method: 'EQUALS', value: 'sent' }] },
      limit: 100,
    })
    expect(list.body.data!.map((row) => row.id)).toContain(email.id)
    expect(new Set(list.body.data!.map((row) => row.deliveryState))).toEqual(new Set(['sent']))
    // The demo e-mails were written before delivery: they are kept in the portal only.
    const demo = await api.post<EmailSummary[]>('/getemails', { customerNumber: ACME, limit: 100 })
    expect(demo.body.data!.filter((row) => row.deliveryState === null).length).toBeGreaterThan(20)
  })
})

/** Writes an e-mail to Borealis' administrators through the outbox, as the API's writes do; returns its id. */
function writeEmail(subject: string) {
  return transact(
    server.db,
    async (tx) =>
      await writeOutboxEmail(tx, server.config.mail, {
        accountId: BOREALIS,
        at: Date.now(),
        subject,
        to: 'marta.lindqvist@borealis.example, ops@borealis.example',
        body: `<p>${subject}</p>`,
        kind: 'general',
      }),
  )
}

/** The e-mail's delivery once `attempts` have failed, between two attempts (not claimed for the next one). */
async function waitingAfterAttempts(emailId: number, attempts: number) {
  const delivery = (await deliveryOf(emailId))!
  expect(delivery.attempts).toBeGreaterThanOrEqual(attempts)
  expect(delivery.claimToken).toBeNull()
  return delivery
}

/** The mail queue's lines of /metrics. */
async function mailQueueMetric() {
  const text = await (await fetch(`${server.url}/metrics`)).text()
  return text
    .split('\n')
    .filter((line) => line.startsWith('portal_mail_queue'))
    .join('\n')
}

describe('when the mail server does not take an e-mail', () => {
  it('a server that is down leaves it queued; it is delivered once, when the server answers again', async () => {
    const port = sink.port
    await sink.close()
    let id: number
    try {
      id = await writeEmail('Written while the mail server is down')
      const waiting = await vi.waitFor(() => waitingAfterAttempts(id, 2), { timeout: 15_000, interval: 20 })
      expect(waiting.state).toBe('queued')
      expect(waiting.answer).toMatch(/ECONNREFUSED/)
      expect(waiting.nextAttemptAt).toBeGreaterThan(waiting.lastAttemptAt!)
      expect(await mailQueueMetric()).toMatch(/^portal_mail_queue\{state="queued"\} [1-9]\d*$/m)
    } finally {
      sink = await startSmtpSink({ port })
    }
    const delivery = await delivered(id)
    expect(received(delivery.messageId)).toHaveLength(1)
    expect(delivery.attempts).toBeGreaterThanOrEqual(3)
    expect(delivery.answer).toMatch(/^250 /)
    expect(await mailQueueMetric()).toMatch(/^portal_mail_queue\{state="queued"\} 0$/m)
  })

  it('a 5xx answer fails it at once, with the server’s words', async () => {
    sink.refuse = () => ({ code: 550, message: '5.1.1 Mailbox unavailable' })
    const refused = await writeEmail('Every recipient refused')
    try {
      const failed = await delivered(refused, 'failed')
      expect(failed).toMatchObject({ attempts: 1, nextAttemptAt: null, sentAt: null })
      expect(failed.answer).toBe('550 5.1.1 Mailbox unavailable')
      expect(received(failed.messageId)).toEqual([])
      const reply = await (
        await as(PARTNER)
      ).post<{ delivery: Parameters<typeof deliveryStatusText>[0] }>('/getemail', {
        customerNumber: BOREALIS,
        id: refused,
      })
      expect(deliveryStatusText(reply.body.data!.delivery)).toBe('Failed: 550 5.1.1 Mailbox unavailable')
    } finally {
      sink.refuse = undefined
    }
  })

  it('an e-mail one of whose recipients is refused is sent to the others, and the refused one is named', async () => {
    sink.refuse = (recipient) =>
      recipient.startsWith('ops@') ? undefined : { code: 550, message: '5.1.1 Mailbox unavailable' }
    try {
      const sent = await delivered(await writeEmail('One recipient refused'))
      expect(sent.answer).toMatch(/^250 .*\(refused: marta\.lindqvist@borealis\.example\)$/)
      expect(received(sent.messageId)).toHaveLength(1)
    } finally {
      sink.refuse = undefined
    }
  })

  it('a 4xx answer is tried again until the server takes it', async () => {
    sink.refuse = () => ({ code: 451, message: '4.3.0 Try again later' })
    const id = await writeEmail('Greylisted at first')
    try {
      const waiting = await vi.waitFor(() => waitingAfterAttempts(id, 2), { timeout: 15_000, interval: 20 })
      expect(waiting).toMatchObject({ state: 'queued', answer: '451 4.3.0 Try again later' })
      expect(
        deliveryStatusText({ ...waiting, state: 'queued', nextAttemptAt: '2026-03-05 10:04:00', sentAt: null }),
      ).toBe('Queued — next attempt at 2026-03-05 10:04:00 UTC; last answer: 451 4.3.0 Try again later')
    } finally {
      sink.refuse = undefined
    }
    const delivery = await delivered(id)
    expect(received(delivery.messageId)).toHaveLength(1)
    expect(delivery.attempts).toBeGreaterThanOrEqual(3)
  })
})

describe('two processes delivering from one database', () => {
  let other: ApiProcess | undefined

  afterAll(async () => {
    if (other) await stopApiProcesses([other])
    sink.holdAnswers = undefined
  })

  it('send each e-mail exactly once', async () => {
    other = await startApiProcess(server, smtpEnv())
    // The first message waits for its answer until a second connection opens: the other process's,
    // as this one sends one e-mail at a time. Well inside the send timeout, so nothing is retried.
    sink.sessions.most = sink.sessions.open
    sink.holdAnswers = { sessions: 2, until: Date.now() + 20_000 }
    const before = sink.messages.length
    const ids = await mapInOrder(
      Array.from({ length: 30 }, (_, i) => `Race ${i + 1}`),
      writeEmail,
    )
    const rows = await vi.waitFor(
      async () => {
        const rows = await server.db.select().from(emailDeliveries).where(inArray(emailDeliveries.emailId, ids))
        expect(rows.filter((r) => r.state === 'sent')).toHaveLength(ids.length)
        return rows
      },
      { timeout: 30_000, interval: 50 },
    )
    for (const row of rows) expect(received(row.messageId), `e-mail ${row.emailId}`).toHaveLength(1)
    expect(sink.messages.length - before).toBe(ids.length)
    expect(rows.every((r) => r.attempts === 1)).toBe(true)
    expect(sink.sessions.most, 'both processes were sending at once').toBeGreaterThanOrEqual(2)
  })
})

describe('without SMTP_URL', () => {
  let plain: TestServer

  beforeAll(async () => {
    plain = await startTestServer()
  })
  afterAll(() => plain?.close())

  it('nothing is queued and no e-mail has a delivery', async () => {
    expect(plain.config.mail).toBeUndefined()
    expect(plain.mailDelivery).toBeUndefined()
    const host = demoHost('acme-lic01')
    const api = apiClient(plain.url, await getAccessToken(plain.url, ACME_ADMIN))
    const r = await api.post<{ emailId: number }>('/fulfillments/email', {
      customerNumber: ACME,
      serverId: host.serverId,
      serverIdType: host.serverIdType,
    })
    expect(r.http, JSON.stringify(r.body)).toBe(200)
    expect(await plain.db.select().from(emailDeliveries)).toEqual([])
    const one = await api.post('/getemail', { customerNumber: ACME, id: r.body.data!.emailId })
    expect(one.body.data).toMatchObject({ deliveryState: null, delivery: null })
  })
})
