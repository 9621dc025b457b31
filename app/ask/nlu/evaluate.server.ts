/**
 * Measures the understanding on the corpus' held-out questions: intent and entity accuracy per
 * intent and overall, and the time one question takes. Shared by `npm run eval:ask` and the test.
 */
import { ASK_CORPUS, trainingExamples, type CorpusQuestion, type ExpectedEntities } from '../corpus/corpus.server'
import { demoAskNames } from '../corpus/demo-names.server'
import type { AskEntities, AskNames } from '../types'
import { trainClassifier, type IntentClassifier } from './classifier.server'
import { understandWith } from './understand.server'

/** The day the corpus' periods are written for: Monday 15 June 2026, noon UTC. */
export const EVAL_NOW = Date.UTC(2026, 5, 15, 12)

export interface IntentFigures {
  intent: string
  n: number
  intentRight: number
  /** Questions with every expected entity found and nothing else named. */
  entitiesRight: number
}

export interface EvalReport {
  perIntent: IntentFigures[]
  n: number
  intentAccuracy: number
  /** Over the questions the portal can answer (not 'unknown'). */
  entityAccuracy: number
  trainMs: number
  p50Ms: number
  p95Ms: number
  misses: { id: string; question: string; expected: string; got: string; entities: AskEntities }[]
}

const NAME_KEYS = ['product', 'host', 'user', 'project', 'customer', 'groupBy'] as const

/** Every expected entity equal, no other name, period or breakdown; the expected topic's words among the topic's. */
export function entitiesMatch(expected: ExpectedEntities, got: AskEntities): boolean {
  for (const key of NAME_KEYS) if (expected[key] !== got[key]) return false
  if ((expected.period?.from ?? '') !== (got.period?.from ?? '')) return false
  if ((expected.period?.to ?? '') !== (got.period?.to ?? '')) return false
  if (expected.topic) {
    const words = new Set((got.topic ?? '').split(' '))
    if (!expected.topic.split(' ').every((w) => words.has(w))) return false
  }
  return true
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]

export async function evaluateAsk(corpus: CorpusQuestion[] = ASK_CORPUS): Promise<EvalReport> {
  const started = performance.now()
  const classifier = await trainClassifier(trainingExamples(corpus))
  const trainMs = performance.now() - started
  const names = new Map<string, AskNames>()
  const namesOf = (customer: string) => {
    if (!names.has(customer)) names.set(customer, demoAskNames(customer))
    return names.get(customer)!
  }
  const figures = new Map<string, IntentFigures>()
  const times: number[] = []
  const misses: EvalReport['misses'] = []
  let answerable = 0
  let entitiesRight = 0
  for (const q of corpus.filter((item) => item.split === 'test')) {
    const customerNames = namesOf(q.customer ?? q.context?.customer ?? '1000001')
    const t = performance.now()
    const u = await understandWith(classifier, q.question, customerNames, q.context, EVAL_NOW)
    times.push(performance.now() - t)
    const f = figures.get(q.intent) ?? { intent: q.intent, n: 0, intentRight: 0, entitiesRight: 0 }
    figures.set(q.intent, f)
    f.n++
    const intentOk = u.intent === q.intent
    const entitiesOk = q.intent === 'unknown' || entitiesMatch(q.entities, u.entities)
    if (intentOk) f.intentRight++
    if (entitiesOk) f.entitiesRight++
    if (q.intent !== 'unknown') {
      answerable++
      if (entitiesOk) entitiesRight++
    }
    if (!intentOk || !entitiesOk) {
      misses.push({
        id: q.id,
        question: q.question,
        expected: q.intent,
        got: `${u.intent} ${u.score.toFixed(2)}`,
        entities: u.entities,
      })
    }
  }
  const perIntent = [...figures.values()].sort((a, b) => a.intent.localeCompare(b.intent))
  const n = perIntent.reduce((sum, f) => sum + f.n, 0)
  times.sort((a, b) => a - b)
  return {
    perIntent,
    n,
    intentAccuracy: perIntent.reduce((sum, f) => sum + f.intentRight, 0) / n,
    entityAccuracy: entitiesRight / answerable,
    trainMs,
    p50Ms: percentile(times, 0.5),
    p95Ms: percentile(times, 0.95),
    misses,
  }
}

/**
 * The unknown threshold with the most training questions right when each fold of five is classified
 * by a classifier trained on the other four (the held-out split plays no part).
 */
export async function crossValidateThreshold(corpus: CorpusQuestion[] = ASK_CORPUS) {
  const examples = trainingExamples(corpus)
  const scored: { truth: string; intent: string; score: number }[] = []
  for (let fold = 0; fold < 5; fold++) {
    const classifier: IntentClassifier = await trainClassifier(examples.filter((_, i) => i % 5 !== fold))
    for (const e of examples.filter((_, i) => i % 5 === fold)) {
      const [top] = await classifier.classify(e.question, e.kinds)
      scored.push({ truth: e.intent, intent: top?.intent ?? 'unknown', score: top?.score ?? 0 })
    }
  }
  const rows = []
  for (let threshold = 0.3; threshold <= 0.901; threshold += 0.05) {
    const right = scored.filter((s) => (s.score >= threshold ? s.intent : 'unknown') === s.truth).length
    rows.push({ threshold: Math.round(threshold * 100) / 100, accuracy: right / scored.length })
  }
  return rows
}
