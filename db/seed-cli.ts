/**
 * npm run db:seed -- [--reset] [--scale N]
 *   (no flags)  seed the demo data set if the database has no accounts yet
 *   --reset     clear all data first, then seed the demo data set
 *   --scale N   add N generated customers, each with one to three contacts
 */
import { parseArgs } from 'node:util'
import { loadConfig } from '../server/config'
import { openDb } from './client'
import { clearData, ensureSeeded, seedScale } from './seed'

const { values } = parseArgs({
  options: {
    reset: { type: 'boolean', default: false },
    scale: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
})

if (values.help) {
  console.log('Usage: npm run db:seed -- [--reset] [--scale N]')
  process.exit(0)
}

const scale = values.scale === undefined ? 0 : Number(values.scale)
if (!Number.isInteger(scale) || scale < 0) {
  console.error(`--scale needs a whole number, got '${values.scale}'`)
  process.exit(2)
}

const config = loadConfig()
const db = openDb(config.databasePath)
console.log(`Database: ${config.databasePath}`)

try {
  if (values.reset) {
    const cleared = clearData(db)
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
  console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s. Every user's password is 'demo'.`)
} finally {
  db.$client.close()
}
