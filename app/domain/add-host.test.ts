import { describe, expect, it } from 'vitest'
import { HOST_NAME_MESSAGE, TRIAD_NAMES_MESSAGE } from './host-id'
import { addHostDecision, compareServers, readHostNames } from './add-host'

describe('readHostNames', () => {
  it('takes one name for a single host and three for a triad, trimmed', () => {
    expect(readHostNames(' lic01 ', 1)).toEqual({ ok: true, names: ['lic01'] })
    expect(readHostNames('a1, b-2 ,c_3', 3)).toEqual({ ok: true, names: ['a1', 'b-2', 'c_3'] })
  })

  it.each([
    ['', 1],
    ['  ', 1],
    ['lic 01', 1],
    ['lic01!', 1],
    ['a,b', 1],
    ['a,b,c', 1],
    ['a,b,', 3],
    ['a,b c,d', 3],
  ])('refuses %j for %i ids with the spec’s message', (name, ids) => {
    expect(readHostNames(name, ids)).toEqual({ ok: false, message: HOST_NAME_MESSAGE })
  })

  it.each([['a'], ['a,b'], ['a,b,c,d'], ['']])('refuses %j for a triad, saying it wants three names', (name) => {
    expect(readHostNames(name, 3)).toEqual({ ok: false, message: TRIAD_NAMES_MESSAGE })
    expect(TRIAD_NAMES_MESSAGE).toMatch(/three host names separated by commas/)
  })
})

describe('addHostDecision', () => {
  const existing = (name: string, state: string) => ({ name, state, identifier: '00155d0a1b2c' })

  it('inserts a host whose identifier is new', () => {
    expect(addHostDecision(undefined, 'lic01')).toEqual({ kind: 'insert' })
  })

  it('refuses the same identifier under the same name (any case), whatever its state', () => {
    for (const state of ['ACTIVE', 'INACTIVE', 'UNKNOWN']) {
      expect(addHostDecision(existing('Lic01', state), 'lic01')).toEqual({
        kind: 'refuse',
        message: 'Host identifier Lic01 (00155d0a1b2c) is already in use.',
      })
    }
  })

  it('refuses the same identifier under another name with the rehost hint while the host is not inactive', () => {
    for (const state of ['ACTIVE', 'UNKNOWN']) {
      expect(addHostDecision(existing('lic01', state), 'lic02')).toEqual({
        kind: 'refuse',
        message:
          'Host identifier lic01 (00155d0a1b2c) is already in use. ' +
          'If you want to rehost, please use the "Manage Activations" menu.',
      })
    }
  })

  it('reactivates an inactive host given another name', () => {
    expect(addHostDecision(existing('lic01', 'INACTIVE'), 'lic02')).toEqual({ kind: 'reactivate' })
  })

  it('brings back a host every customer deleted, under its own name too', () => {
    expect(addHostDecision({ ...existing('lic01', 'INACTIVE'), deleted: true }, 'lic01')).toEqual({
      kind: 'reactivate',
    })
    expect(addHostDecision({ ...existing('lic01', 'INACTIVE'), deleted: false }, 'lic01')).toMatchObject({
      kind: 'refuse',
    })
  })
})

describe('compareServers', () => {
  const host = (state: string, name: string, serverId = 'a', serverIdType = 'ETHERNET') => ({
    state,
    name,
    serverId,
    serverIdType,
  })

  it('orders active, inactive, unknown, then by name in any case, ids and type', () => {
    const list = [
      host('UNKNOWN', 'a'),
      host('INACTIVE', 'b'),
      host('ACTIVE', 'Zed'),
      host('ACTIVE', 'b', 'f00dfeed', 'DISK_SERIAL_NUM'),
      host('ACTIVE', 'b', 'f00dfeed', 'ANY'),
      host('ACTIVE', 'B', '00155d0a1b2c'),
      host('ACTIVE', 'alpha'),
    ]
    expect([...list].sort(compareServers)).toEqual([
      host('ACTIVE', 'alpha'),
      host('ACTIVE', 'B', '00155d0a1b2c'),
      host('ACTIVE', 'b', 'f00dfeed', 'ANY'),
      host('ACTIVE', 'b', 'f00dfeed', 'DISK_SERIAL_NUM'),
      host('ACTIVE', 'Zed'),
      host('INACTIVE', 'b'),
      host('UNKNOWN', 'a'),
    ])
  })
})
