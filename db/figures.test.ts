import { describe, expect, it } from 'vitest'
import { figuresDiffer } from './figures'

describe('figuresDiffer', () => {
  const source = { rows: { emails: 3, hosts: 2 }, sums: { 'emails.id': 6, 'usage.charge': 1234.5678 } }

  it('finds nothing when rows agree and sums agree within rounding', () => {
    const copy = { rows: { emails: 3, hosts: 2 }, sums: { 'emails.id': 6, 'usage.charge': 1234.5678 + 1e-10 } }
    expect(figuresDiffer(source, copy)).toEqual([])
  })

  it('names each table and column that differs, and what is missing', () => {
    const copy = { rows: { emails: 2 }, sums: { 'emails.id': 3, 'usage.charge': 1234.5679, 'hosts.port': 1 } }
    expect(figuresDiffer(source, copy)).toEqual([
      'emails: 2 rows, not 3',
      'hosts: no such table (2 rows expected)',
      'emails.id: sum 3, not 6',
      'usage.charge: sum 1234.5679, not 1234.5678',
    ])
  })
})
