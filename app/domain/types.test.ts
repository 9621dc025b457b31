import { describe, expect, it } from 'vitest'
import { ORG_TYPES, ROLES } from './types'
import { EXPORT_STATUS_FIELD } from './product'
import { makeInfo } from '../../tests/support/domain-builders'

describe('shared types', () => {
  it('lists every role', () => {
    expect(ROLES).toEqual([
      'user',
      'admin',
      'busops',
      'support',
      'sales',
      'salesaccess',
      'asc',
      'portalview',
      'portaledit',
      'weblicense',
    ])
  })

  it('lists the known org types', () => {
    expect(ORG_TYPES).toEqual(['Undefined', 'Direct', 'Channel', 'Indirect'])
  })

  it('carries the export status under the prefixed field', () => {
    expect(makeInfo()[EXPORT_STATUS_FIELD]).toBe('Approved')
  })
})
