import { describe, expect, it } from 'vitest'
import { demoAskNames } from '../corpus/demo-names.server'
import { understand } from './understand.server'

const NOW = Date.UTC(2026, 5, 15, 12)
const acme = demoAskNames('1000001')

describe('understand', () => {
  it('understands a question with its product and period, and a follow-up that keeps them', async () => {
    const first = await understand('how much did Fluetn cost us last month?', acme, undefined, NOW)
    expect(first).toMatchObject({
      intent: 'usage.cost',
      followUp: false,
      entities: { product: 'Ansys Fluent', period: { from: '2026-05-01', to: '2026-05-31', text: 'last month' } },
    })
    const context = { intent: 'usage.cost' as const, entities: first.entities, customer: '1000001' }
    const next = await understand('and for Borealis?', acme, context, NOW)
    expect(next).toMatchObject({
      intent: 'usage.cost',
      followUp: true,
      entities: { product: 'Ansys Fluent', customer: '1000002', period: { from: '2026-05-01' } },
    })
  })

  it('takes a month named without its year as the last one begun for the past, the next one for what ends', async () => {
    const statement = await understand('what was the total of the December statement', acme, undefined, NOW)
    expect(statement).toMatchObject({
      intent: 'statement.total',
      entities: { period: { from: '2025-12-01', to: '2025-12-31', text: 'December 2025' } },
    })
    const ending = await understand('which leases end in December', acme, undefined, NOW)
    expect(ending).toMatchObject({
      intent: 'entitlements.ending',
      entities: { period: { from: '2026-12-01', to: '2026-12-31', text: 'December 2026' } },
    })
  })

  it('takes the elastic credit named in a usage question for no product: usage is charged against it', async () => {
    expect(acme.credits).toContain('Ansys Elastic Units')
    const top = await understand('which engineers used the most elastic units in May', acme, undefined, NOW)
    expect(top.intent).toBe('usage.topUsers')
    expect(top.entities.product).toBeUndefined()
    const fluent = await understand('top users of fluent in May', acme, undefined, NOW)
    expect(fluent.entities.product).toBe('Ansys Fluent')
  })

  it('says it does not know a question the portal cannot answer', async () => {
    const u = await understand('write me a poem about the sea', acme, undefined, NOW)
    expect(u.intent).toBe('unknown')
  })
})
