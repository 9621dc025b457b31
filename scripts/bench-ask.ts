/**
 * npm run bench -- --scenario ask [--repetitions N] [--web-concurrency N] [--build]
 *
 * 'Ask anything' (issue 37) on the demo data: a production server on a fresh database seeded on
 * first start, signed in as admin@acme.example (a customer administrator of Acme, 1000001). For
 * one question per intent, a how-to, an unknown question and a follow-up with its context
 * (scripts/bench-ask-cases.ts), the whole document GET of /ask?customer=1000001&q=…, sequential,
 * 30 timed repetitions after 5 warm-up rounds. In turns with each request, the same answer's steps
 * run in this process on the server's API with the user's token (the code /ask runs: reading the
 * names, the understanding, the answer) and are timed one by one: the breakdown. The rest of a
 * page's time is the portal's own (the signed-in shell, rendering the document).
 *
 * First, once per case: the question is understood as its intent, and the page shows an answer
 * of the kind that intent gives. Target: the p50 of all the cases' requests together under
 * 100 ms. Stdout: a table, one JSON line per case and a summary line. Exit code 0 when the target
 * was met, 1 otherwise, 2 on a setup failure. One server process by default (the requests are
 * sequential).
 */
import os from 'node:os'
import path from 'node:path'
import { createApiClient, type ApiClient } from '../app/api-client/client.server'
import {
  answerUnderstood,
  askQuestion,
  understandQuestion,
  type AskParts,
  type AskRequest,
} from '../app/ask/ask.server'
import { encodeContext } from '../app/ask/context.server'
import { askParts } from '../app/ask/parts.server'
import { loadConfig } from '../server/config'
import { getAccessToken } from '../tests/support/tokens'
import {
  BENCH_CUSTOMER,
  BENCH_PASSWORD,
  BENCH_USER,
  BenchRun,
  ensureBuild,
  log,
  runAndExit,
  serverEnv,
  SetupError,
  signIn,
} from './bench-server'
import { download, timeInTurns } from './bench-timing'
import {
  askCases,
  askLine,
  askSummary,
  askTable,
  askUrl,
  expectedKinds,
  showsAnswer,
  type AskCase,
  type AskLine,
  type AskSteps,
} from './bench-ask-cases'

const REPETITIONS = 30
const WARMUP = 5
const CUSTOMER = { number: BENCH_CUSTOMER, name: 'Acme Aerospace' }

export interface AskScenarioOptions {
  repetitions?: number
  webConcurrency?: number
  build: boolean
}

/** A case's request as /ask makes it, with its follow-up context. */
interface Prepared {
  c: AskCase
  url: string
  request: () => AskRequest
}

/**
 * The answer's steps, run and timed in this process: the understanding (every run of it) and the
 * names read around it (understandQuestion's own time less the understanding's), then the answer.
 */
async function timeSteps(request: AskRequest): Promise<AskSteps> {
  let understandMs = 0
  const parts: AskParts = {
    ...askParts,
    understand: async (...args) => {
      const started = performance.now()
      const understanding = await askParts.understand(...args)
      understandMs += performance.now() - started
      return understanding
    },
  }
  const started = performance.now()
  const understanding = await understandQuestion(request, parts)
  const understood = performance.now()
  await answerUnderstood(understanding, request, askParts)
  return {
    namesMs: understood - started - understandMs,
    understandMs,
    answerMs: performance.now() - understood,
  }
}

/** Each case's address and request; a follow-up's context is its earlier case's answer's. */
async function prepare(api: ApiClient, baseUrl: string): Promise<Prepared[]> {
  const prepared: Prepared[] = []
  const contexts = new Map<string, AskRequest['context']>()
  for (const c of askCases()) {
    const context = c.after ? contexts.get(c.after) : undefined
    if (c.after && !context) throw new SetupError(`${c.name}: ${c.after} gave no context to follow up`)
    const request = () => ({ question: c.question, context, customer: CUSTOMER, api, now: Date.now() })
    const answer = await askQuestion(request(), askParts)
    if (answer.context) contexts.set(c.name, answer.context)
    prepared.push({ c, url: `${baseUrl}${askUrl(c, CUSTOMER.number, context && encodeContext(context))}`, request })
  }
  return prepared
}

/** Once per case: the question is understood as its intent and the page shows that kind of answer. */
async function check({ c, url, request }: Prepared, cookie: string) {
  const { intent } = await understandQuestion(request(), askParts)
  if (intent !== c.intent)
    throw new SetupError(`${c.name}: '${c.question}' is understood as ${intent}, not ${c.intent}`)
  const html = (await download(url, cookie)).toString()
  if (!showsAnswer(html, expectedKinds(c.intent))) {
    throw new SetupError(`${c.name}: the page does not show an answer of kind ${expectedKinds(c.intent).join(' or ')}`)
  }
}

export function askScenario(options: AskScenarioOptions): Promise<never> {
  const repetitions = options.repetitions ?? REPETITIONS
  const run = new BenchRun((options.build ? 5 * 60_000 : 0) + 15 * 60_000)
  return runAndExit(run, async () => {
    ensureBuild(options.build)
    const webConcurrency = options.webConcurrency ?? 1
    const server = await serverEnv(path.join(run.tempDir(), 'portal.db'), webConcurrency)
    await run.startServer(server)
    const cookie = await signIn(server.baseUrl)
    const token = await getAccessToken(server.baseUrl, BENCH_USER, BENCH_PASSWORD)
    const api = createApiClient(loadConfig(server.env), token)
    const prepared = await prepare(api, server.baseUrl)
    for (const p of prepared) await check(p, cookie)
    log(`${prepared.length} questions understood and answered; ${WARMUP} warm-up rounds, then ${repetitions} timed`)

    const lines: AskLine[] = []
    const allPageMs: number[][] = []
    for (const { c, url, request } of prepared) {
      const steps: AskSteps[] = []
      const { pageMs } = await timeInTurns(
        () => download(url, cookie),
        async () => steps.push(await timeSteps(request())),
        { warmup: WARMUP, repetitions },
      )
      const line = askLine(c.name, pageMs, steps.slice(WARMUP))
      console.log(JSON.stringify(line))
      lines.push(line)
      allPageMs.push(pageMs)
    }
    console.log(askTable(lines))
    const summary = askSummary(allPageMs, lines, {
      repetitions,
      webConcurrency,
      cpus: os.availableParallelism(),
      loadAverage1m: Math.round(os.loadavg()[0] * 100) / 100,
    })
    console.log(
      `overall p50 ${summary.p50Ms} ms, p95 ${summary.p95Ms} ms: target p50 < ${summary.targetMs} ms ${summary.met ? 'met' : 'missed'}`,
    )
    console.log(JSON.stringify(summary))
    return summary.met ? 0 : 1
  })
}
