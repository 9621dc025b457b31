import { describe, expect, it } from 'vitest'
import { checkoutLine, webTable, type CheckoutReply, type RoundRecord } from './bench-web-cases'

const reply = (outcome: string, ms = 20, status = 200): CheckoutReply => ({ status, outcome, ms })
const round = (ms = 20) => [
  ...Array.from({ length: 10 }, () => reply('granted', ms)),
  ...Array.from({ length: 190 }, () => reply('no-free-seat', ms)),
]
const record = (over: Partial<RoundRecord> = {}): RoundRecord => ({
  granted: 10,
  denied: 190,
  activeAfter: 10,
  activeAfterReturn: 0,
  serverCpuMs: 100,
  ...over,
})

describe('the checkout case', () => {
  it('is met when every round grants exactly the seats, refuses the rest, the rows agree and p99 is in target', () => {
    const line = checkoutLine([round(), round()], [record(), record()])
    expect(line).toMatchObject({
      granted: [10, 10],
      denied: [190, 190],
      recordedDenied: [190, 190],
      wrong: 0,
      p99Ms: 20,
      met: true,
    })
  })

  it('is missed by a grant too many, another reply, rows that disagree, a seat not returned or a slow p99', () => {
    const tooMany = [...round().slice(0, 199), reply('granted')]
    expect(checkoutLine([tooMany], [record({ granted: 11 })]).met).toBe(false)
    const failed = [...round().slice(0, 199), reply('Internal error', 20, 500)]
    expect(checkoutLine([failed], [record()])).toMatchObject({ wrong: 1, met: false })
    expect(checkoutLine([round()], [record({ denied: 189 })]).met).toBe(false)
    expect(checkoutLine([round()], [record({ activeAfterReturn: 1 })]).met).toBe(false)
    expect(checkoutLine([round(150)], [record()]).met).toBe(false)
    expect(checkoutLine([], []).met).toBe(false)
  })

  it('reports the server’s CPU per checkout when it was measured', () => {
    expect(checkoutLine([round()], [record()]).serverCpuMsPerCheckout).toBe(0.5)
    expect(checkoutLine([round()], [record({ serverCpuMs: null })]).serverCpuMsPerCheckout).toBeNull()
  })

  it('times the rounds after the warm-up only, and holds the warm-up to the same invariant', () => {
    const line = checkoutLine([round(500), round(10)], [record({ serverCpuMs: 1000 }), record()], 1)
    expect(line).toMatchObject({ rounds: 2, warmupRounds: 1, p99Ms: 10, serverCpuMsPerCheckout: 0.5, met: true })
    expect(checkoutLine([round(500), round(10)], [record({ denied: 189 }), record()], 1).met).toBe(false)
    expect(checkoutLine([round()], [record()], 1).met).toBe(false)
  })

  it('reports each round’s p99', () => {
    expect(checkoutLine([round(90), round(10)], [record(), record()]).p99ByRoundMs).toEqual([90, 10])
  })
})

it('prints one table row for the case', () => {
  const table = webTable(checkoutLine([round()], [record()]))
  expect(table.split('\n')).toHaveLength(2)
  expect(table).toContain('checkout-concurrent')
})
