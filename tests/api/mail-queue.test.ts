/**
 * The delivery queue's claims on a copy of the seeded database (a SQLite file, or a PostgreSQL
 * database), through two handles as two processes hold them: an e-mail is claimed by one at a time, a lapsed claim can be taken over, and only
 * the holder of the claim records the result. The counts of queued and failed e-mails feed a
 * mail-queue gauge.
 */
import { transact } from '../../db/transact'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { closeDatabase, openDatabase, type Db } from '../../db/client'
import { ENGINE } from '../../db/engine'
import { first as firstRow } from '../../db/query'
import { emailDeliveries } from '../../db/tables'
import { copyBaseDatabase } from '../support/base-database'
import { dropPgDatabase, newPgDatabase } from '../support/postgres-server'
import { claimNextDue, countDeliveries, recordFailure, recordSent } from '../../api/mail-queue'
import { writeOutboxEmail } from '../../api/outbox'

const LEASE_MS = 60_000
const DOMAIN = 'portal.test'
let dir: string
let databaseUrl: string | null = null
let a: Db
let b: Db

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-queue-'))
  const databasePath = path.join(dir, 'portal.db')
  if (ENGINE === 'postgres') databaseUrl = await newPgDatabase('mail_queue', { seeded: true })
  else copyBaseDatabase(databasePath)
  a = await openDatabase({ databasePath, databaseUrl })
  b = await openDatabase({ databasePath, databaseUrl })
})

afterAll(async () => {
  if (a) await closeDatabase(a)
  if (b) await closeDatabase(b)
  if (databaseUrl) await dropPgDatabase(databaseUrl)
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

const row = async (emailId: number) =>
  (await firstRow(a.select().from(emailDeliveries).where(eq(emailDeliveries.emailId, emailId))))!

describe('the delivery queue', () => {
  const t0 = Date.UTC(2026, 2, 5, 10, 0)
  let first: number
  let second: number
  let third: number

  it('queues an e-mail with its own Message-ID, due when it is written', async () => {
    first = await write(a, t0, 'First', [{ fileName: 'license.lic', content: 'SERVER h 0cc47a1f3b90\n' }])
    second = await write(a, t0 + 1, 'Second')
    third = await write(b, t0 + 2, 'Third')
    expect(await row(first)).toMatchObject({
      state: 'queued',
      attempts: 0,
      queuedAt: t0,
      nextAttemptAt: t0,
      claimToken: null,
    })
    expect((await row(first)).messageId).toMatch(/^<[0-9a-f-]{36}@portal\.test>$/)
    expect((await row(second)).messageId).not.toBe((await row(first)).messageId)
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
      messageId: (await row(first)).messageId,
      attachments: [{ fileName: 'license.lic', contentType: 'text/plain', content: 'SERVER h 0cc47a1f3b90\n' }],
    })
    expect(await row(first)).toMatchObject({
      claimToken: one.claimToken,
      claimedUntil: now + LEASE_MS,
      lastAttemptAt: now,
    })

    // The first claim lapses (its process died while sending): the other connection takes it over.
    const later = now + LEASE_MS
    const taken = (await claimNextDue(b, { now: later, leaseMs: LEASE_MS }))!
    expect(taken).toMatchObject({ emailId: first, attempts: 2, messageId: one.messageId })
    expect(taken.claimToken).not.toBe(one.claimToken)
    // Only the claim that holds records the result.
    expect(await recordSent(a, one, { at: later, answer: '250 OK' })).toBe(false)
    expect((await row(first)).state).toBe('queued')
    expect(await recordSent(b, taken, { at: later + 5, answer: '250 2.0.0 Ok: queued as 4F2A' })).toBe(true)
    expect(await row(first)).toMatchObject({
      state: 'sent',
      sentAt: later + 5,
      answer: '250 2.0.0 Ok: queued as 4F2A',
      nextAttemptAt: null,
      claimToken: null,
      claimedUntil: null,
    })

    // A transient failure queues it again; a permanent one (no retry time) fails it.
    expect(await recordFailure(b, two, { answer: '451 4.3.0 Try again later', retryAt: now + 60_000 })).toBe(true)
    expect(await row(second)).toMatchObject({
      state: 'queued',
      nextAttemptAt: now + 60_000,
      claimToken: null,
      attempts: 1,
    })
    expect(await recordFailure(a, three, { answer: '550 5.1.1 Mailbox unavailable', retryAt: null })).toBe(true)
    expect(await row(third)).toMatchObject({
      state: 'failed',
      nextAttemptAt: null,
      answer: '550 5.1.1 Mailbox unavailable',
    })
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
