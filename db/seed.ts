/**
 * Seeding: the demo data set (`seedDemo`) and generated customers for scale work
 * (`seedScale`). `seedDemo` runs its steps in order inside one transaction; an area
 * that brings its own demo data adds a step to `demoSteps`.
 */
import type { Tx } from './transact'
import { transact } from './transact'
import { count, getTableName, gte, max, sql } from 'drizzle-orm'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Db } from './client'
import * as tables from './tables'
import { accountAccess, accounts, featureFlags, userFeatureFlags, users } from './tables'
import { portalTables } from './portal-tables'
import { hashPassword } from './passwords'
import { DEMO_GENERATED_CUSTOMERS, DEMO_PASSWORD, demoAccounts, demoFeatureFlags, demoUsers } from './seed-data'
import { FIRST_GENERATED_NUMBER, generateCustomer } from './seed-scale'
import { emailsStep, statementEmailsStep } from './seed-emails'
import { notificationsStep } from './seed-notifications'
import { elasticStep } from './seed-elastic'
import { licensingStep } from './seed-licensing'
import { fsaStep } from './seed-fsa'
import { insertGeneratedWeb, webStep } from './seed-web'
import { setWebLicenseFlags } from './web-license-flags'

export interface SeedContext {
  tx: Tx
  /** User ids of the demo users by lower-case e-mail. */
  userIds: Map<string, number>
  /** A ready `demo` password hash shared by generated contacts (hashing each would take minutes at scale). */
  sharedPasswordHash: string
}

export interface DemoStep {
  name: string
  run(ctx: SeedContext): void
}

const BATCH = 500

function insertAccountsStep(): DemoStep {
  return {
    name: 'accounts',
    run: async ({ tx }) => {
      await tx.insert(accounts).values(demoAccounts)
    },
  }
}

function insertUsersStep(hashes: Map<string, string>): DemoStep {
  return {
    name: 'users',
    run: async ({ tx, userIds }) => {
      for (const u of demoUsers) {
        const email = u.email.toLowerCase()
        const row = (
          await tx
            .insert(users)
            .values({ email, name: u.name, roles: u.roles, active: u.active ?? 1, passwordHash: hashes.get(email)! })
            .returning({ id: users.id })
        )[0]
        userIds.set(email, row.id)
        for (const a of u.access ?? []) {
          await tx.insert(accountAccess).values({
            userId: row.id,
            accountId: a.accountId,
            role: a.role,
            isFnpLicenseGenerator: a.isFnpLicenseGenerator ?? 0,
            isSales: a.isSales ?? 0,
            isSalesAccess: a.isSalesAccess ?? 0,
          })
        }
      }
    },
  }
}

function insertFeatureFlagsStep(): DemoStep {
  return {
    name: 'feature flags',
    run: async ({ tx, userIds }) => {
      await tx.insert(featureFlags).values(demoFeatureFlags.map((f, i) => ({ ...f, sortOrder: i })))
      for (const u of demoUsers) {
        if (!u.features) continue
        const userId = userIds.get(u.email.toLowerCase())!
        await tx.insert(userFeatureFlags).values({ userId, enabled: u.features, updatedAt: Date.now() })
      }
    },
  }
}

function generatedCustomersStep(n: number): DemoStep {
  return {
    name: `${n} generated customers`,
    run: async (ctx) => {
      await insertGenerated(ctx.tx, FIRST_GENERATED_NUMBER, n, ctx.sharedPasswordHash)
    },
  }
}

/** Inserts customers number `first` .. `first + n - 1` with their contacts. Returns the contact count. */
async function insertGenerated(tx: Tx, first: number, n: number, passwordHash: string) {
  let contacts = 0
  for (let start = 0; start < n; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, n - start) }, (_, i) => generateCustomer(first + start + i))
    await tx.insert(accounts).values(batch.map(({ contacts: _c, web: _w, ...account }) => account))
    for (const customer of batch) {
      for (const c of customer.contacts) {
        // Subsidiaries of one company share a mail domain, so a contact may serve several customers.
        const user = (
          await tx
            .insert(users)
            .values({ email: c.email, name: c.name, roles: ['user'], passwordHash })
            .onConflictDoUpdate({ target: users.email, set: { email: sql`excluded.email` } })
            .returning({ id: users.id })
        )[0]
        await tx
          .insert(accountAccess)
          .values({ userId: user.id, accountId: customer.accountId, role: c.role })
          .onConflictDoNothing()
        contacts++
      }
      if (customer.web) await insertGeneratedWeb(tx, customer.accountId, customer.web)
    }
    await setWebLicenseFlags(
      tx,
      batch.map((c) => c.accountId),
    )
  }
  return contacts
}

async function hashesFor(emails: string[]) {
  const entries = await Promise.all(emails.map(async (e) => [e, await hashPassword(DEMO_PASSWORD)] as const))
  return new Map(entries)
}

export interface SeedSummary {
  accounts: number
  users: number
  steps: string[]
}

async function tableCount(db: Db, table: typeof accounts | typeof users) {
  return (await db.select({ n: count() }).from(table))[0]?.n ?? 0
}

/** Loads the demo data set. Expects an empty database. */
export async function seedDemo(db: Db): Promise<SeedSummary> {
  const hashes = await hashesFor(demoUsers.map((u) => u.email.toLowerCase()))
  const sharedPasswordHash = await hashPassword(DEMO_PASSWORD)
  const demoSteps: DemoStep[] = [
    insertAccountsStep(),
    insertUsersStep(hashes),
    insertFeatureFlagsStep(),
    generatedCustomersStep(DEMO_GENERATED_CUSTOMERS),
    emailsStep(),
    notificationsStep(),
    elasticStep(),
    licensingStep(),
    fsaStep(),
    webStep(),
    // After the usage: the statements are worked out from it.
    statementEmailsStep(),
  ]
  await transact(db, async (tx) => {
    const ctx: SeedContext = { tx, userIds: new Map(), sharedPasswordHash }
    for (const step of demoSteps) await step.run(ctx)
  })
  return {
    accounts: await tableCount(db, accounts),
    users: await tableCount(db, users),
    steps: demoSteps.map((s) => s.name),
  }
}

/** Seeds the demo data set when there are no accounts yet. Returns what it did, or null. */
export async function ensureSeeded(db: Db): Promise<SeedSummary | null> {
  if ((await tableCount(db, accounts)) > 0) return null
  return await seedDemo(db)
}

export interface ScaleSummary {
  first: string
  last: string
  customers: number
  contacts: number
}

/** Adds `n` generated customers after the highest generated number, each with one to three contacts. */
export async function seedScale(db: Db, n: number): Promise<ScaleSummary> {
  if (!Number.isInteger(n) || n < 1) throw new Error('seedScale: n must be a positive whole number')
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  return await transact(db, async (tx) => {
    const highest = (
      await tx
        .select({ id: max(sql<number>`CAST(${accounts.accountId} AS INTEGER)`) })
        .from(accounts)
        .where(gte(sql`CAST(${accounts.accountId} AS INTEGER)`, FIRST_GENERATED_NUMBER))
    )[0]?.id
    const first = highest ? Number(highest) + 1 : FIRST_GENERATED_NUMBER
    const contacts = await insertGenerated(tx, first, n, passwordHash)
    return { first: String(first), last: String(first + n - 1), customers: n, contacts }
  })
}

/** Removes all data rows except the server's own settings (signing keys), keeping the schema; the tables emptied. */
export async function clearData(db: Db) {
  const byName = new Map<string, SQLiteTable>(Object.values(tables).map((t) => [getTableName(t), t]))
  const stamps = getTableName(tables.accountChanges)
  // Each table before the tables it references; the change stamps last, as deleting rows of other tables stamps them.
  const names = portalTables()
    .map((t) => t.name)
    .reverse()
    .filter((name) => name !== getTableName(tables.settings) && name !== stamps)
    .concat(stamps)
  await transact(db, async (tx) => {
    for (const name of names) await tx.delete(byName.get(name)!)
  })
  return names
}
