import { describe, expect, it } from 'vitest'
import { expandPartialDate } from './partial-date'

/** The expansion written back as ISO texts, to read the tests at a glance. */
function expanded(text: string) {
  const range = expandPartialDate(text)
  return range && [new Date(range.from).toISOString(), new Date(range.to).toISOString()]
}

describe('expandPartialDate', () => {
  it('takes a year as the whole year', () => {
    expect(expanded('2024')).toEqual(['2024-01-01T00:00:00.000Z', '2024-12-31T23:59:59.999Z'])
  })

  it('takes one, two or three digits of a year as a millennium, century or decade block', () => {
    expect(expanded('202')).toEqual(['2020-01-01T00:00:00.000Z', '2029-12-31T23:59:59.999Z'])
    expect(expanded('20')).toEqual(['2000-01-01T00:00:00.000Z', '2099-12-31T23:59:59.999Z'])
    expect(expanded('2')).toEqual(['2000-01-01T00:00:00.000Z', '2999-12-31T23:59:59.999Z'])
    expect(expanded('19')).toEqual(['1900-01-01T00:00:00.000Z', '1999-12-31T23:59:59.999Z'])
  })

  it('takes a month digit of 0 as January to September and of 1 as October to December', () => {
    expect(expanded('2024-0')).toEqual(['2024-01-01T00:00:00.000Z', '2024-09-30T23:59:59.999Z'])
    expect(expanded('2024-1')).toEqual(['2024-10-01T00:00:00.000Z', '2024-12-31T23:59:59.999Z'])
  })

  it('takes a month as the whole month', () => {
    expect(expanded('2024-02')).toEqual(['2024-02-01T00:00:00.000Z', '2024-02-29T23:59:59.999Z'])
    expect(expanded('2024-12')).toEqual(['2024-12-01T00:00:00.000Z', '2024-12-31T23:59:59.999Z'])
  })

  it('takes a day digit as the days 1-9, 10-19 or 20-29', () => {
    expect(expanded('2024-05-0')).toEqual(['2024-05-01T00:00:00.000Z', '2024-05-09T23:59:59.999Z'])
    expect(expanded('2024-05-1')).toEqual(['2024-05-10T00:00:00.000Z', '2024-05-19T23:59:59.999Z'])
    expect(expanded('2024-05-2')).toEqual(['2024-05-20T00:00:00.000Z', '2024-05-29T23:59:59.999Z'])
  })

  it('ends the 20s block of February with the month', () => {
    expect(expanded('2023-02-2')).toEqual(['2023-02-20T00:00:00.000Z', '2023-02-28T23:59:59.999Z'])
    expect(expanded('2024-02-2')).toEqual(['2024-02-20T00:00:00.000Z', '2024-02-29T23:59:59.999Z'])
  })

  it('takes a day digit of 3 as the 30th and 31st, or the 30th alone in a 30-day month', () => {
    expect(expanded('2024-05-3')).toEqual(['2024-05-30T00:00:00.000Z', '2024-05-31T23:59:59.999Z'])
    expect(expanded('2024-04-3')).toEqual(['2024-04-30T00:00:00.000Z', '2024-04-30T23:59:59.999Z'])
  })

  it('leaves a day digit of 3 in February unmatched: no day of it starts with 3', () => {
    expect(expandPartialDate('2024-02-3')).toBeNull()
  })

  it('takes a day as the whole day', () => {
    expect(expanded('2024-05-06')).toEqual(['2024-05-06T00:00:00.000Z', '2024-05-06T23:59:59.999Z'])
  })

  it('takes a single hour digit as the hours 00-09, 10-19 or 20-23', () => {
    expect(expanded('2024-05-06 0')).toEqual(['2024-05-06T00:00:00.000Z', '2024-05-06T09:59:59.999Z'])
    expect(expanded('2024-05-06 1')).toEqual(['2024-05-06T10:00:00.000Z', '2024-05-06T19:59:59.999Z'])
    expect(expanded('2024-05-06 2')).toEqual(['2024-05-06T20:00:00.000Z', '2024-05-06T23:59:59.999Z'])
  })

  it('takes an hour as the whole hour', () => {
    expect(expanded('2024-05-06 10')).toEqual(['2024-05-06T10:00:00.000Z', '2024-05-06T10:59:59.999Z'])
  })

  it('takes a tens-of-minutes digit as those ten minutes', () => {
    expect(expanded('2024-05-06 10:3')).toEqual(['2024-05-06T10:30:00.000Z', '2024-05-06T10:39:59.999Z'])
  })

  it('takes a minute as the whole minute', () => {
    expect(expanded('2024-05-06 10:35')).toEqual(['2024-05-06T10:35:00.000Z', '2024-05-06T10:35:59.999Z'])
  })

  it('takes a tens-of-seconds digit as those ten seconds', () => {
    expect(expanded('2024-05-06 10:35:4')).toEqual(['2024-05-06T10:35:40.000Z', '2024-05-06T10:35:49.999Z'])
  })

  it('takes a full second as a 1-second range', () => {
    expect(expanded('2024-05-06 10:35:42')).toEqual(['2024-05-06T10:35:42.000Z', '2024-05-06T10:35:42.999Z'])
  })

  it("accepts 'T' as the separator between date and time", () => {
    expect(expanded('2024-05-06T10:35')).toEqual(expanded('2024-05-06 10:35'))
  })

  it('reads a separator after a complete part, and surrounding spaces, as nothing', () => {
    expect(expanded('2024-')).toEqual(expanded('2024'))
    expect(expanded('2024-05-')).toEqual(expanded('2024-05'))
    expect(expanded('2024-05-06 ')).toEqual(expanded('2024-05-06'))
    expect(expanded('2024-05-06T')).toEqual(expanded('2024-05-06'))
    expect(expanded('2024-05-06 10:')).toEqual(expanded('2024-05-06 10'))
    expect(expanded('2024-05-06 10:35:')).toEqual(expanded('2024-05-06 10:35'))
    expect(expanded('  2024-05 ')).toEqual(expanded('2024-05'))
  })

  it('leaves other text unmatched, so it passes through as-is', () => {
    for (const text of [
      '',
      '   ',
      'abc',
      '05-06',
      '2024/05',
      '2024-5',
      '2024-2',
      '2024-13',
      '2024-00',
      '2024-05-4',
      '2024-05-00',
      '2023-02-29',
      '2024-04-31',
      '2024-05-06 3',
      '2024-05-06 24',
      '2024-05-06 10:6',
      '2024-05-06 10:60',
      '2024-05-06 10:35:6',
      '2024-05-06 10:35:60',
      '2024-05-06 10:35:42.5',
      '2024-05-06t10',
      '2024--',
    ]) {
      expect(expandPartialDate(text), text).toBeNull()
    }
  })
})
