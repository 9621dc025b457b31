/**
 * Set-up file of the API suite on PostgreSQL: run before each test file is loaded, it makes the
 * process's engine PostgreSQL (db/engine.ts reads DATABASE_URL when first loaded), so the test file
 * and the servers it starts in this process use PostgreSQL's tables. Each test server gets a
 * database of its own (tests/api/support/server.ts).
 */
import { inject } from 'vitest'

process.env.DATABASE_URL = inject('postgresUrl')
