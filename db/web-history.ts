/**
 * Writes a history of web licence use as the service would have recorded it: the checkouts,
 * their transactions (granted, then returned or expired; or denied with a reason) and the web
 * usage aggregates through the same code as the service (db/web-aggregates.ts). Requests come
 * in time order; each pool plays the service's rule for one entitlement: a seat while one is
 * free (a named seat always), else 'no-free-seat'. Used by the demo history (db/seed-web.ts)
 * and the generator (db/seed-web-scale.ts).
 */
import { eq } from 'drizzle-orm'
import { LEASE_MS } from '../app/domain/web-seats'
import type { Db } from './client'
import { insertCheckout, webWrites } from '../api/web-records'
import { webUsers, type webTransactions } from './tables'
import { WebAggregator } from './web-aggregates'

type Writer = Db

export interface HistoryPool {
  entitlementId: number
  accountId: string
  product: string
  type: 'SHARED_WEB' | 'NAMED_USER'
  seats: number
}

export interface HistoryRequest {
  at: number
  pool: number
  user: string
  /** How long the seat would be held. */
  lengthMs: number
  /** The product stops heartbeating instead of checking in: the lease ends the seat. */
  expires?: boolean
  /** Refused for this reason whatever the seats (a user without the right to the entitlement). */
  refused?: 'not-in-group' | 'not-named-user'
  clientHost: string
  productVersion: string
}

interface Seat {
  end: number
  start: number
  checkoutId: string
  user: string
  expires: boolean
  clientHost: string
  productVersion: string
}

/** A min-heap of running seats by end. */
class Seats {
  readonly items: Seat[] = []
  get size() {
    return this.items.length
  }
  peek(): Seat | undefined {
    return this.items[0]
  }
  push(seat: Seat) {
    const a = this.items
    a.push(seat)
    for (let i = a.length - 1; i > 0;) {
      const parent = (i - 1) >> 1
      if (a[parent].end <= a[i].end) break
      ;[a[parent], a[i]] = [a[i], a[parent]]
      i = parent
    }
  }
  pop(): Seat | undefined {
    const a = this.items
    const top = a[0]
    const last = a.pop()
    if (a.length > 0 && last) {
      a[0] = last
      for (let i = 0; ;) {
        const l = 2 * i + 1
        const r = l + 1
        let m = i
        if (l < a.length && a[l].end < a[m].end) m = l
        if (r < a.length && a[r].end < a[m].end) m = r
        if (m === i) break
        ;[a[m], a[i]] = [a[i], a[m]]
        i = m
      }
    }
    return top
  }
}

export class WebHistoryWriter {
  private readonly running: Seats[]
  private readonly aggregator: WebAggregator
  private readonly s: ReturnType<typeof webWrites>
  private ids = 0
  private readonly userIds = new Map<string, number>()
  written = { checkouts: 0, transactions: 0, denied: 0 }

  /**
   * `now`: the moment the history is written at; a seat that would end after it is still
   * running then (its lease renewed by heartbeats), the others have ended.
   */
  constructor(
    private readonly db: Writer,
    private readonly pools: readonly HistoryPool[],
    private readonly now: number,
    private readonly idPrefix: string,
  ) {
    this.running = pools.map(() => new Seats())
    this.aggregator = new WebAggregator(db)
    this.s = webWrites(db)
  }

  private usersRead = false

  /** The ids of the pools' customers' users, by customer and e-mail (read at the first request). */
  private async readUsers() {
    for (const accountId of new Set(this.pools.map((pool) => pool.accountId))) {
      for (const u of await this.db.select().from(webUsers).where(eq(webUsers.accountId, accountId))) {
        this.userIds.set(`${accountId}\u0000${u.email}`, u.id)
      }
    }
    this.usersRead = true
  }

  /** One checkout asked for; requests must come in time order. */
  async request(r: HistoryRequest) {
    if (!this.usersRead) await this.readUsers()
    const pool = this.pools[r.pool]
    await this.endUntil(r.pool, r.at)
    const seats = this.running[r.pool]
    const event = {
      accountId: pool.accountId,
      entitlementId: pool.entitlementId,
      product: pool.product,
      userEmail: r.user,
      at: r.at,
      durationMs: null,
      clientHost: r.clientHost,
      productVersion: r.productVersion,
    }
    const reason = r.refused ?? (pool.type === 'SHARED_WEB' && seats.size >= pool.seats ? 'no-free-seat' : null)
    if (reason) {
      await this.record({ ...event, checkoutId: null, outcome: 'denied', reason }, seats.size)
      this.written.denied++
      return
    }
    const checkoutId = `${this.idPrefix}-${(this.ids++).toString(16).padStart(8, '0')}`
    // Stored times are whole milliseconds: a drawn length is not.
    const end = r.at + Math.max(1000, Math.round(r.lengthMs))
    const live = end > this.now
    // A lease that ran out ends a seat; its last heartbeat was one lease before.
    const lastHeartbeatAt = live ? this.now - ((this.now - r.at) % (LEASE_MS / 3)) : r.expires ? end - LEASE_MS : end
    await insertCheckout(this.db, {
      checkoutId,
      accountId: pool.accountId,
      entitlementId: pool.entitlementId,
      userId: this.userIds.get(`${pool.accountId}\u0000${r.user}`) ?? null,
      userEmail: r.user,
      clientHost: r.clientHost,
      productVersion: r.productVersion,
      startedAt: r.at,
      lastHeartbeatAt: Math.max(r.at, lastHeartbeatAt),
      leaseExpiresAt: live ? lastHeartbeatAt + LEASE_MS : end,
      endedAt: live ? null : end,
      endReason: live ? null : r.expires ? 'expired' : 'returned',
    })
    this.written.checkouts++
    await this.record({ ...event, checkoutId, outcome: 'granted', reason: '' }, seats.size)
    // A seat still running never ends here, but counts against the free seats.
    seats.push({
      end: live ? Infinity : end,
      start: r.at,
      checkoutId,
      user: r.user,
      expires: !!r.expires,
      clientHost: r.clientHost,
      productVersion: r.productVersion,
    })
  }

  /** Ends the seats that end by `now`, and writes the aggregates of everything so far. */
  async finish() {
    for (let i = 0; i < this.pools.length; i++) await this.endUntil(i, this.now)
    await this.flush()
  }

  /** Writes the aggregates of the transactions so far (at the end of each batch). */
  async flush() {
    await this.aggregator.flush()
  }

  private async endUntil(poolIndex: number, at: number) {
    const pool = this.pools[poolIndex]
    const seats = this.running[poolIndex]
    for (let next = seats.peek(); next && next.end <= at; next = seats.peek()) {
      seats.pop()
      await this.record(
        {
          accountId: pool.accountId,
          entitlementId: pool.entitlementId,
          checkoutId: next.checkoutId,
          product: pool.product,
          userEmail: next.user,
          outcome: next.expires ? 'expired' : 'returned',
          reason: '',
          at: next.end,
          durationMs: next.end - next.start,
          clientHost: next.clientHost,
          productVersion: next.productVersion,
        },
        seats.size + 1,
      )
    }
  }

  private async record(row: typeof webTransactions.$inferInsert & { reason: string }, running: number) {
    await this.s.transaction.run(row)
    this.written.transactions++
    await this.aggregator.add(
      {
        accountId: row.accountId,
        entitlementId: row.entitlementId ?? null,
        userEmail: row.userEmail,
        outcome: row.outcome,
        reason: row.reason,
        at: row.at,
        durationMs: row.durationMs ?? null,
      },
      running,
    )
  }
}
