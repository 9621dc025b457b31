import { describe, expect, it } from 'vitest'
import type { NameEntry } from '../types'
import { matchName } from './match-name'

const products: NameEntry[] = [
  { value: 'Ansys Fluent', aliases: ['Ansys Fluent - Named User'] },
  { value: 'Ansys Mechanical Pro', aliases: ['Ansys Mechanical Pro (node)'] },
  { value: 'Ansys Mechanical Enterprise', aliases: [] },
  { value: 'Ansys LS-DYNA', aliases: [] },
  { value: 'Ansys HFSS', aliases: [] },
]
const users: NameEntry[] = [
  { value: 'raj.patel@acme.example', aliases: ['Raj Patel'] },
  { value: 'lena.fischer@acme.example', aliases: ['Lena Fischer'] },
  { value: 'jdoe', aliases: [] },
]
const customers: NameEntry[] = [
  { value: '1000001', aliases: ['Acme Aerospace'] },
  { value: '1000002', aliases: ['Borealis Motors'] },
]

const value = (text: string, entries: NameEntry[]) => matchName(text, entries)?.value

describe('matchName', () => {
  it('finds a name without the words every name shares', () => {
    expect(value('how many Fluent seats', products)).toBe('Ansys Fluent')
    expect(value('where is Mechanical Pro activated', products)).toBe('Ansys Mechanical Pro')
  })

  it('tolerates typos, run-together words and a name cut short by a letter', () => {
    expect(value('fluetn seats', products)).toBe('Ansys Fluent')
    expect(value('mechanical enterprize usage', products)).toBe('Ansys Mechanical Enterprise')
    expect(value('seats of lsdyna', products)).toBe('Ansys LS-DYNA')
    expect(value('where is HFS activated', products)).toBe('Ansys HFSS')
  })

  it('tolerates a number written without its leading zero', () => {
    const hosts: NameEntry[] = [
      { value: 'acme-lic01', aliases: [] },
      { value: 'acme-lic-2019', aliases: [] },
      { value: 'acme-ws-014', aliases: [] },
    ]
    expect(value('products on acme-lic1', hosts)).toBe('acme-lic01')
    expect(value('what is on acme-ws-14', hosts)).toBe('acme-ws-014')
    expect(value('lic10', hosts)).toBeUndefined()
  })

  it('matches by alias: a user by name, a customer by the start of its name', () => {
    expect(value('does Raj Patel have access', users)).toBe('raj.patel@acme.example')
    expect(value('and for Borealis?', customers)).toBe('1000002')
    expect(value('usage of jdoe', users)).toBe('jdoe')
  })

  it('prefers the longest match', () => {
    const entries: NameEntry[] = [
      { value: 'Ansys Mechanical', aliases: [] },
      ...products.filter((p) => p.value.includes('Mechanical')),
      { value: 'Ansys CFX', aliases: [] },
    ]
    expect(value('mechanical pro seats', entries)).toBe('Ansys Mechanical Pro')
    expect(value('mechanical seats', entries)).toBe('Ansys Mechanical')
  })

  it('matches nothing when two names fit equally well, or none does', () => {
    expect(value('mechanical seats', products)).toBeUndefined()
    expect(value('how much credit is left', products)).toBeUndefined()
    expect(value('lic02', [{ value: 'acme-lic01', aliases: [] }])).toBeUndefined()
  })

  it('does not take a common word for the start of a name', () => {
    expect(
      value('who are the portal admins', [{ value: 'admin@acme.example', aliases: ['Adam Archer'] }]),
    ).toBeUndefined()
  })
})
