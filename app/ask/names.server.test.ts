import { describe, expect, it } from 'vitest'
import { nameEntries } from './names.server'

describe('the names of a kind', () => {
  it('hold each value once with its aliases merged, never the value itself as an alias', () => {
    expect(
      nameEntries([
        ['Ansys Fluent - Named User', 'Ansys Fluent'],
        ['Ansys Fluent - Named User', 'Ansys Fluent'],
        ['acme-lic01', '00155d0a1b2c'],
        ['Ansys CFX', 'Ansys CFX'],
        ['  ', 'nothing'],
        ['jdoe', undefined],
      ]),
    ).toEqual([
      { value: 'acme-lic01', aliases: ['00155d0a1b2c'] },
      { value: 'Ansys CFX', aliases: [] },
      { value: 'Ansys Fluent - Named User', aliases: ['Ansys Fluent'] },
      { value: 'jdoe', aliases: [] },
    ])
  })
})
