import { beforeAll, describe, expect, it } from 'vitest'
import { ASK_CORPUS, trainingExamples } from './corpus/corpus.server'
import { demoAskNames } from './corpus/demo-names.server'
import { trainClassifier, type IntentClassifier } from './nlu/classifier.server'
import { EVAL_NOW } from './nlu/evaluate.server'
import { namesNothingOwn, understandWith } from './nlu/understand.server'
import { takesOwnNames, understandReadingNames } from './ask.server'
import { customersOnly } from './names.server'
import type { AskNames, Understanding } from './types'

describe('takesOwnNames', () => {
  it('is true for the intents that take a product, host, user or project, and when it is not known', () => {
    for (const intent of ['product.seats', 'host.products', 'usage.cost', 'access.users', 'unknown'] as const) {
      expect(takesOwnNames(intent), intent).toBe(true)
    }
    for (const intent of ['fsa.balance', 'statement.total', 'alerts.active', 'help.howto', 'emails.about'] as const) {
      expect(takesOwnNames(intent), intent).toBe(false)
    }
  })
})

describe('namesNothingOwn', () => {
  it('is false for a word the training questions name something by, or never use', () => {
    expect(namesNothingOwn('what is our FSA balance')).toBe(true)
    expect(namesNothingOwn('are there any active alerts')).toBe(true)
    expect(namesNothingOwn('do we have any Maxwell seats left')).toBe(false)
    expect(namesNothingOwn('what is the balance of Zyxwv')).toBe(false)
  })
})

/** What an answer takes of an understanding (the scores only rank the intents). */
const meaning = ({ intent, entities, followUp }: Understanding) => ({ intent, entities, followUp })

describe('understandReadingNames', () => {
  let classifier: IntentClassifier
  beforeAll(async () => {
    classifier = await trainClassifier(trainingExamples())
  })

  it('understands every corpus question as with all the names read first, most without reading them', async () => {
    let readAll = 0
    let differ = 0
    for (const q of ASK_CORPUS) {
      const names = demoAskNames(q.customer ?? q.context?.customer ?? '1000001')
      const understand = (given: AskNames) => understandWith(classifier, q.question, given, q.context, EVAL_NOW)
      const expected = await understand(names)
      const got = await understandReadingNames(understand, q.question, q.context, {
        customers: async () => customersOnly(names.customers),
        all: async () => {
          readAll++
          return names
        },
      })
      if (JSON.stringify(meaning(got)) !== JSON.stringify(meaning(expected))) differ++
    }
    expect(differ).toBe(0)
    expect(ASK_CORPUS.length - readAll).toBeGreaterThan(ASK_CORPUS.length / 4)
  }, 60_000)

  it('reads the names once for a question that names a product, and never without a customer', async () => {
    const calls: string[] = []
    const reads = (all: boolean) => ({
      customers: async () => {
        calls.push('customers')
        return customersOnly([])
      },
      all: all
        ? async () => {
            calls.push('all')
            return demoAskNames('1000001')
          }
        : null,
    })
    const understand = (question: string) => (names: AskNames) =>
      understandWith(classifier, question, names, undefined, EVAL_NOW)
    const seats = await understandReadingNames(
      understand('free seats for CFX'),
      'free seats for CFX',
      undefined,
      reads(true),
    )
    expect(seats.entities.product).toBe('Ansys CFX')
    expect(calls).toEqual(['all'])
    calls.length = 0
    await understandReadingNames(
      understand('what is our FSA balance'),
      'what is our FSA balance',
      undefined,
      reads(true),
    )
    expect(calls).toEqual(['customers'])
    calls.length = 0
    await understandReadingNames(understand('free seats for CFX'), 'free seats for CFX', undefined, reads(false))
    expect(calls).toEqual(['customers'])
  })
})
