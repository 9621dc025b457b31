import { describe, expect, it } from 'vitest'
import { ASK_CORPUS, trainingExamples } from '../corpus/corpus.server'
import { ASK_INTENT_IDS } from '../intents'
import { tokens } from './text'
import { evaluateAsk } from './evaluate.server'

describe('the labelled questions', () => {
  it('hold at least 320 questions, at least 12 of every intent and of unknown, about 30 % held out in each', () => {
    expect(ASK_CORPUS.length).toBeGreaterThanOrEqual(320)
    for (const intent of [...ASK_INTENT_IDS, 'unknown']) {
      const all = ASK_CORPUS.filter((q) => q.intent === intent)
      const test = all.filter((q) => q.split === 'test')
      expect(all.length, intent).toBeGreaterThanOrEqual(12)
      expect(test.length / all.length, intent).toBeGreaterThan(0.2)
      expect(test.length / all.length, intent).toBeLessThan(0.4)
    }
  })

  it('never train on a held-out question: ids unique, no question in both splits', () => {
    const ids = ASK_CORPUS.map((q) => q.id)
    expect(new Set(ids).size).toBe(ids.length)
    const words = (q: string) => tokens(q).join(' ')
    const held = new Set(ASK_CORPUS.filter((q) => q.split === 'test').map((q) => words(q.question)))
    const trained = trainingExamples()
    expect(trained.length).toBeGreaterThan(0)
    for (const e of trained) expect(held.has(words(e.question)), e.question).toBe(false)
    expect(new Set(ASK_CORPUS.map((q) => words(q.question))).size).toBe(ASK_CORPUS.length)
  })
})

describe('understanding the held-out questions', () => {
  it('gets at least 90 % of intents and 85 % of entities right, a question in under 20 ms (p50)', async () => {
    const report = await evaluateAsk()
    console.log(
      `held out: ${report.n}; intent ${(report.intentAccuracy * 100).toFixed(1)} %, entities ${(report.entityAccuracy * 100).toFixed(1)} %; training ${report.trainMs.toFixed(0)} ms; p50 ${report.p50Ms.toFixed(2)} ms`,
    )
    expect(report.intentAccuracy).toBeGreaterThanOrEqual(0.9)
    expect(report.entityAccuracy).toBeGreaterThanOrEqual(0.85)
    expect(report.p50Ms).toBeLessThan(20)
  })
})
