/**
 * npm run db:seed -- [--reset] [--scale N] [--usage N --customer C]
 *   (no flags)     seed the demo data set if the database has no accounts yet
 *   --reset        clear all data first, then seed the demo data set
 *   --scale N      add N generated customers, each with one to three contacts
 *   --usage N      append N generated usage sessions for customer C (default 1000001)
 *   --web-checkouts N  append N generated web licence checkouts for customer C over two years
 */
import { parseArgs } from 'node:util'
import { loadConfig } from '../server/config'
import { closeDatabase, openDatabase } from './client'
import { clearData, ensureSeeded, seedScale } from './seed'
import { seedUsageScale } from './seed-usage-scale'
import { seedWebScale } from './seed-web-scale'

const { values } = parseArgs({
  options: {
    reset: { type: 'boolean', default: false },
    scale: { type: 'string' },
    usage: { type: 'string' },
    'web-checkouts': { type: 'string' },
    customer: { type: 'string', default: '1000001' },
    help: { type: 'boolean', short: 'h', default: false },
  },
})

if (values.help) {
  console.log('Usage: npm run db:seed -- [--reset] [--scale N] [--usage N] [--web-checkouts N] [--customer C]')
  process.exit(0)
}

function wholeNumber(flag: string, text: string | undefined) {
  const n = text === undefined ? 0 : Number(text)
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${flag} needs a whole number, got '${text}'`)
    process.exit(2)
  }
  return n
}
const scale = wholeNumber('scale', values.scale)
const usage = wholeNumber('usage', values.usage)
const webCheckouts = wholeNumber('web-checkouts', values['web-checkouts'])

const config = loadConfig()
const db = await openDatabase(config)
// The address's database only: it may carry a password.
const where = config.databaseUrl ? `PostgreSQL ${new URL(config.databaseUrl).pathname.slice(1)}` : config.databasePath
console.log(`Database: ${where}`)

try {
  if (values.reset) {
    const cleared = await clearData(db)
    console.log(`Cleared ${cleared.length} tables (server settings kept).`)
  }
  const started = Date.now()
  const demo = await ensureSeeded(db)
  if (demo) {
    console.log(`Seeded the demo data set (${demo.steps.join(', ')}): ${demo.accounts} accounts, ${demo.users} users.`)
  } else {
    console.log('The database already holds accounts; demo data left as is (use --reset to start over).')
  }
  if (scale > 0) {
    const added = await seedScale(db, scale)
    console.log(
      `Added ${added.customers} generated customers (${added.first}..${added.last}) with ${added.contacts} contacts.`,
    )
  }
  if (usage > 0) {
    const customer = values.customer
    const added = await seedUsageScale(db, {
      customer,
      sessions: usage,
      progress: (n) => process.stdout.write(`\r${n} of ${usage} sessions`),
    })
    console.log(`\nAdded ${added.sessions} usage sessions for ${customer} on entitlement ${added.activationId}.`)
  }
  if (webCheckouts > 0) {
    const customer = values.customer
    const added = await seedWebScale(db, {
      customer,
      checkouts: webCheckouts,
      progress: (n) => process.stdout.write(`\r${n} of ${webCheckouts} web checkouts`),
    })
    console.log(
      `\nAdded ${added.checkouts} web checkouts (${added.denied} denied, ${added.transactions} transactions) for ${customer} on ${added.entitlements} web entitlements in ${(added.ms / 1000).toFixed(1)} s.`,
    )
  }
  console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s. Every user's password is 'demo'.`)
} finally {
  await closeDatabase(db)
}
