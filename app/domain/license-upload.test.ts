import { describe, expect, it } from 'vitest'
import { licenseText, mergeLicenseTexts } from './license-file'
import { readUploadedHost, UPLOAD_MESSAGES } from './license-upload'

describe('the host an uploaded licence file names', () => {
  it('reads a single server, as this portal writes it', () => {
    const text = mergeLicenseTexts([
      licenseText({
        host: { name: 'acme-lic01', ids: ['001122AABBCC'], type: 'ETHERNET', port: 1055 },
        customer: { number: '1000001', name: 'Acme Aerospace' },
        products: [],
        issued: '2026-11-23',
        sign: () => 'x',
        signedBy: 'this portal',
      }),
    ])
    expect(readUploadedHost(text)).toEqual({
      ok: true,
      host: { serverName: 'acme-lic01', serverId: '001122aabbcc', serverIdType: 'ETHERNET', quorum: 1, numServers: 1 },
    })
  })

  it('reads a triad with its master first, and typed ids', () => {
    const text = [
      '# a triad',
      'SERVER head FLEXID=9-0000000A 27000',
      'SERVER second FLEXID=9-0000000b 27000',
      'server third FLEXID=9-0000000c',
      'VENDOR ansyslmd',
      'USE_SERVER',
    ].join('\r\n')
    expect(readUploadedHost(text)).toEqual({
      ok: true,
      host: {
        serverName: 'head,second,third',
        serverId: '9-0000000a,9-0000000b,9-0000000c',
        serverIdType: 'FLEXID,FLEXID,FLEXID',
        quorum: 2,
        numServers: 3,
      },
    })
    expect(readUploadedHost('SERVER disk DISK_SERIAL_NUM=1a2b3c4d 1055')).toMatchObject({
      ok: true,
      host: { serverId: '1a2b3c4d', serverIdType: 'DISK_SERIAL_NUM' },
    })
  })

  it('says why a file names no usable host', () => {
    expect(readUploadedHost('INCREMENT a b 1.0 permanent 1')).toEqual({ ok: false, message: UPLOAD_MESSAGES.noServer })
    expect(readUploadedHost('SERVER a 001122aabbcc\nSERVER b 001122aabbcd')).toEqual({
      ok: false,
      message: UPLOAD_MESSAGES.serverCount(2),
    })
    expect(readUploadedHost('SERVER lonely')).toEqual({ ok: false, message: UPLOAD_MESSAGES.badLine(1) })
    expect(readUploadedHost('SERVER any ANY 1055')).toEqual({ ok: false, message: UPLOAD_MESSAGES.badHostId(1, 'ANY') })
    expect(readUploadedHost('SERVER vm VM_UUID=abc 1055')).toEqual({
      ok: false,
      message: UPLOAD_MESSAGES.badHostId(1, 'VM_UUID=abc'),
    })
  })

  it('passes the ids through the host id checks, with their messages', () => {
    expect(readUploadedHost('SERVER d DISK_SERIAL_NUM=1a2b3c 1055')).toEqual({
      ok: false,
      message:
        'Invalid DISK_SERIAL_NUM server id: 1a2b3c. It must be 8 hexadecimal (0-9, a-f, or A-F) digits. ' +
        'Check for missing characters and add leading zeroes as necessary.',
    })
    const mixed = 'SERVER a 001122aabbcc\nSERVER b FLEXID=9-00000001\nSERVER c 001122aabbce'
    expect(readUploadedHost(mixed)).toEqual({ ok: false, message: 'Triad servers must all be the same host id type' })
  })
})
