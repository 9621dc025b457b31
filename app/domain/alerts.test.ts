import { describe, expect, it } from 'vitest'
import {
  ALERTS_MIN_REFRESH_MS,
  MAX_DISMISSED,
  addDismissed,
  alertBanner,
  alertCategory,
  alertDetails,
  alertLinks,
  alertPanels,
  alertSummary,
  alertTitle,
  alertsOfCategory,
  bannerMode,
  categoryFromSlug,
  categoryIcon,
  categorySlug,
  categoryTitle,
  formatAlertDate,
  formatBannerDate,
  machineDateTime,
  inInfoWindow,
  isActive,
  isNotExpired,
  isResolvedOnly,
  joinWithAnd,
  multipleAlertsText,
  needsRefresh,
  parseApiDate,
  resolvedAlerts,
  safeLinkUrl,
  serviceNames,
  shownAlerts,
  toApiDateText,
  type Notification,
} from './alerts'

const now = new Date('2025-03-10T12:00:00Z')
const at = (hoursFromNow: number) => toApiDateText(new Date(now.getTime() + hoursFromNow * 3600_000))

let nextId = 1
function alert(overrides: Partial<Notification> = {}): Notification {
  return {
    id: nextId++,
    category: 'CRITICAL',
    status: 'ACTIVE',
    date: at(-2),
    expires: null,
    title: '',
    description: 'Something is wrong.',
    service: { els: 'Elastic Licensing' },
    links: {},
    ...overrides,
  }
}

describe('categories', () => {
  it('titles each category and treats anything else as Information', () => {
    expect(categoryTitle('CRITICAL')).toBe('Outage')
    expect(categoryTitle('WARNING')).toBe('Service Degradation')
    expect(categoryTitle('INFO')).toBe('Planned Maintenance')
    expect(categoryTitle('OK')).toBe('Information')
    expect(categoryTitle('SOMETHING')).toBe('Information')
  })

  it('names the icon of each category (otherwise check_circle)', () => {
    expect(categoryIcon('CRITICAL')).toBe('error_outline')
    expect(categoryIcon('WARNING')).toBe('remove_circle_outline')
    expect(categoryIcon('INFO')).toBe('info')
    expect(categoryIcon('OK')).toBe('check_circle')
    expect(categoryIcon('unknown')).toBe('check_circle')
  })

  it('maps categories to page slugs and back; an unknown slug is no category', () => {
    expect(alertCategory(' warning ')).toBe('WARNING')
    expect(alertCategory('nonsense')).toBe('OK')
    expect(categorySlug('CRITICAL')).toBe('critical')
    expect(categorySlug('Info')).toBe('info')
    expect(categorySlug('whatever')).toBe('ok')
    expect(categoryFromSlug('critical')).toBe('CRITICAL')
    expect(categoryFromSlug('Warning')).toBe('WARNING')
    expect(categoryFromSlug('info')).toBe('INFO')
    expect(categoryFromSlug('ok')).toBe('OK')
    expect(categoryFromSlug('severe')).toBeNull()
    expect(categoryFromSlug('')).toBeNull()
  })

  it('uses the category title for an alert without a title', () => {
    expect(alertTitle({ title: '  ', category: 'INFO' })).toBe('Planned Maintenance')
    expect(alertTitle({ title: 'Database upgrade', category: 'INFO' })).toBe('Database upgrade')
  })
})

describe('services', () => {
  it('joins with commas and a final and', () => {
    expect(joinWithAnd([])).toBe('')
    expect(joinWithAnd(['A'])).toBe('A')
    expect(joinWithAnd(['A', 'B'])).toBe('A and B')
    expect(joinWithAnd(['A', 'B', 'C'])).toBe('A, B and C')
    expect(joinWithAnd(['A', 'B', 'C', 'D'])).toBe('A, B, C and D')
  })

  it('names each service once, skipping empty names', () => {
    expect(
      serviceNames([
        { service: { a: 'Elastic Licensing', b: 'Licensing Portal' } },
        { service: { c: 'Elastic Licensing', d: ' ', e: 'FlexNet Licensing' } },
      ]),
    ).toEqual(['Elastic Licensing', 'Licensing Portal', 'FlexNet Licensing'])
  })
})

describe('dates', () => {
  it('reads and writes the API date text in UTC', () => {
    expect(parseApiDate('2025-03-10 07:05:09')?.toISOString()).toBe('2025-03-10T07:05:09.000Z')
    expect(parseApiDate('2025-03-10T07:05')?.toISOString()).toBe('2025-03-10T07:05:00.000Z')
    expect(parseApiDate('next tuesday')).toBeNull()
    expect(parseApiDate(null)).toBeNull()
    expect(toApiDateText(new Date('2025-01-02T03:04:05.678Z'))).toBe('2025-01-02 03:04:05')
  })

  it('formats yyyy-MM-dd H:mm and yyyy-MM-dd, H:mm (hours without a leading zero)', () => {
    expect(formatAlertDate('2025-03-09 07:05:00')).toBe('2025-03-09 7:05')
    expect(formatAlertDate('2025-03-09 17:45:00')).toBe('2025-03-09 17:45')
    expect(formatBannerDate('2025-03-09 07:05:00')).toBe('2025-03-09, 7:05')
    expect(formatBannerDate('2025-12-31 00:00:00')).toBe('2025-12-31, 0:00')
    expect(formatAlertDate(null)).toBe('')
    expect(formatBannerDate('garbage')).toBe('')
  })

  it('writes a valid HTML datetime in UTC for <time>', () => {
    expect(machineDateTime('2025-03-09 07:05:00')).toBe('2025-03-09T07:05:00Z')
    expect(machineDateTime('2025-12-31 23:59:59')).toBe('2025-12-31T23:59:59Z')
    expect(machineDateTime('2025-03-10T07:05')).toBe('2025-03-10T07:05:00Z')
    expect(machineDateTime(null)).toBe('')
    expect(machineDateTime('garbage')).toBe('')
  })
})

describe('which alerts show', () => {
  it('not expired: no expiry or an expiry later than now', () => {
    expect(isNotExpired({ expires: null }, now)).toBe(true)
    expect(isNotExpired({ expires: at(1) }, now)).toBe(true)
    expect(isNotExpired({ expires: at(0) }, now)).toBe(false)
    expect(isNotExpired({ expires: at(-1) }, now)).toBe(false)
  })

  it('resolved-only: status RESOLVED and an expiry before now', () => {
    expect(isResolvedOnly({ status: 'RESOLVED', expires: at(-1) }, now)).toBe(true)
    expect(isResolvedOnly({ status: 'resolved', expires: at(-1) }, now)).toBe(true)
    expect(isResolvedOnly({ status: 'RESOLVED', expires: at(1) }, now)).toBe(false)
    expect(isResolvedOnly({ status: 'RESOLVED', expires: null }, now)).toBe(false)
    expect(isResolvedOnly({ status: 'ACTIVE', expires: at(-1) }, now)).toBe(false)
  })

  it('active: status ACTIVE and not expired', () => {
    expect(isActive({ status: 'ACTIVE', expires: null }, now)).toBe(true)
    expect(isActive({ status: 'ACTIVE', expires: at(-1) }, now)).toBe(false)
    expect(isActive({ status: 'RESOLVED', expires: at(1) }, now)).toBe(false)
  })

  it('the info window runs from now to 5 days ahead', () => {
    expect(inInfoWindow({ date: at(0) }, now)).toBe(true)
    expect(inInfoWindow({ date: at(48) }, now)).toBe(true)
    expect(inInfoWindow({ date: at(5 * 24) }, now)).toBe(true)
    expect(inInfoWindow({ date: at(5 * 24 + 1) }, now)).toBe(false)
    expect(inInfoWindow({ date: at(240) }, now)).toBe(false)
    expect(inInfoWindow({ date: at(-1) }, now)).toBe(false)
    expect(inInfoWindow({ date: 'soon' }, now)).toBe(false)
  })

  it('shows active alerts, info ones only inside the window, most severe first', () => {
    const ok = alert({ category: 'OK', date: at(-50) })
    const infoSoon = alert({ category: 'INFO', date: at(30) })
    const infoLater = alert({ category: 'INFO', date: at(240) })
    const warningLate = alert({ category: 'WARNING', date: at(-1) })
    const warningEarly = alert({ category: 'WARNING', date: at(-5) })
    const critical = alert({ category: 'CRITICAL' })
    const expired = alert({ category: 'CRITICAL', expires: at(-1) })
    const resolved = alert({ category: 'CRITICAL', status: 'RESOLVED', expires: at(-1) })
    const shown = shownAlerts([ok, infoSoon, infoLater, warningLate, warningEarly, critical, expired, resolved], now)
    expect(shown.map((a) => a.id)).toEqual([critical.id, warningEarly.id, warningLate.id, infoSoon.id, ok.id])
    expect(alertsOfCategory([ok, infoSoon, infoLater, warningEarly], 'INFO', now).map((a) => a.id)).toEqual([
      infoSoon.id,
    ])
  })

  it('lists resolved-only alerts, the latest start first', () => {
    const older = alert({ status: 'RESOLVED', date: at(-300), expires: at(-290) })
    const newer = alert({ status: 'RESOLVED', date: at(-30), expires: at(-20) })
    const pending = alert({ status: 'RESOLVED', date: at(-3), expires: at(2) })
    const active = alert({ status: 'ACTIVE', date: at(-3), expires: at(-1) })
    expect(resolvedAlerts([older, pending, newer, active], now).map((a) => a.id)).toEqual([newer.id, older.id])
  })
})

describe('Active tab panels', () => {
  it('has no panel when nothing shows (No issues)', () => {
    expect(alertPanels([], now)).toEqual([])
    expect(alertPanels([alert({ category: 'INFO', date: at(240) })], now)).toEqual([])
  })

  it('gives one panel per category with its count, services, title, icon and slug', () => {
    const panels = alertPanels(
      [
        alert({ category: 'OK', service: { a: 'Licensing Portal' } }),
        alert({ category: 'CRITICAL', service: { a: 'Elastic Licensing' } }),
        alert({ category: 'CRITICAL', service: { a: 'Licensing Portal', b: 'Cloud Licensing Server' } }),
        alert({ category: 'CRITICAL', service: { a: 'Elastic Licensing' } }),
        alert({ category: 'INFO', date: at(10), service: { f: 'FlexNet Licensing' } }),
      ],
      now,
    )
    expect(panels).toEqual([
      {
        category: 'CRITICAL',
        slug: 'critical',
        title: 'Outage',
        icon: 'error_outline',
        count: 3,
        services: 'Elastic Licensing, Licensing Portal and Cloud Licensing Server',
      },
      {
        category: 'INFO',
        slug: 'info',
        title: 'Planned Maintenance',
        icon: 'info',
        count: 1,
        services: 'FlexNet Licensing',
      },
      {
        category: 'OK',
        slug: 'ok',
        title: 'Information',
        icon: 'check_circle',
        count: 1,
        services: 'Licensing Portal',
      },
    ])
  })
})

describe('banner', () => {
  it('mode by count: none, single or multiple', () => {
    expect(bannerMode(0)).toBe('none')
    expect(bannerMode(1)).toBe('single')
    expect(bannerMode(2)).toBe('multiple')
    expect(bannerMode(7)).toBe('multiple')
  })

  it('shows nothing without active alerts', () => {
    expect(alertBanner([], [], now)).toEqual({ mode: 'none' })
    expect(alertBanner([alert({ expires: at(-1) })], [], now)).toEqual({ mode: 'none' })
  })

  it('one alert: category title, services, description, start and end', () => {
    const a = alert({
      category: 'WARNING',
      date: '2025-03-10 08:30:00',
      expires: '2025-03-10 14:05:00',
      description: 'Slow sign-in.',
      service: { p: 'Licensing Portal', c: 'Cloud Licensing Server' },
    })
    expect(alertBanner([a], [], now)).toEqual({
      mode: 'single',
      ids: [a.id],
      category: 'WARNING',
      categoryTitle: 'Service Degradation',
      services: 'Licensing Portal and Cloud Licensing Server',
      description: 'Slow sign-in.',
      start: '2025-03-10, 8:30',
      end: '2025-03-10, 14:05',
      startsAt: '2025-03-10T08:30:00Z',
      endsAt: '2025-03-10T14:05:00Z',
    })
  })

  it('one open-ended alert has no end', () => {
    const banner = alertBanner([alert({ expires: null })], [], now)
    expect(banner.mode === 'single' && banner.end).toBeNull()
  })

  it('several alerts: Multiple alerts, Multiple items affecting X and Y.', () => {
    const a = alert({ category: 'WARNING', service: { p: 'Licensing Portal' } })
    const b = alert({ category: 'CRITICAL', service: { e: 'Elastic Licensing' } })
    const c = alert({ category: 'OK', service: { e: 'Elastic Licensing', f: 'FlexNet Licensing' } })
    expect(alertBanner([a, b, c], [], now)).toEqual({
      mode: 'multiple',
      ids: [b.id, a.id, c.id],
      category: 'CRITICAL',
      title: 'Multiple alerts',
      text: 'Multiple items affecting Elastic Licensing, Licensing Portal and FlexNet Licensing.',
    })
    expect(multipleAlertsText([a, b])).toBe('Multiple items affecting Licensing Portal and Elastic Licensing.')
    expect(multipleAlertsText([{ service: {} }, { service: {} }])).toBe('Multiple items.')
  })

  it('leaves out info alerts outside the window', () => {
    const critical = alert({ category: 'CRITICAL' })
    const later = alert({ category: 'INFO', date: at(240) })
    expect(alertBanner([critical, later], [], now).mode).toBe('single')
  })

  it('stays closed while every alert was dismissed, and opens again for a new one', () => {
    const a = alert()
    const b = alert({ category: 'WARNING' })
    expect(alertBanner([a, b], [a.id, b.id], now)).toEqual({ mode: 'none' })
    const c = alert({ category: 'OK' })
    const banner = alertBanner([a, b, c], [a.id, b.id], now)
    expect(banner.mode).toBe('multiple')
    expect(banner.mode !== 'none' && banner.ids).toEqual([a.id, b.id, c.id])
  })

  it('remembers dismissed ids once each, dropping the oldest beyond the cap', () => {
    expect(addDismissed([1, 2], [2, 3])).toEqual([1, 2, 3])
    const many = Array.from({ length: MAX_DISMISSED }, (_, i) => i + 1)
    const next = addDismissed(many, [9999])
    expect(next).toHaveLength(MAX_DISMISSED)
    expect(next[0]).toBe(2)
    expect(next.at(-1)).toBe(9999)
  })
})

describe('refresh rule', () => {
  it('refreshes with nothing cached (sign-in) and after the minimum delay', () => {
    const t = 1_000_000
    expect(needsRefresh(undefined, t)).toBe(true)
    expect(needsRefresh(null, t)).toBe(true)
    expect(needsRefresh(t, t)).toBe(false)
    expect(needsRefresh(t - ALERTS_MIN_REFRESH_MS + 1, t)).toBe(false)
    expect(needsRefresh(t - ALERTS_MIN_REFRESH_MS, t)).toBe(true)
    expect(needsRefresh(t - 1000, t, 500)).toBe(true)
    // A cache stamped in the future (clock change) is not trusted.
    expect(needsRefresh(t + 5000, t)).toBe(true)
  })
})

describe('rows and details', () => {
  it('a summary shows dates as yyyy-MM-dd H:mm and the category title', () => {
    const a = alert({
      category: 'INFO',
      status: 'RESOLVED',
      date: '2025-02-01 06:00:00',
      expires: '2025-02-01 09:30:00',
      title: 'Database upgrade',
      service: { f: 'FlexNet Licensing' },
    })
    expect(alertSummary(a)).toEqual({
      id: a.id,
      title: 'Database upgrade',
      category: 'INFO',
      categoryTitle: 'Planned Maintenance',
      icon: 'info',
      services: 'FlexNet Licensing',
      description: a.description,
      start: '2025-02-01 6:00',
      end: '2025-02-01 9:30',
      startsAt: '2025-02-01T06:00:00Z',
      endsAt: '2025-02-01T09:30:00Z',
    })
  })

  it('keeps only web links', () => {
    expect(safeLinkUrl('https://status.example.com/x')).toBe('https://status.example.com/x')
    expect(safeLinkUrl('http://status.example.com')).toBe('http://status.example.com/')
    expect(safeLinkUrl('javascript:alert(1)')).toBeNull()
    expect(safeLinkUrl('data:text/html,hi')).toBeNull()
    expect(safeLinkUrl('/relative')).toBeNull()
    expect(safeLinkUrl(42)).toBeNull()
    expect(
      alertLinks({
        links: { 'Status page': 'https://status.example.com', bad: 'javascript:void(0)', '': 'https://x.example' },
      }),
    ).toEqual([
      { label: 'Status page', url: 'https://status.example.com/' },
      { label: 'https://x.example/', url: 'https://x.example/' },
    ])
  })

  it('details: age, start, expected end and duration', () => {
    const a = alert({
      category: 'CRITICAL',
      date: toApiDateText(new Date(now.getTime() - (3 * 60 + 5) * 60_000)),
      expires: toApiDateText(new Date(now.getTime() + 24 * 3600_000)),
      title: 'Elastic licensing outage',
      links: { 'Status page': 'https://status.example.com' },
    })
    const details = alertDetails(a, now)
    expect(details).toMatchObject({
      title: 'Elastic licensing outage',
      categoryTitle: 'Outage',
      icon: 'error_outline',
      services: 'Elastic Licensing',
      status: 'ACTIVE',
      age: '3 Hours 5 Minutes ago',
      start: '2025-03-10 8:55',
      end: '2025-03-11 12:00',
      duration: '1 Day 3 Hours 5 Minutes',
      links: [{ label: 'Status page', url: 'https://status.example.com/' }],
    })
  })

  it('details without an expiry have no end and no duration; a future start reads In N days', () => {
    const details = alertDetails(alert({ category: 'INFO', date: at(49), expires: null }), now)
    expect(details.end).toBeNull()
    expect(details.endsAt).toBeNull()
    expect(details.duration).toBeNull()
    expect(details.age).toBe('In 2 days')
    expect(alertSummary(alert({ expires: null })).end).toBeNull()
  })
})
