/**
 * npm run bench -- --scenario home-page [--quick] [--repetitions N] [--reseed] [--build]
 *
 * The home page at a million sessions, on the usage scenario's cached database
 * (scripts/bench-usage.ts: 1,000,000 sessions for 1000001, 4,000,000 for
 * others; --quick for a tenth), signed in as admin@acme.example:
 *
 *   1. home: the full document GET of /home?customer=1000001 (what a browser
 *      gets on sign-in; the whole body read) against the API's own summary,
 *      homeSummary of api/home.ts run directly on the file in this process,
 *      alternating which goes first after a few warm-up rounds. First once to
 *      check that the HTML holds the summary's markers (the cards, each card,
 *      the current usage total).
 *   2. home-data: the same for the screen's data request
 *      (/home.data?customer=1000001&_routes=routes/_portal.home, single fetch).
 *
 * Target: p50 under 150 ms. The ratio to the SQL is reported but not part of
 * the target (scripts/bench-home-cases.ts). One JSON line per case on stdout,
 * then a summary line. Exit code 0 when every case met its target, 1 otherwise,
 * 2 on a setup failure.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { homeSummary } from '../api/home'
import { findActiveUser, type ApiUser } from '../api/auth'
import type { Db } from '../db/client'
import { BENCH_CUSTOMER, BENCH_USER, log, SetupError } from './bench-server'
import { onUsageDatabase, runSettings, type UsageScenarioOptions } from './bench-usage'
import { download, timeInTurns } from './bench-timing'
import type { CaseLine } from './bench-usage-cases'
import { homeDataUrl, homeLine, homeMarkers, homePageUrl, homeSummaryLine, missingMarkers } from './bench-home-cases'

export function homePageScenario(options: UsageScenarioOptions): Promise<never> {
  return onUsageDatabase(options, async ({ db, baseUrl, cookie, sizes, info }) => {
    // The user as the API's authentication finds it for the signed-in e-mail.
    const user = await findActiveUser(db, BENCH_USER)
    if (!user) throw new SetupError(`${BENCH_USER} is not an active user of the database`)
    await checkPage(db, user, `${baseUrl}${homePageUrl(BENCH_CUSTOMER)}`, cookie)
    const lines: CaseLine[] = []
    for (const [name, url] of [
      ['home', homePageUrl(BENCH_CUSTOMER)],
      ['home-data', homeDataUrl(BENCH_CUSTOMER)],
    ]) {
      const line = await homeCase(db, user, name, `${baseUrl}${url}`, cookie, sizes)
      console.log(JSON.stringify(line))
      lines.push(line)
    }
    console.log(JSON.stringify(homeSummaryLine(lines, runSettings(options, sizes, info))))
    return lines.every((l) => l.met) ? 0 : 1
  })
}

const summarize = async (db: Db, user: ApiUser) => await homeSummary(db, user, BENCH_CUSTOMER, { fresh: true })

/** Once: the page shows what the API computes (the cards and the current usage total). */
async function checkPage(db: Db, user: ApiUser, url: string, cookie: string) {
  const summary = await summarize(db, user)
  if (!summary.usage) throw new SetupError(`the summary of ${BENCH_CUSTOMER} for ${BENCH_USER} has no usage card`)
  const html = (await download(url, cookie)).toString()
  const missing = missingMarkers(html, homeMarkers(summary))
  if (missing.length > 0) {
    const file = path.join(os.tmpdir(), 'portal-bench-home.html')
    fs.writeFileSync(file, html)
    throw new SetupError(`home: the page lacks ${missing.join(', ')} (the page is in ${file})`)
  }
  log(`home: cards ${summary.cards.join(', ')}; current usage ${summary.usage.current.total} ${summary.usage.currency}`)
}

async function homeCase(
  db: Db,
  user: ApiUser,
  name: string,
  url: string,
  cookie: string,
  sizes: { repetitions: number; warmup: number },
): Promise<CaseLine> {
  const { pageMs, sqlMs } = await timeInTurns(
    () => download(url, cookie),
    async () => await summarize(db, user),
    sizes,
  )
  return homeLine(name, pageMs, sqlMs)
}
