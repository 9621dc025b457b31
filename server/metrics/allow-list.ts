/**
 * Who may read /metrics: METRICS_ALLOW, comma-separated IPv4 and IPv6 addresses
 * and CIDR ranges. Unset: loopback only. Set but empty: nobody (the endpoint is
 * off). An entry that is not an address or a range stops the start with a message
 * naming it. Addresses are written as the IP rules of the portal's screens are
 * (app/domain/ip-rules). IPv4-mapped IPv6 addresses (::ffff:192.0.2.1, as a
 * dual-stack socket reports an IPv4 client) count as the IPv4 address, in the
 * list and in the address checked.
 */
import ipaddr from 'ipaddr.js'
import { ipAddressError } from '../../app/domain/ip-rules'

type Address = ipaddr.IPv4 | ipaddr.IPv6

/** One range: a network address and the number of leading bits that must match. */
export type AddressRange = readonly [Address, number]

/** The allowed ranges; empty: nobody is allowed. */
export type AllowList = readonly AddressRange[]

export const LOOPBACK_ONLY = '127.0.0.0/8, ::1'

/** An IPv4-mapped IPv6 range (::ffff:a.b.c.d/96 or longer) as the IPv4 range it covers; any other as it is. */
function normalisedRange([address, bits]: AddressRange): AddressRange {
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
    return [(address as ipaddr.IPv6).toIPv4Address(), bits - 96]
  }
  return [address, bits]
}

/** METRICS_ALLOW's value as ranges (see the module's comment); throws on an entry that is not an address or a range. */
export function parseAllowList(raw: string | undefined): AllowList {
  const text = raw ?? LOOPBACK_ONLY
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  return entries.map((entry) => {
    const problem = ipAddressError(entry)
    if (problem) throw new Error(`METRICS_ALLOW: '${entry}' is not an address or a CIDR range. ${problem}`)
    const range: AddressRange = entry.includes('/')
      ? ipaddr.parseCIDR(entry)
      : [ipaddr.parse(entry), entry.includes(':') ? 128 : 32]
    return normalisedRange(range)
  })
}

/** Whether `address` (a client address as Node or Express reports it) lies in one of the ranges. */
export function isAllowed(list: AllowList, address: string | undefined): boolean {
  if (!address || list.length === 0 || !ipaddr.isValid(address)) return false
  const client = ipaddr.process(address)
  return list.some(([network, bits]) => network.kind() === client.kind() && client.match(network, bits))
}
