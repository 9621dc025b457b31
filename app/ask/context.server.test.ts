import { describe, expect, it } from 'vitest'
import { decodeContext, encodeContext } from './context.server'
import type { AskContext } from './types'

const context: AskContext = {
  intent: 'usage.cost',
  customer: '1000001',
  entities: { product: 'Ansys Fluent', period: { from: '2026-10-01', to: '2026-10-31', text: 'October 2026' } },
}

describe('the context in the address', () => {
  it('reads back what it wrote', () => {
    const encoded = encodeContext(context)
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeContext(encoded)).toEqual(context)
  })

  it('ignores what is not a context', () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
    expect(decodeContext(null)).toBeUndefined()
    expect(decodeContext('not base64 json')).toBeUndefined()
    expect(decodeContext(encode({ ...context, intent: 'drop.tables' }))).toBeUndefined()
    expect(decodeContext(encode({ ...context, customer: '1000001; DROP' }))).toBeUndefined()
    expect(
      decodeContext(encode({ ...context, entities: { period: { from: 'yesterday', to: 'x', text: '' } } })),
    ).toBeUndefined()
    expect(decodeContext('A'.repeat(5000))).toBeUndefined()
  })

  it('drops unknown entity fields', () => {
    const encoded = Buffer.from(JSON.stringify({ ...context, entities: { topic: 'renewal', extra: 1 } })).toString(
      'base64url',
    )
    expect(decodeContext(encoded)?.entities).toEqual({ topic: 'renewal' })
  })
})
