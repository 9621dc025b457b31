/**
 * Vitest's global setup: the demo database is created, migrated and seeded once
 * per run, and every test server starts on a copy of it instead of seeding its
 * own (seeding takes over a second; a copy a few milliseconds). The seed dates
 * its data from the day it runs, so a base made at the start of the run is as
 * current as one made by each test file.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { inject } from 'vitest'
import type { TestProject } from 'vitest/node'
import { openDb, closeDb } from '../../db/client'
import { seedDemo } from '../../db/seed'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded demo database of this run, to be copied, never opened in place. */
    baseDatabase: string
  }
}

export default async function buildBaseDatabase(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-base-'))
  const db = openDb(path.join(dir, 'seeding.db'))
  try {
    await seedDemo(db)
    const base = path.join(dir, 'portal.db')
    // One self-contained file (no -wal beside it) that can be copied as it is (VACUUM writes: the
    // database's own connection only reads).
    const copier = new Database(path.join(dir, 'seeding.db'))
    copier.prepare('VACUUM INTO ?').run(base)
    copier.close()
    project.provide('baseDatabase', base)
  } finally {
    closeDb(db)
  }
  return () => fs.rmSync(dir, { recursive: true, force: true })
}

/**
 * Puts a copy of the run's seeded database at `file` (which must not exist yet).
 * Returns false outside a vitest run, where the server seeds the file itself.
 */
export function copyBaseDatabase(file: string): boolean {
  const base = inject('baseDatabase')
  if (!base) return false
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.copyFileSync(base, file, fs.constants.COPYFILE_EXCL)
  return true
}
