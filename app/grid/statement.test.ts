import { describe, expect, it } from 'vitest'
import { onlyDetailsDiffer } from './statement'

describe('the statement page’s data', () => {
  it('stays the same when only the open PO rows change', () => {
    expect(onlyDetailsDiffer('?customer=1&range=lastWeek', '?customer=1&range=lastWeek&open=A')).toBe(true)
    expect(onlyDetailsDiffer('?open=B&customer=1&open=A', '?customer=1')).toBe(true)
  })

  it('changes with the period, a filter or the page', () => {
    expect(onlyDetailsDiffer('?customer=1&range=lastWeek', '?customer=1&range=today&open=A')).toBe(false)
    expect(onlyDetailsDiffer('?customer=1', '?customer=1&f.po=c%3AX')).toBe(false)
    expect(onlyDetailsDiffer('?customer=1&page=2', '?customer=1')).toBe(false)
  })
})
