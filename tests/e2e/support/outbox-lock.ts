/**
 * Acme's e-mail list is read with its demo figures (tests/e2e/emails.spec.ts),
 * and an FSA order writes a confirmation e-mail to the same outbox. The two
 * take turns through this lock (a directory, which one process at a time can
 * create): the e-mail journeys hold it while they run; an FSA journey holds it
 * from its order until it has checked and removed its confirmation e-mail.
 */
import fs from 'node:fs'
import path from 'node:path'
import { e2eDataDir } from './data-dir'

const LOCK = path.join(e2eDataDir(Number(process.env.E2E_PORT ?? 3100)), 'acme-outbox.lock')
/** A lock older than this was left by a process that died. */
const STALE_MS = 5 * 60_000
const POLL_MS = 200

function tryLock(): boolean {
  try {
    fs.mkdirSync(LOCK)
    return true
  } catch {
    const age = Date.now() - (fs.statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now())
    if (age > STALE_MS) fs.rmSync(LOCK, { recursive: true, force: true })
    return false
  }
}

export async function lockAcmeOutbox(): Promise<void> {
  while (!tryLock()) await new Promise((resolve) => setTimeout(resolve, POLL_MS))
}

export function unlockAcmeOutbox(): void {
  fs.rmSync(LOCK, { recursive: true, force: true })
}

export async function withAcmeOutbox<T>(work: () => Promise<T>): Promise<T> {
  await lockAcmeOutbox()
  try {
    return await work()
  } finally {
    unlockAcmeOutbox()
  }
}
