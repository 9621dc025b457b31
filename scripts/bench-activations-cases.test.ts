import { describe, expect, it } from 'vitest'
import { OVER_AVAILABLE_MESSAGE } from '../app/domain/activation-types'
import {
  activationsTable,
  CREATE_QUANTITY,
  createLine,
  downloadLine,
  SHARED_CUSTOMERS,
  SHARED_PRODUCTS,
  sharedLeases,
  type CreateReply,
} from './bench-activations-cases'

const granted = (ms: number): CreateReply => ({ status: 200, ms })
const refused = (ms: number): CreateReply => ({ status: 409, err: OVER_AVAILABLE_MESSAGE, ms })
const round = (ms = 20) => [
  ...Array.from({ length: 10 }, () => granted(ms)),
  ...Array.from({ length: 40 }, () => refused(ms)),
]

describe('the create case', () => {
  it('is met when every round grants exactly the quantity, refuses the rest with the spec words, p99 in target', () => {
    const line = createLine([round(), round()], [CREATE_QUANTITY, CREATE_QUANTITY])
    expect(line).toMatchObject({ granted: [10, 10], refused: [40, 40], wrong: 0, p99Ms: 20, met: true })
  })

  it('is missed by one grant too many, another refusal, a wrong active sum or a slow p99', () => {
    const tooMany = [...round().slice(0, 49), granted(20)]
    expect(createLine([tooMany], [11]).met).toBe(false)
    const other = [...round().slice(0, 49), { status: 500, err: 'Internal error', ms: 20 }]
    expect(createLine([other], [10])).toMatchObject({ wrong: 1, met: false })
    expect(createLine([round()], [9]).met).toBe(false)
    expect(createLine([round(600)], [10]).met).toBe(false)
    expect(createLine([], []).met).toBe(false)
  })
})

describe('the download case', () => {
  it('is met by a p50 under 50 ms without errors', () => {
    expect(downloadLine([10, 20, 30], 0, 3, 100)).toMatchObject({ p50Ms: 20, met: true, n: 3 })
    expect(downloadLine([10, 60, 70], 0, 3, 100).met).toBe(false)
    expect(downloadLine([10, 20, 30], 1, 3, 100).met).toBe(false)
  })
})

describe('the shared host data', () => {
  it('spreads the products over the three customers with unique activation ids', () => {
    const leases = sharedLeases('2026-06-15')
    expect(leases).toHaveLength(SHARED_PRODUCTS)
    expect(new Set(leases.map((l) => l.activationId)).size).toBe(SHARED_PRODUCTS)
    expect(new Set(leases.map((l) => l.accountId))).toEqual(new Set(SHARED_CUSTOMERS))
  })
})

it('prints one table row per case', () => {
  const table = activationsTable(createLine([round()], [10]), downloadLine([5], 0, 3, 100))
  expect(table.split('\n')).toHaveLength(3)
  expect(table).toContain('create-concurrent')
  expect(table).toContain('download-shared')
})
