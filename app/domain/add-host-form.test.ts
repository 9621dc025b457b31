import { describe, expect, it } from 'vitest'
import { HOST_ID_MESSAGES, HOST_NAME_MESSAGE } from './host-id'
import { checkHostRows, readHostRows, rowsFromUpload, type HostRow } from './add-host-form'

const row = (name: string, hostId: string, type: HostRow['type'] = 'ETHERNET'): HostRow => ({ name, hostId, type })

describe('the Add New Host rows', () => {
  it('reads one row, or three for a triad, with ETHERNET for a missing or unknown type', () => {
    const form = new URLSearchParams({
      'name.0': ' lic01 ',
      'hostId.0': ' 00155D0A1B2C ',
      'type.2': 'FLEXID',
      'type.1': 'X',
    })
    expect(readHostRows((n) => form.get(n), false)).toEqual([row('lic01', '00155D0A1B2C')])
    expect(readHostRows((n) => form.get(n), true).map((r) => r.type)).toEqual(['ETHERNET', 'ETHERNET', 'FLEXID'])
  })

  it('takes every entry format: 12 characters with the row type, or a TYPE= prefix that sets the type', () => {
    expect(checkHostRows([row('lic01', '00155D0A1B2C')])).toEqual({
      ok: true,
      fields: { serverName: 'lic01', serverId: '00155d0a1b2c', serverIdType: 'ETHERNET' },
    })
    expect(checkHostRows([row('lic01', 'ETHERNET=00155d0a1b2c', 'FLEXID')])).toMatchObject({
      fields: { serverIdType: 'ETHERNET' },
    })
    expect(checkHostRows([row('lic01', 'disk_serial_num=A1B2C3D4')])).toMatchObject({
      fields: { serverId: 'a1b2c3d4', serverIdType: 'DISK_SERIAL_NUM' },
    })
    expect(checkHostRows([row('lic01', 'FLEXID=9-0A1B2C3D')])).toMatchObject({
      fields: { serverId: '9-0a1b2c3d', serverIdType: 'FLEXID' },
    })
    expect(checkHostRows([row('lic01', 'a1b2c3d4', 'DISK_SERIAL_NUM')])).toMatchObject({ ok: true })
  })

  it("puts each failure by its field, in the spec's words", () => {
    expect(checkHostRows([row('lic 01', '')])).toEqual({
      ok: false,
      errors: { 'name.0': HOST_NAME_MESSAGE, 'hostId.0': HOST_ID_MESSAGES.noId },
    })
    expect(checkHostRows([row('lic01', '00155d0a1b2g')])).toEqual({
      ok: false,
      errors: { 'hostId.0': HOST_ID_MESSAGES.ETHERNET('00155d0a1b2g') },
    })
    expect(checkHostRows([row('lic01', 'DISK_SERIAL_NUM=a1b2c3')])).toMatchObject({
      errors: { 'hostId.0': HOST_ID_MESSAGES.DISK_SERIAL_NUM('a1b2c3') },
    })
    expect(checkHostRows([row('lic01', '9-0a1b2c3', 'FLEXID')])).toMatchObject({
      errors: { 'hostId.0': HOST_ID_MESSAGES.FLEXID('9-0a1b2c3') },
    })
  })

  it('joins a triad, and refuses one of mixed types as a whole', () => {
    const triad = [row('a', '00155d0a2001'), row('b', '00155d0a2002'), row('c', '00155d0a2003')]
    expect(checkHostRows(triad)).toEqual({
      ok: true,
      fields: {
        serverName: 'a,b,c',
        serverId: '00155d0a2001,00155d0a2002,00155d0a2003',
        serverIdType: 'ETHERNET,ETHERNET,ETHERNET',
      },
    })
    expect(checkHostRows([...triad.slice(0, 2), row('c', 'a1b2c3d4', 'DISK_SERIAL_NUM')])).toEqual({
      ok: false,
      errors: { host: HOST_ID_MESSAGES.mixedTriad },
    })
  })

  it('fills the rows from an uploaded licence file, one or three', () => {
    expect(rowsFromUpload({ serverName: 'lic01', serverId: '00155d0a1b2c', serverIdType: 'ETHERNET' })).toEqual([
      row('lic01', '00155d0a1b2c'),
    ])
    expect(
      rowsFromUpload({ serverName: 'a,b,c', serverId: '9-00000001,9-00000002,9-00000003', serverIdType: 'FLEXID' }),
    ).toEqual([row('a', '9-00000001', 'FLEXID'), row('b', '9-00000002', 'FLEXID'), row('c', '9-00000003', 'FLEXID')])
  })
})
