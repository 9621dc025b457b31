import { describe, expect, it } from 'vitest'
import { MAX_NAMED_SLICES, OTHER_LABEL, largestRemainder, pieSlices, shareText } from './pie-slices'

const sumTenths = (slices: { shareTenths: number }[]) => slices.reduce((sum, s) => sum + s.shareTenths, 0)

describe('pieSlices', () => {
  it('gives thirds shares that add to 100 %, the extra tenth to the first', () => {
    const slices = pieSlices([
      { label: 'b', value: 1 },
      { label: 'a', value: 1 },
      { label: 'c', value: 1 },
    ])
    expect(slices.map((s) => [s.label, s.share])).toEqual([
      ['a', '33.4 %'],
      ['b', '33.3 %'],
      ['c', '33.3 %'],
    ])
    expect(sumTenths(slices)).toBe(1000)
  })

  it('keeps 99.5 % and 0.5 % as they are', () => {
    const slices = pieSlices([
      { label: 'small', value: 0.5 },
      { label: 'large', value: 99.5 },
    ])
    expect(slices.map((s) => [s.label, s.share])).toEqual([
      ['large', '99.5 %'],
      ['small', '0.5 %'],
    ])
  })

  it('gives one slice the whole circle', () => {
    const [slice, ...rest] = pieSlices([{ label: 'only', value: 12.34 }])
    expect(rest).toEqual([])
    expect(slice).toMatchObject({ label: 'only', value: 12.34, startAngle: 0, share: '100.0 %', count: 1 })
    expect(slice.endAngle).toBeCloseTo(2 * Math.PI, 12)
  })

  it('drops zero and negative amounts, and gives no slices when nothing is positive', () => {
    expect(pieSlices([])).toEqual([])
    expect(
      pieSlices([
        { label: 'a', value: 0 },
        { label: 'b', value: -3 },
        { label: 'c', value: 0.001 },
      ]),
    ).toEqual([])
    expect(
      pieSlices([
        { label: 'a', value: 0 },
        { label: 'b', value: -3 },
        { label: 'c', value: 5 },
      ]).map((s) => s.label),
    ).toEqual(['c'])
  })

  it('orders largest first, ties by label, with angles that follow on and close the circle', () => {
    const slices = pieSlices([
      { label: 'z', value: 10 },
      { label: 'big', value: 70 },
      { label: 'y', value: 10 },
      { label: 'mid', value: 10.01 },
    ])
    expect(slices.map((s) => s.label)).toEqual(['big', 'mid', 'y', 'z'])
    expect(slices[0].startAngle).toBe(0)
    for (let i = 1; i < slices.length; i++) expect(slices[i].startAngle).toBe(slices[i - 1].endAngle)
    expect(slices.at(-1)!.endAngle).toBeCloseTo(2 * Math.PI, 12)
    expect(slices[0].endAngle - slices[0].startAngle).toBeCloseTo((2 * Math.PI * 70) / 100.01, 12)
  })

  it('folds the small ones beyond the eighth into Other, and shares still add to 100 %', () => {
    const inputs = [
      { label: 'main', value: 1000 },
      ...Array.from({ length: 30 }, (_, i) => ({ label: `tiny ${String(i).padStart(2, '0')}`, value: 0.01 * (i + 1) })),
    ]
    const slices = pieSlices(inputs)
    expect(slices).toHaveLength(MAX_NAMED_SLICES + 1)
    expect(slices.slice(0, 3).map((s) => s.label)).toEqual(['main', 'tiny 29', 'tiny 28'])
    const other = slices.at(-1)!
    expect(other.label).toBe(OTHER_LABEL)
    expect(other.count).toBe(30 - (MAX_NAMED_SLICES - 1))
    // Other holds the 23 smallest (0.01 to 0.23): 2.76 in all.
    expect(other.value).toBe(2.76)
    expect(sumTenths(slices)).toBe(1000)
    expect(Math.round(slices.reduce((sum, s) => sum + s.value * 100, 0))).toBe(100000 + 465)
  })

  it('names a ninth slice rather than folding it alone into Other', () => {
    const slices = pieSlices(Array.from({ length: 9 }, (_, i) => ({ label: `p${i}`, value: 9 - i })))
    expect(slices.map((s) => s.label)).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8'])
  })

  it('adds to 100 % for many tiny shares next to a large one', () => {
    const slices = pieSlices([
      { label: 'large', value: 10_000 },
      ...Array.from({ length: 8 }, (_, i) => ({ label: `t${i}`, value: 0.01 })),
    ])
    expect(sumTenths(slices)).toBe(1000)
    expect(slices[0].share).toBe('100.0 %')
    expect(slices.slice(1).every((s) => s.share === '0.0 %')).toBe(true)
  })
})

describe('largestRemainder', () => {
  it('hands the units left over to the largest remainders', () => {
    expect(largestRemainder([1, 1, 1], 3, 100)).toEqual([34, 33, 33])
    expect(largestRemainder([2, 3, 5], 10, 7)).toEqual([1, 2, 4])
    expect(largestRemainder([995, 5], 1000, 1000)).toEqual([995, 5])
  })
})

describe('shareText', () => {
  it('shows a tenth of a percent', () => {
    expect(shareText(425)).toBe('42.5 %')
    expect(shareText(1000)).toBe('100.0 %')
    expect(shareText(0)).toBe('0.0 %')
  })
})
