import { describe, expect, it } from 'vitest'
import type { ServerSummary } from '../domain/activation-types'
import { serverRows } from './servers'

const server = (
  id: number,
  name: string,
  state: string,
  serverId = 'aa',
  serverIdType = 'ETHERNET',
  customers = ['1'],
) =>
  ({
    id,
    name,
    state,
    serverId,
    serverIdType,
    portNumber: 1055,
    triad: serverId.includes(','),
    ansysborrowable: false,
    customers,
  }) as ServerSummary

describe("Manage Activations' server rows", () => {
  it("split into the active grid's and the rest, each in the spec's order: name in any case, ids, type", () => {
    const { active, inactive } = serverRows(
      [
        server(1, 'beta', 'ACTIVE'),
        server(2, 'Alpha', 'INACTIVE'),
        server(3, 'alpha', 'UNKNOWN'),
        server(4, 'ALPHA', 'ACTIVE', 'bb'),
        server(5, 'alpha', 'ACTIVE', 'aa', 'FLEXID'),
        server(6, 'alpha', 'ACTIVE', 'aa'),
      ],
      '1',
    )
    expect(active.map((r) => r.id)).toEqual([6, 5, 4, 1])
    expect(inactive.map((r) => r.id)).toEqual([2, 3])
    // The default view keeps this order: it is the rows' unique key.
    expect([...active, ...inactive].map((r) => r.order)).toEqual([0, 1, 2, 3, 4, 5])
  })

  it('names the id types as people read them and the other customers of the group', () => {
    const [triad] = serverRows(
      [server(1, 'a,b,c', 'ACTIVE', 'x,y,z', 'ETHERNET,ETHERNET,ETHERNET', ['1', '2', '3'])],
      '2',
    ).active
    expect(triad).toMatchObject({ typeLabel: 'MAC_ADDRESS', sharedWith: '1, 3' })
    const [disk] = serverRows([server(2, 'd', 'ACTIVE', '1234abcd', 'DISK_SERIAL_NUM')], '1').active
    expect(disk).toMatchObject({ typeLabel: 'DISK_SERIAL_NUM', sharedWith: '' })
  })
})
