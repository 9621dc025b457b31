/**
 * Upload from license (spec 3 sections 3 and 7, POST /uploadserverid): the
 * host a licence file names, read from its SERVER lines, as the Add New Host
 * dialog fills it in: one server, or three for a triad (names, ids and types
 * joined by commas, the master first). The ids then pass the host id checks.
 */
import { checkHostIds, HOST_ID_TYPES, type HostIdType } from './host-id'
import { readLicenseFile } from './license-lines'

export interface UploadedHost {
  serverName: string
  serverId: string
  serverIdType: string
  /** Servers that must run for the licences to be served: 1, or 2 of a triad's 3. */
  quorum: number
  numServers: number
}

export const UPLOAD_MESSAGES = {
  noServer: 'The file has no SERVER line: it is not a licence file of a licence server.',
  serverCount: (n: number) => `A licence file names one server or three (a triad); this one names ${n}.`,
  badLine: (n: number) => `SERVER line ${n} needs a host name and a host id.`,
  badHostId: (n: number, id: string) =>
    `SERVER line ${n}: the host id ${id} is not an ETHERNET, DISK_SERIAL_NUM or FLEXID id.`,
} as const

function hostIdOf(token: string): { type: HostIdType; id: string } | null {
  const eq = token.indexOf('=')
  if (eq < 0) return /^[0-9a-f]{12}$/i.test(token) ? { type: 'ETHERNET', id: token } : null
  const type = token.slice(0, eq).toUpperCase()
  const id = token.slice(eq + 1)
  return (HOST_ID_TYPES as readonly string[]).includes(type) && id ? { type: type as HostIdType, id } : null
}

/** The host of a licence file's text, or the reason it names none this portal can use. */
export function readUploadedHost(text: string): { ok: true; host: UploadedHost } | { ok: false; message: string } {
  const fail = (message: string) => ({ ok: false as const, message })
  const servers = readLicenseFile(text).servers
  if (servers.length === 0) return fail(UPLOAD_MESSAGES.noServer)
  if (servers.length !== 1 && servers.length !== 3) return fail(UPLOAD_MESSAGES.serverCount(servers.length))
  const read: { name: string; type: HostIdType; id: string }[] = []
  for (const [i, { name, hostId: token }] of servers.entries()) {
    if (!name || !token) return fail(UPLOAD_MESSAGES.badLine(i + 1))
    const hostId = hostIdOf(token)
    if (!hostId) return fail(UPLOAD_MESSAGES.badHostId(i + 1, token))
    read.push({ name, ...hostId })
  }
  const checked = checkHostIds(read.map((r) => r.id).join(','), read.map((r) => r.type).join(','))
  if (!checked.ok) return checked
  return {
    ok: true,
    host: {
      serverName: read.map((r) => r.name).join(','),
      serverId: checked.host.ids.join(','),
      serverIdType: read.map((r) => r.type).join(','),
      quorum: read.length === 3 ? 2 : 1,
      numServers: read.length,
    },
  }
}
