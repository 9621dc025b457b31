import { describe, expect, it } from 'vitest'
import { closedSections, isSectionOpen, toggledSearch } from './section-toggle'

describe('section toggle addresses', () => {
  it('reads the closed sections from the list', () => {
    const params = new URLSearchParams('closed=active,%20inactive,,&customer=1')
    expect([...closedSections(params)]).toEqual(['active', 'inactive'])
    expect(isSectionOpen(params, 'active')).toBe(false)
    expect(isSectionOpen(new URLSearchParams('customer=1'), 'active')).toBe(true)
  })

  it('closes a section and keeps the other parameters', () => {
    expect(toggledSearch('?customer=1000001&a.sort=Count.asc', 'active')).toBe(
      '?customer=1000001&a.sort=Count.asc&closed=active',
    )
  })

  it('adds to the list, in a stable order', () => {
    expect(toggledSearch('?closed=inactive&customer=1', 'active')).toBe('?closed=active%2Cinactive&customer=1')
  })

  it('opens a closed section and drops an empty list', () => {
    expect(toggledSearch('?customer=1&closed=active', 'active')).toBe('?customer=1')
    expect(toggledSearch('?closed=active', 'active')).toBe('')
    expect(toggledSearch('?closed=active%2Cinactive', 'inactive')).toBe('?closed=active')
  })
})
