/**
 * How the data benches time a page against its own SQL: the whole answer of a GET, the two
 * timed in turns (after a few warm-up rounds, alternating which goes first, so neither always
 * runs on the other's warm cache), and the server's resident memory at its highest meanwhile.
 */
import { processRssMb, SetupError, sleep } from './bench-server'

const RSS_SAMPLE_MS = 5

/** The whole answer of a GET as bytes; anything but a 200 is a failure. */
export async function download(url: string, cookie: string): Promise<Buffer> {
  const res = await fetch(url, { headers: { cookie }, redirect: 'manual', signal: AbortSignal.timeout(60_000) })
  const body = Buffer.from(await res.arrayBuffer())
  if (res.status !== 200) {
    const detail = res.headers.get('location') ?? body.toString('utf8', 0, 300)
    throw new SetupError(`GET ${url}: HTTP ${res.status} ${detail}`)
  }
  return body
}

/**
 * `warmup` untimed rounds of both, then `repetitions` timed ones, alternating which goes first.
 * `sql` may be asynchronous (steps of a page run in process); a synchronous one is timed without a wait.
 */
export async function timeInTurns(
  page: () => Promise<unknown>,
  sql: () => unknown,
  { warmup, repetitions }: { warmup: number; repetitions: number },
): Promise<{ pageMs: number[]; sqlMs: number[] }> {
  const pageMs: number[] = []
  const sqlMs: number[] = []
  const timedPage = async () => {
    const started = performance.now()
    await page()
    pageMs.push(performance.now() - started)
  }
  const timedSql = async () => {
    const started = performance.now()
    const result = sql()
    if (result instanceof Promise) await result
    sqlMs.push(performance.now() - started)
  }
  for (let i = 0; i < warmup; i++) {
    await page()
    await sql()
  }
  for (let i = 0; i < repetitions; i++) {
    if (i % 2 === 0) {
      await timedPage()
      await timedSql()
    } else {
      await timedSql()
      await timedPage()
    }
  }
  return { pageMs, sqlMs }
}

/**
 * How much the server's resident memory (VmRSS) grew while `during` ran: its highest value then
 * over its value just before (after a pause, so earlier work has settled); undefined off Linux.
 */
export async function rssGrowthMb(
  pid: number | undefined,
  during: () => Promise<unknown>,
): Promise<number | undefined> {
  await sleep(500)
  const before = processRssMb(pid)
  const peak = await peakRss(pid, during)
  return peak !== null && before !== null ? peak - before : undefined
}

/** Samples the server's resident memory while `during` runs; the highest value seen. */
async function peakRss(pid: number | undefined, during: () => Promise<unknown>): Promise<number | null> {
  let peak = processRssMb(pid)
  const timer = setInterval(() => {
    const now = processRssMb(pid)
    if (now !== null && (peak === null || now > peak)) peak = now
  }, RSS_SAMPLE_MS)
  try {
    await during()
  } finally {
    clearInterval(timer)
  }
  const last = processRssMb(pid)
  return last !== null && (peak === null || last > peak) ? last : peak
}

type Times = { pageMs: number[]; sqlMs: number[] }

/**
 * One case's times (`run`: its check and `timeInTurns`); an export's also with the server's memory
 * growth, from before its first download: an export that held its rows would grow the heap during
 * the warm-up.
 */
export async function timeCase(
  isExport: boolean,
  serverPid: number | undefined,
  run: () => Promise<Times>,
): Promise<{ times: Times; rssGrowth: number | undefined }> {
  if (!isExport) return { times: await run(), rssGrowth: undefined }
  let times: Times = { pageMs: [], sqlMs: [] }
  const rssGrowth = await rssGrowthMb(serverPid, async () => {
    times = await run()
  })
  return { times, rssGrowth }
}
