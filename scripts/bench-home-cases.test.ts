import { describe, expect, it } from 'vitest'
import {
  HOME_TARGET_MS,
  homeDataUrl,
  homeLine,
  homeMarkers,
  homePageUrl,
  homeSummaryLine,
  missingMarkers,
} from './bench-home-cases'

describe('the home bench URLs', () => {
  it('asks for the document and for the route data of the customer', () => {
    expect(homePageUrl('1000001')).toBe('/home?customer=1000001')
    expect(homeDataUrl('1000001')).toBe('/home.data?customer=1000001&_routes=routes%2F_portal.home')
  })
})

describe('the home page markers', () => {
  const usage = {
    days: [],
    current: { from: '2026-05-14', to: '2026-05-20', total: 1234.5 },
    previous: { from: '2026-05-07', to: '2026-05-13', total: 0 },
    currency: 'USD',
  }

  it('are the cards, every card of the summary and the current usage total', () => {
    expect(homeMarkers({ cards: ['elastic', 'usage'], usage })).toEqual([
      'data-testid="home-cards"',
      'data-card="elastic"',
      'data-card="usage"',
      'data-figure="usage-current" data-value="1234.5"',
    ])
  })

  it('leave the usage figure out when the summary has no usage', () => {
    expect(homeMarkers({ cards: ['alerts'], usage: null })).toEqual(['data-testid="home-cards"', 'data-card="alerts"'])
  })

  it('names the markers the HTML lacks', () => {
    const markers = homeMarkers({ cards: ['elastic', 'usage'], usage })
    const html = '<div data-testid="home-cards"><section data-card="usage"></section></div>'
    expect(missingMarkers(html, markers)).toEqual([
      'data-card="elastic"',
      'data-figure="usage-current" data-value="1234.5"',
    ])
    expect(
      missingMarkers(`${html}<b data-card="elastic" data-figure="usage-current" data-value="1234.5">`, markers),
    ).toEqual([])
  })
})

describe('a home case line', () => {
  const ms = (value: number, n = 5) => Array.from({ length: n }, () => value)

  it('is met on the time target alone; the ratio to the SQL is reported but does not count', () => {
    expect(homeLine('home', ms(100), ms(10))).toMatchObject({
      case: 'home',
      p50Ms: 100,
      sqlP50Ms: 10,
      ratio: 10,
      targetMs: HOME_TARGET_MS,
      met: true,
      timeMet: true,
      ratioMet: false,
      n: 5,
    })
  })

  it('is missed over the target, even within the ratio', () => {
    expect(homeLine('home', ms(160), ms(150))).toMatchObject({ met: false, timeMet: false, ratioMet: true })
    expect(homeLine('home', [], []).met).toBe(false)
  })

  it('is summed up with the cases missed', () => {
    const lines = [homeLine('home', ms(200), ms(10)), homeLine('home-data', ms(20), ms(10))]
    expect(homeSummaryLine(lines, { quick: false })).toEqual({
      summary: 'home-page',
      cases: 2,
      met: 1,
      missed: ['home'],
      quick: false,
    })
  })
})
