import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'app/**/*.test.{ts,tsx}',
      'api/**/*.test.ts',
      'db/**/*.test.ts',
      'server/**/*.test.ts',
      'tests/api/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: 'forks',
    globalSetup: ['tests/support/system-tools.ts'],
  },
})
