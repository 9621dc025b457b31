/**
 * The throw-away database of the server the browser suite starts (see
 * playwright.config.ts), for a setup no API call makes (e.g. an e-mail with an
 * attachment). Journeys otherwise go through the portal and its API.
 */
import path from 'node:path'
import { openDb, type Db, closeDb } from '../../../db/client'
import { transact } from '../../../db/transact'
import { e2eDataDir } from './data-dir'

/** Runs `work` in one transaction on the suite server's database and closes it again. */
export async function withE2eDb<T>(work: (db: Db) => T | Promise<T>): Promise<T> {
  const db = openDb(path.join(e2eDataDir(Number(process.env.E2E_PORT ?? 3100)), 'portal.db'))
  try {
    return await transact(db, async (tx) => await work(tx))
  } finally {
    closeDb(db)
  }
}
