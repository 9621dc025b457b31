import { describe, expect, it } from 'vitest'
import { endDateCriteria } from '../domain/entitlement-filters'
import { parseGridState } from '../grid/grid-state'
import { activeLeaseGrid } from '../grid/leases'
import { activeServersGrid, inactiveServersGrid } from '../grid/servers'
import { activeFsaGrid } from '../grid/fsa'
import { homeLinks } from './home-links'

const today = '2026-11-27'
const links = homeLinks('1000001', today)
const paramsOf = (href: string) => new URL(href, 'http://portal').searchParams

describe('homeLinks', () => {
  it('opens the Active leases that end from tomorrow to 90 days ahead, soonest first', () => {
    const href = links.leasesEnding()
    expect(href.startsWith('/ssl?')).toBe(true)
    const state = parseGridState(activeLeaseGrid, paramsOf(href))
    expect(state.sort).toEqual([{ col: 'endDate', dir: 'asc' }])
    const filter = state.filters.endDate
    expect(filter).toMatchObject({ type: 'text' })
    expect(endDateCriteria(filter.type === 'text' ? filter.text : '')).toEqual([
      { name: 'EndDate', method: 'RANGE', value: ['2026-11-28', '2027-02-25'] },
    ])
    expect(paramsOf(href).get('customer')).toBe('1000001')
    // Shown, not saved as the user's own view of the grid.
    expect(paramsOf(href).get('a.linked')).toBe('1')
  })

  it('opens the perpetuals whose maintenance ends from today to 90 days ahead', () => {
    const state = parseGridState(activeLeaseGrid, paramsOf(links.perpetualsEnding()))
    const filter = state.filters.endDate
    expect(endDateCriteria(filter?.type === 'text' ? filter.text : '')).toEqual([
      { name: 'VersionDate', method: 'RANGE', value: [today, '2027-02-25'] },
      { name: 'IsActivationPermanent', method: 'EQUALS', value: 'true' },
    ])
  })

  it('opens the FSA contracts soonest end first', () => {
    const href = links.fsaContracts()
    expect(href.startsWith('/entitlementsFSA?')).toBe(true)
    expect(parseGridState(activeFsaGrid, paramsOf(href)).sort).toEqual([{ col: 'endDate', dir: 'asc' }])
  })

  it("opens a host's history in the grid it is listed in, found by its name", () => {
    const active = paramsOf(links.hostHistory({ id: 7, name: 'acme-lic01', active: true }))
    expect(active.get('open')).toBe('7')
    expect(active.get('linked')).toBe('1')
    expect(parseGridState(activeServersGrid, active).filters.name).toEqual({
      type: 'text',
      op: 'equals',
      text: 'acme-lic01',
    })
    const inactive = paramsOf(links.hostHistory({ id: 8, name: 'old-host', active: false }))
    expect(inactive.get('i.open')).toBe('8')
    expect(inactive.get('i.linked')).toBe('1')
    expect(parseGridState(inactiveServersGrid, inactive).filters.name).toMatchObject({ text: 'old-host' })
  })

  it('opens the statement and the transactions of the same days', () => {
    const range = { from: '2026-11-21', to: today }
    for (const href of [links.usageStatement(range), links.usageTransactions(range)]) {
      const params = paramsOf(href)
      expect([params.get('from'), params.get('to'), params.get('customer')]).toEqual([range.from, today, '1000001'])
      expect(params.get('linked')).toBe('1')
    }
  })

  it("goes to an elastic entitlement's credit forecast, an alert and an e-mail", () => {
    expect(links.elasticCredit('39F8-86EC-7D18-2377')).toBe('/elastic?customer=1000001#credit-39F8-86EC-7D18-2377')
    expect(links.alert(4)).toBe('/notification-details/4?customer=1000001')
    expect(links.email(12)).toBe('/emails/12?customer=1000001')
  })
})
