/**
 * The delivery queue's claims on a real SQLite file, through two connections as two processes
 * hold them: an e-mail is claimed by one at a time, a lapsed claim can be taken over, and only
 * the holder of the claim records the result. The counts of queued and failed e-mails feed a
 * mail-queue gauge.
 */
import { transact } from '../../db/transact'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { openDb, type Db } from '../../db/client'
import { emailDeliveries } from '../../db/tables'
import { copyBaseDatabase } from '../support/base-database'
import { claimNextDue, countDeliveries, recordFailure, recordSent } from '../../api/mail-queue'
import { writeOutboxEmail } from '../../api/outbox'

const LEASE_MS = 60_000
const DOMAIN = 'portal.test'
let dir: string
let a: Db
let b: Db

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-queue-'))
  const file = path.join(dir, 'portal.db')
  copyBaseDatabase(file)
  a = openDb(file)
  b = openDb(file)
})

afterAll(() => {
  a?.$client.close()
  b?.$client.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const write = (db: Db, at: number, subject: string, attachments?: { fileName: string; content: string }[]) =>
  transact(
    db,
    async (tx) =>
      await writeOutboxEmail(
        tx,
        { messageIdDomain: DOMAIN },
        {
          accountId: '1000001',
          at,
          subject,
          to: 'admin@acme.example',
          body: `<p>${subject}</p>`,
          kind: 'general',
          attachments: attachments?.map((f) => ({ ...f, contentType: 'text/plain' })),
        },
      ),
  )

const row = (emailId: number) => a.select().from(emailDeliveries).where(eq(emailDeliveries.emailId, emailId)).get()!

describe('the delivery queue', () => {
  const t0 = Date.UTC(2026, 2, 5, 10, 0)
  let first: number
  let second: number
  let third: number

  it('queues an e-mail with its own Message-ID, due when it is written', async () => {
    first = await write(a, t0, 'First', [{ fileName: 'license.lic', content: 'SERVER h 0cc47a1f3b90\n' }])
    second = await write(a, t0 + 1, 'Second')
    third = await write(b, t0 + 2, 'Third')
    expect(row(first)).toMatchObject({
      state: 'queued',
      attempts: 0,
      queuedAt: t0,
      nextAttemptAt: t0,
      claimToken: null,
    })
    expect(row(first).messageId).toMatch(/^<[0-9a-f-]{36}@portal\.test>$/)
    expect(row(second).messageId).not.toBe(row(first).messageId)
  })

  it('gives nothing before an e-mail is due', async () => {
    expect(await claimNextDue(a, { now: t0 - 1, leaseMs: LEASE_MS })).toBeNull()
  })

  it('gives each due e-mail to one connection at a time, longest due first, with what it needs to send it', async () => {
    const now = t0 + 10
    const one = (await claimNextDue(a, { now, leaseMs: LEASE_MS }))!
    const two = (await claimNextDue(b, { now, leaseMs: LEASE_MS }))!
    const three = (await claimNextDue(a, { now, leaseMs: LEASE_MS }))!
    expect([one.emailId, two.emailId, three.emailId]).toEqual([first, second, third])
    expect(await claimNextDue(b, { now, leaseMs: LEASE_MS })).toBeNull()
    expect(one).toMatchObject({
      attempts: 1,
      to: 'admin@acme.example',
      subject: 'First',
      body: '<p>First</p>',
      messageId: row(first).messageId,
      attachments: [{ fileName: 'license.lic', contentType: 'text/plain', content: 'SERVER h 0cc47a1f3b90\n' }],
    })
    expect(row(first)).toMatchObject({ claimToken: one.claimToken, claimedUntil: now + LEASE_MS, lastAttemptAt: now })

    // The first claim lapses (its process died while sending): the other connection takes it over.
    const later = now + LEASE_MS
    const taken = (await claimNextDue(b, { now: later, leaseMs: LEASE_MS }))!
    expect(taken).toMatchObject({ emailId: first, attempts: 2, messageId: one.messageId })
    expect(taken.claimToken).not.toBe(one.claimToken)
    // Only the claim that holds records the result.
    expect(await recordSent(a, one, { at: later, answer: '250 OK' })).toBe(false)
    expect(row(first).state).toBe('queued')
    expect(await recordSent(b, taken, { at: later + 5, answer: '250 2.0.0 Ok: queued as 4F2A' })).toBe(true)
    expect(row(first)).toMatchObject({
      state: 'sent',
      sentAt: later + 5,
      answer: '250 2.0.0 Ok: queued as 4F2A',
      nextAttemptAt: null,
      claimToken: null,
      claimedUntil: null,
    })

    // A transient failure queues it again; a permanent one (no retry time) fails it.
    expect(await recordFailure(b, two, { answer: '451 4.3.0 Try again later', retryAt: now + 60_000 })).toBe(true)
    expect(row(second)).toMatchObject({ state: 'queued', nextAttemptAt: now + 60_000, claimToken: null, attempts: 1 })
    expect(await recordFailure(a, three, { answer: '550 5.1.1 Mailbox unavailable', retryAt: null })).toBe(true)
    expect(row(third)).toMatchObject({ state: 'failed', nextAttemptAt: null, answer: '550 5.1.1 Mailbox unavailable' })
    expect(await claimNextDue(a, { now: now + 59_999, leaseMs: LEASE_MS })).toBeNull()
    expect(await claimNextDue(a, { now: now + 60_000, leaseMs: LEASE_MS })).toMatchObject({
      emailId: second,
      attempts: 2,
    })
  })

  it('counts the e-mails waiting to be sent and those that failed', async () => {
    expect(await countDeliveries(b)).toEqual({ queued: 1, failed: 1 })
    await write(a, t0 + 3, 'Fourth')
    expect(await countDeliveries(b)).toEqual({ queued: 2, failed: 1 })
  })
})
