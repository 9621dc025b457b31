import { describe, expect, it } from 'vitest'
import { GENERAL_AREA, helpAreas } from './areas'

const article = (title: string, ...screens: string[]) => ({ title, screens })

describe('helpAreas', () => {
  it('groups articles by the menu group of their first screen, in menu order, the general ones first', () => {
    const areas = helpAreas([
      article('Set an elastic credit threshold', 'elastic'),
      article('Emails', 'emails'),
      article('Change History', 'portalAccessAudit', 'portalAccess'),
      article('Rehost a licence server', 'activationsHistory'),
      article('Export a grid to CSV'),
      article('Home', 'home'),
      article('Check a licence file', 'licenseCheck'),
      article('Elastic Licensing', 'elastic'),
    ])
    expect(areas.map((area) => [area.label, area.articles.map((a) => a.title)])).toEqual([
      [GENERAL_AREA, ['Export a grid to CSV', 'Home']],
      ['Entitlements', ['Elastic Licensing', 'Set an elastic credit threshold']],
      ['Activations', ['Check a licence file', 'Rehost a licence server']],
      ['Settings', ['Change History']],
      ['Messages', ['Emails']],
    ])
  })

  it('puts an article about an unknown screen with the general ones', () => {
    expect(helpAreas([article('Old', 'noSuchScreen')])).toEqual([
      { label: GENERAL_AREA, articles: [article('Old', 'noSuchScreen')] },
    ])
  })
})
