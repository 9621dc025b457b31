import type { Db } from './client'

/** Seeds the demo data set when the database is empty. (placeholder until built) */
export async function ensureSeeded(_db: Db) {}
