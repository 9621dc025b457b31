import { configDefaults, defineConfig } from 'vitest/config'

/**
 * Test files that start a server, open a database file, drive Chromium or
 * replace a module with `vi.mock`: each runs in a process of its own, with the
 * run's seeded database to copy (tests/support/base-database.ts).
 */
const ISOLATED = [
  'tests/api/**/*.test.ts',
  'db/**/*.test.ts',
  'server/**/*.test.ts',
  'app/activations/**/*.test.{ts,tsx}',
  'app/auth/**/*.test.{ts,tsx}',
  'app/pdf/**/*.test.{ts,tsx}',
  'app/guards/**/*.test.{ts,tsx}',
  'app/request/**/*.test.{ts,tsx}',
  'app/api-client/**/*.test.{ts,tsx}',
  'app/screens/navigation.elastic-off.test.ts',
]

/**
 * The API suite that also runs on PostgreSQL (project `postgres`): each file loads with PostgreSQL as
 * its process's engine, and its test servers each get a copy of the seeded database in the run's
 * PostgreSQL server.
 */
const ON_POSTGRES = ['tests/api/**/*.test.ts']

/** API tests about SQLite itself, or that move data between the engines (they run in `isolated`). */
const SQLITE_ONLY = ['tests/api/db-backup.test.ts', 'tests/api/db-copy-postgres.test.ts']

/** Every test file. */
const ALL = [
  'app/**/*.test.{ts,tsx}',
  'api/**/*.test.ts',
  'db/**/*.test.ts',
  'server/**/*.test.ts',
  'tests/api/**/*.test.ts',
  'scripts/**/*.test.ts',
]

export default defineConfig({
  test: {
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ISOLATED,
          globalSetup: [
            'tests/support/system-tools.ts',
            'tests/support/base-database.ts',
            'tests/support/postgres-server.ts',
          ],
          // Two files at a time: they mostly wait (servers, Chromium, child processes). Vitest's default on a
          // 2-CPU machine is one. A project with its own worker count runs as a group of its own, after `unit`.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ON_POSTGRES,
          exclude: [...configDefaults.exclude, ...SQLITE_ONLY],
          globalSetup: [
            'tests/support/system-tools.ts',
            'tests/support/base-database.ts',
            'tests/support/postgres-server.ts',
            'tests/support/postgres-base.ts',
          ],
          setupFiles: ['tests/support/postgres-engine.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
      {
        // Pure rules and rendering, no I/O: one process runs many files in turn
        // without loading the modules again for each (a file of its own costs half a second).
        extends: true,
        test: {
          name: 'unit',
          include: ALL,
          exclude: [...configDefaults.exclude, ...ISOLATED],
          isolate: false,
        },
      },
    ],
  },
})
