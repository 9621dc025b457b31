import { describe, expect, it } from 'vitest'
import { ASK_INTENT_IDS } from '../app/ask/intents'
import { askCases, askLine, askSummary, askTable, askUrl, expectedKinds, showsAnswer } from './bench-ask-cases'

const cases = askCases()

describe('askCases', () => {
  it('asks one question of every intent, an unknown one and a follow-up, each name once', () => {
    const intents = new Set(cases.map((c) => c.intent))
    for (const intent of [...ASK_INTENT_IDS, 'unknown']) expect(intents, intent).toContain(intent)
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length)
    const followUps = cases.filter((c) => c.after)
    expect(followUps.map((c) => c.name)).toEqual(['follow-up'])
  })

  it('follows up a case that runs before it', () => {
    for (const [i, c] of cases.entries()) {
      if (!c.after) continue
      expect(cases.slice(0, i).map((earlier) => earlier.name)).toContain(c.after)
    }
  })
})

describe('askUrl', () => {
  it('asks for the customer, with the context only for a follow-up', () => {
    expect(askUrl({ question: 'free seats for CFX?' }, '1000001')).toBe('/ask?customer=1000001&q=free+seats+for+CFX%3F')
    expect(askUrl({ question: 'and this year?' }, '1000001', 'eyJpbnRlbnQiOiJ4In0')).toBe(
      '/ask?customer=1000001&q=and+this+year%3F&ctx=eyJpbnRlbnQiOiJ4In0',
    )
  })
})

describe('the answer check', () => {
  it('expects help for a how-to, unsure for an unknown question and an answer for the data', () => {
    expect(expectedKinds('help.howto')).toEqual(['help'])
    expect(expectedKinds('unknown')).toEqual(['unsure'])
    expect(expectedKinds('fsa.balance')).toEqual(['answered'])
  })

  it('finds the answer panel of the kind on the page', () => {
    const html = '<div data-testid="ask-answer" data-kind="answered"><p>12 seats</p></div>'
    expect(showsAnswer(html, ['answered'])).toBe(true)
    expect(showsAnswer(html, ['unsure'])).toBe(false)
    expect(showsAnswer('<div data-kind="answered"></div>', ['answered'])).toBe(false)
  })
})

const steps = (namesMs: number) => ({ namesMs, understandMs: 2, answerMs: 5 })

describe('the figures', () => {
  it("gives a case's p50 and p95 and each step's p50", () => {
    const line = askLine('fsa-balance', [30, 40, 50, 60], [steps(10), steps(20), steps(30), steps(40)])
    expect(line).toEqual({
      case: 'fsa-balance',
      p50Ms: 40,
      p95Ms: 60,
      namesP50Ms: 20,
      understandP50Ms: 2,
      answerP50Ms: 5,
      n: 4,
    })
  })

  it('meets the target on the p50 of every request together, strictly under 100 ms', () => {
    const fast = askLine('a', [20, 30], [steps(1)])
    const slow = askLine('b', [150, 160, 170], [steps(1)])
    const summary = askSummary(
      [
        [20, 30],
        [150, 160, 170],
      ],
      [fast, slow],
      { repetitions: 2 },
    )
    expect(summary).toMatchObject({ summary: 'ask', requests: 5, p50Ms: 150, met: false, slowest: 'b', repetitions: 2 })
    expect(askSummary([[99, 99, 120]], [fast], {}).met).toBe(true)
    expect(askSummary([[100, 100, 20]], [fast], {}).met).toBe(false)
  })

  it('prints a row per case under the heading', () => {
    const table = askTable([askLine('credit-left', [42], [steps(12)])]).split('\n')
    expect(table[0]).toMatch(/^case\s+p50 ms\s+p95 ms\s+names\s+understand\s+answer$/)
    expect(table[1]).toMatch(/^credit-left\s+42\s+42\s+12\s+2\s+5$/)
  })
})
