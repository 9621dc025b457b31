import { describe, expect, it } from 'vitest'
import {
  activationSummary,
  activeProducts,
  changeLines,
  changeSentence,
  compactParams,
  confirmLabel,
  entitlementName,
  reviewTitle,
} from './activation-changes'
import type { TabRows } from './activation-editor'
import { ACTIVATED_FIELD, AVAILABLE_FIELD, type ActivationRow } from './activation-types'

const row = (id: string, name: string, activated: number, available: number) =>
  ({ ActivationId: id, ProductName: name, [ACTIVATED_FIELD]: activated, [AVAILABLE_FIELD]: available }) as ActivationRow

const fluent = row('F-1', 'Ansys Fluent', 0, 5)
const hpc = row('H-1', 'Ansys HPC', 3, 0)
const tab: TabRows = { customerNumber: '1000001', assigned: [hpc], available: [fluent] }

describe('the changes to save', () => {
  it('names each change by product, with its count and what happens, removals first', () => {
    const lines = changeLines({ remove: ['1000001:H-1'], add: { '1000001:F-1': '2' } }, [tab])
    expect(lines).toEqual([
      {
        key: '1000001:H-1',
        customerNumber: '1000001',
        activationId: 'H-1',
        productName: 'Ansys HPC',
        kind: 'remove',
        count: '3',
      },
      {
        key: '1000001:F-1',
        customerNumber: '1000001',
        activationId: 'F-1',
        productName: 'Ansys Fluent',
        kind: 'activate',
        count: '2',
      },
    ])
  })

  it('keeps a pick that is no longer listed (by its id) and drops a removal of what is not on the host', () => {
    const lines = changeLines({ remove: ['1000001:F-1'], add: { '1000001:GONE': '1' } }, [tab])
    expect(lines.map((l) => [l.kind, entitlementName(l), l.count])).toEqual([['activate', 'GONE', '1']])
  })

  it('reads as sentences naming product, count and host', () => {
    const [remove, activate] = changeLines({ remove: ['1000001:H-1'], add: { '1000001:F-1': '2' } }, [tab])
    expect(changeSentence(activate, 'acme-lic01')).toBe('Activate 2 × Ansys Fluent (F-1) on acme-lic01')
    expect(changeSentence(remove, 'acme-lic01')).toBe('Remove 3 × Ansys HPC (H-1) from acme-lic01')
    expect(reviewTitle([activate], 'acme-lic01')).toBe('Activate 2 × Ansys Fluent on acme-lic01')
    expect(reviewTitle([remove], 'acme-lic01')).toBe('Remove 3 × Ansys HPC from acme-lic01')
    expect(reviewTitle([remove, activate], 'acme-lic01')).toBe('Save 2 changes on acme-lic01')
  })

  it("labels the confirmation's button with what happens", () => {
    expect(confirmLabel([{ kind: 'activate' }], 'generate')).toBe('Activate and generate licence file')
    expect(confirmLabel([{ kind: 'remove' }], 'email')).toBe('Remove and e-mail licence file')
    expect(confirmLabel([{ kind: 'remove' }, { kind: 'activate' }], 'generate')).toBe(
      'Save changes and generate licence file',
    )
  })
})

describe('what a host has activated', () => {
  it('sums each product over its fulfilments and returns, and says it in a few words', () => {
    const products = activeProducts([
      { ProductName: 'Ansys HPC', FulfillCount: 2 },
      { ProductName: 'Ansys Fluent', FulfillCount: 1 },
      { ProductName: 'Ansys HPC', FulfillCount: 1 },
      { ProductName: 'Ansys CFX', FulfillCount: 4 },
      { ProductName: 'Ansys CFX', FulfillCount: -4 },
    ])
    expect(products).toEqual([
      { productName: 'Ansys Fluent', count: 1 },
      { productName: 'Ansys HPC', count: 3 },
    ])
    expect(activationSummary(products)).toBe('1 × Ansys Fluent, 3 × Ansys HPC')
    expect(activationSummary([...products, { productName: 'Ansys Zeta', count: 1 }])).toBe(
      '1 × Ansys Fluent, 3 × Ansys HPC and 1 more',
    )
    expect(activationSummary([])).toBe('Nothing activated')
  })
})

describe("the editor's address", () => {
  it('keeps only the counts of picked rows, non-empty searches and the last Borrowable value', () => {
    const long = new URLSearchParams([
      ['customer', '1000001'],
      ['id', '7'],
      ['borrowable', '0'],
      ['borrowable', '1'],
      ['q', ''],
      ['add', '1000001:F-1'],
      ['n.1000001:F-1', '2'],
      ['n.1000001:G-1', '1'],
      ['n.1000001:H-1', '1'],
    ])
    const short = compactParams(long)
    expect(short?.toString()).toBe(
      new URLSearchParams([
        ['customer', '1000001'],
        ['id', '7'],
        ['borrowable', '1'],
        ['add', '1000001:F-1'],
        ['n.1000001:F-1', '2'],
      ]).toString(),
    )
    expect(compactParams(short!)).toBeNull()
  })
})
