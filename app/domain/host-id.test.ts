import { describe, expect, it } from 'vitest'
import {
  checkHostIds,
  checkHostName,
  HOST_NAME_MESSAGE,
  hostIdentifier,
  hostIdTypeLabel,
  readHostIdEntry,
} from './host-id'

const message = (ids: string | undefined, types: string | undefined) => {
  const result = checkHostIds(ids, types)
  return result.ok ? null : result.message
}

describe('host id checks, in the spec’s order and words', () => {
  it('needs the ids, then their types', () => {
    expect(message(undefined, 'ETHERNET')).toBe('Server id is not defined')
    expect(message('  ', 'ETHERNET')).toBe('Server id is not defined')
    expect(message('001122aabbcc', '')).toBe('Server id type is not defined')
    // The ids are checked first.
    expect(message('', '')).toBe('Server id is not defined')
  })

  it('takes one or three ids, with as many types', () => {
    expect(message('a,b', 'ETHERNET,ETHERNET')).toBe('Server id a,b is not a single or triad server')
    expect(message('a,b,c,d', 'ETHERNET')).toBe('Server id a,b,c,d is not a single or triad server')
    expect(message('a,b,c', 'ETHERNET')).toBe('Number of server id 3 does not match number of server id types 1')
    expect(message('a', 'ETHERNET,ETHERNET,ETHERNET')).toBe(
      'Number of server id 1 does not match number of server id types 3',
    )
  })

  it('needs one type for a triad, and a known one', () => {
    expect(message('a,b,c', 'ETHERNET,FLEXID,ETHERNET')).toBe('Triad servers must all be the same host id type')
    expect(message('a', 'VM_UUID')).toBe('Unsupported host id type: VM_UUID')
    expect(message('a', 'ethernet')).toBe('Unsupported host id type: ethernet')
  })

  it('checks the digits of each type', () => {
    expect(message('001122AABBCC', 'ETHERNET')).toBeNull()
    expect(message('001122aabbc', 'ETHERNET')).toBe(
      'Invalid ETHERNET server id: 001122aabbc. It must be 12 hexadecimal (0-9, a-f, or A-F) digits.',
    )
    expect(message('00112233445g', 'ETHERNET')).toMatch(/^Invalid ETHERNET server id: 00112233445g\./)
    expect(message('1A2B3C4D', 'DISK_SERIAL_NUM')).toBeNull()
    expect(message('1a2b3c4', 'DISK_SERIAL_NUM')).toBe(
      'Invalid DISK_SERIAL_NUM server id: 1a2b3c4. It must be 8 hexadecimal (0-9, a-f, or A-F) digits. ' +
        'Check for missing characters and add leading zeroes as necessary.',
    )
    expect(message('9-1a2b3c4d', 'FLEXID')).toBeNull()
    expect(message('8-1a2b3c4d', 'FLEXID')).toBe(
      'Invalid FLEXID server id: 8-1a2b3c4d. It needs to start with "9-" followed by 8 hexadecimal (0-9, a-f, or A-F) digits.',
    )
  })

  it('names the first bad id of a triad', () => {
    expect(message('001122aabbcc, 001122aabbcd ,xyz', 'ETHERNET, ETHERNET,ETHERNET')).toBe(
      'Invalid ETHERNET server id: xyz. It must be 12 hexadecimal (0-9, a-f, or A-F) digits.',
    )
  })

  it('answers the ids in lowercase with their type', () => {
    expect(checkHostIds('001122AABBCC', 'ETHERNET')).toEqual({
      ok: true,
      host: { ids: ['001122aabbcc'], type: 'ETHERNET' },
    })
    expect(checkHostIds('9-1A2B3C4D,9-1A2B3C4E,9-1A2B3C4F', 'FLEXID,FLEXID,FLEXID')).toEqual({
      ok: true,
      host: { ids: ['9-1a2b3c4d', '9-1a2b3c4e', '9-1a2b3c4f'], type: 'FLEXID' },
    })
  })
})

describe('the host identifier', () => {
  it('prefixes every id with its type except ETHERNET', () => {
    expect(hostIdentifier({ ids: ['001122aabbcc'], type: 'ETHERNET' })).toBe('001122aabbcc')
    expect(hostIdentifier({ ids: ['1a2b3c4d'], type: 'DISK_SERIAL_NUM' })).toBe('DISK_SERIAL_NUM=1a2b3c4d')
    expect(hostIdentifier({ ids: ['9-1a2b3c4d', '9-1a2b3c4e', '9-1a2b3c4f'], type: 'FLEXID' })).toBe(
      'FLEXID=9-1a2b3c4d,FLEXID=9-1a2b3c4e,FLEXID=9-1a2b3c4f',
    )
  })

  it('shows ETHERNET as MAC_ADDRESS', () => {
    expect(hostIdTypeLabel('ETHERNET')).toBe('MAC_ADDRESS')
    expect(hostIdTypeLabel('FLEXID')).toBe('FLEXID')
  })
})

describe('the Add New Host dialog', () => {
  it('takes a host name without spaces or special characters', () => {
    expect(checkHostName(' acme-lic-01.example.com ')).toBeNull()
    expect(checkHostName('')).toBe(HOST_NAME_MESSAGE)
    expect(checkHostName('acme lic')).toBe(HOST_NAME_MESSAGE)
    expect(checkHostName('acme$lic')).toBe(HOST_NAME_MESSAGE)
  })

  it('reads the four entry formats of a host ID', () => {
    expect(readHostIdEntry('001122aabbcc')).toEqual({ type: 'ETHERNET', id: '001122aabbcc' })
    expect(readHostIdEntry('ETHERNET=001122AABBCC')).toEqual({ type: 'ETHERNET', id: '001122AABBCC' })
    expect(readHostIdEntry('DISK_SERIAL_NUM=1a2b3c4d')).toEqual({ type: 'DISK_SERIAL_NUM', id: '1a2b3c4d' })
    expect(readHostIdEntry(' FLEXID=9-1a2b3c4d ')).toEqual({ type: 'FLEXID', id: '9-1a2b3c4d' })
    // Alphanumerics are taken; the id checks then name what is not hexadecimal.
    expect(readHostIdEntry('00112233445z')).toEqual({ type: 'ETHERNET', id: '00112233445z' })
  })

  it('reads nothing from any other form', () => {
    for (const text of ['', '001122aabb', 'DISK_SERIAL_NUM=1a2b3c4', 'FLEXID=1a2b3c4d', 'MAC=001122aabbcc']) {
      expect(readHostIdEntry(text), text).toBeNull()
    }
  })
})
