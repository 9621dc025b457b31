import { describe, expect, it } from 'vitest'
import type { AskContext, Understanding } from '../types'
import { entitiesFor, mergeContext } from './context'

const march = { from: '2026-03-01', to: '2026-03-31', text: 'March 2026' }
const may = { from: '2026-05-01', to: '2026-05-31', text: 'last month' }

const followUp = (entities: Understanding['entities'], intent: Understanding['intent'] = 'unknown'): Understanding => ({
  intent,
  score: 1,
  alternatives: [],
  entities,
  followUp: true,
})

const context: AskContext = {
  intent: 'usage.cost',
  entities: { product: 'Ansys Fluent', user: 'jdoe', period: march },
  customer: '1000001',
}

describe('mergeContext', () => {
  it('keeps the previous intent and entities, overridden by what the follow-up names', () => {
    const u = mergeContext(followUp({ period: may }), context)
    expect(u.intent).toBe('usage.cost')
    expect(u.entities).toEqual({ product: 'Ansys Fluent', user: 'jdoe', period: may })
  })

  it("drops the previous customer's own hosts, users and projects for another customer", () => {
    const u = mergeContext(followUp({ customer: '1000002' }), context)
    expect(u.entities).toEqual({ product: 'Ansys Fluent', period: march, customer: '1000002' })
  })

  it('keeps an intent of its own, with the context entities it takes', () => {
    const u = mergeContext(followUp({}, 'product.hosts'), context)
    expect(u.intent).toBe('product.hosts')
    expect(u.entities).toEqual({ product: 'Ansys Fluent' })
  })

  it('leaves a question that is no follow-up as it is', () => {
    const u: Understanding = { ...followUp({ period: may }, 'statement.total'), followUp: false }
    expect(mergeContext(u, context)).toBe(u)
  })
})

describe('entitiesFor', () => {
  it('keeps only the entities the intent takes, and the customer', () => {
    expect(entitiesFor('fsa.balance', { product: 'Ansys Fluent', customer: '1000002' })).toEqual({
      customer: '1000002',
    })
  })
})
