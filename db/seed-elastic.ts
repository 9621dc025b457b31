import type { DemoStep } from './seed'
import { elasticServers } from './tables'

type ElasticServerRow = typeof elasticServers.$inferInsert

/** Fixed creation times, so "the first server" of a customer is stable. */
const CREATED = Date.UTC(2024, 0, 15)

/**
 * Demo elastic licence servers: Acme's with a PIN, allowed usernames and two IP rules;
 * Borealis's with no PIN yet (the credentials screen generates one on first visit);
 * Embargo's (export-denied, reachable through the API only).
 */
export const demoElasticServers: ElasticServerRow[] = [
  {
    deviceId: 'ELS-1000001-7F3A9C21',
    accountId: '1000001',
    alias: 'Acme Elastic License Server',
    pin: '482915',
    usernames: ['jdoe', 'asmith', 'ci-runner'],
    whitelist: [
      { rulename: 'Head office', ipaddress: '203.0.113.0/24' },
      { rulename: 'VPN gateway', ipaddress: '2001:db8:10::/48' },
    ],
    createdAt: CREATED,
  },
  {
    deviceId: 'ELS-1000002-4B81D0E6',
    accountId: '1000002',
    alias: 'Borealis Elastic License Server',
    pin: null,
    usernames: [],
    whitelist: [],
    createdAt: CREATED,
  },
  {
    deviceId: 'ELS-1000005-90C2E7A4',
    accountId: '1000005',
    alias: 'Embargo Elastic License Server',
    pin: '305117',
    usernames: ['operator'],
    whitelist: [{ rulename: 'Plant network', ipaddress: '198.51.100.0/24' }],
    createdAt: CREATED,
  },
]

/** Demo data: elastic servers and credentials. */
export function elasticStep(): DemoStep {
  return {
    name: 'elastic servers and credentials',
    run: async ({ tx }) => {
      await tx.insert(elasticServers).values(demoElasticServers)
    },
  }
}
