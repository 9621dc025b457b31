/**
 * Licence host ids (spec 3 sections 3, 5 and 9): the three id types, the checks
 * a host's ids pass in the spec's order with the spec's words, the entry formats
 * of the Add New Host dialog, and the host identifier (each id with a 'TYPE='
 * prefix except ETHERNET), which is also how a licence file's SERVER line names
 * the host.
 */

export const HOST_ID_TYPES = ['ETHERNET', 'DISK_SERIAL_NUM', 'FLEXID'] as const
export type HostIdType = (typeof HOST_ID_TYPES)[number]

/** Spec 3 section 9: the default port of a licence server. */
export const DEFAULT_PORT = 1055

export const HOST_NAME_MESSAGE = 'Please remove spaces and special characters.'
/** A triad's servers are named one by one (spec 3 section 5: the three names are joined by commas). */
export const TRIAD_NAMES_MESSAGE =
  'A triad has three servers: give three host names separated by commas, such as lic1,lic2,lic3.'

export const HOST_ID_MESSAGES = {
  noId: 'Server id is not defined',
  noType: 'Server id type is not defined',
  notSingleOrTriad: (ids: string) => `Server id ${ids} is not a single or triad server`,
  countMismatch: (ids: number, types: number) =>
    `Number of server id ${ids} does not match number of server id types ${types}`,
  mixedTriad: 'Triad servers must all be the same host id type',
  unsupported: (type: string) => `Unsupported host id type: ${type}`,
  ETHERNET: (id: string) => `Invalid ETHERNET server id: ${id}. It must be 12 hexadecimal (0-9, a-f, or A-F) digits.`,
  DISK_SERIAL_NUM: (id: string) =>
    `Invalid DISK_SERIAL_NUM server id: ${id}. It must be 8 hexadecimal (0-9, a-f, or A-F) digits. ` +
    'Check for missing characters and add leading zeroes as necessary.',
  FLEXID: (id: string) =>
    `Invalid FLEXID server id: ${id}. It needs to start with "9-" followed by 8 hexadecimal (0-9, a-f, or A-F) digits.`,
} as const

const ID_PATTERN: Record<HostIdType, RegExp> = {
  ETHERNET: /^[0-9a-f]{12}$/i,
  DISK_SERIAL_NUM: /^[0-9a-f]{8}$/i,
  FLEXID: /^9-[0-9a-f]{8}$/i,
}

export function isHostIdType(text: string): text is HostIdType {
  return (HOST_ID_TYPES as readonly string[]).includes(text)
}

const list = (text: string) => text.split(',').map((part) => part.trim())

/** A host's checked ids (lowercase) and their one type. */
export interface HostIds {
  ids: string[]
  type: HostIdType
}

/**
 * Checks a host's ids and types as the API receives them (comma-separated, 1 or
 * 3 of each), in the spec's order; the first failure's message, or the ids.
 */
export function checkHostIds(
  ids: string | null | undefined,
  types: string | null | undefined,
): { ok: true; host: HostIds } | { ok: false; message: string } {
  const fail = (message: string) => ({ ok: false as const, message })
  if (!ids?.trim()) return fail(HOST_ID_MESSAGES.noId)
  if (!types?.trim()) return fail(HOST_ID_MESSAGES.noType)
  const idList = list(ids)
  const typeList = list(types)
  if (idList.length !== 1 && idList.length !== 3) return fail(HOST_ID_MESSAGES.notSingleOrTriad(ids.trim()))
  if (typeList.length !== idList.length) return fail(HOST_ID_MESSAGES.countMismatch(idList.length, typeList.length))
  if (new Set(typeList).size > 1) return fail(HOST_ID_MESSAGES.mixedTriad)
  const type = typeList[0]
  if (!isHostIdType(type)) return fail(HOST_ID_MESSAGES.unsupported(type))
  const invalid = idList.find((id) => !ID_PATTERN[type].test(id))
  if (invalid !== undefined) return fail(HOST_ID_MESSAGES[type](invalid))
  return { ok: true, host: { ids: idList.map((id) => id.toLowerCase()), type } }
}

/** One host id as a licence file and the host identifier write it: ETHERNET bare, the others as TYPE=id. */
export function typedHostId(type: HostIdType, id: string): string {
  return type === 'ETHERNET' ? id.toLowerCase() : `${type}=${id.toLowerCase()}`
}

/** The host identifier (spec 3 section 3): the ids with their 'TYPE=' prefixes, comma-separated. */
export function hostIdentifier({ ids, type }: HostIds): string {
  return ids.map((id) => typedHostId(type, id)).join(',')
}

/** The type as people read it: ETHERNET is shown as MAC_ADDRESS. */
export function hostIdTypeLabel(type: HostIdType): string {
  return type === 'ETHERNET' ? 'MAC_ADDRESS' : type
}

/** Spec 3 section 5: a host name has no spaces or special characters. */
export function checkHostName(name: string | null | undefined): string | null {
  const trimmed = name?.trim() ?? ''
  return /^[A-Za-z0-9._-]+$/.test(trimmed) ? null : HOST_NAME_MESSAGE
}

const ENTRY_FORMATS: [RegExp, HostIdType][] = [
  [/^([A-Za-z0-9]{12})$/, 'ETHERNET'],
  [/^ETHERNET=([A-Za-z0-9]{12})$/i, 'ETHERNET'],
  [/^DISK_SERIAL_NUM=([A-Za-z0-9]{8})$/i, 'DISK_SERIAL_NUM'],
  [/^FLEXID=(9-[A-Za-z0-9]{8})$/i, 'FLEXID'],
]

/**
 * A host ID as typed in the Add New Host dialog (spec 3 section 5): 12
 * alphanumerics, or ETHERNET= plus 12, DISK_SERIAL_NUM= plus 8, FLEXID=9- plus 8.
 * Null for any other form; the id checks then say what is wrong with the digits.
 */
export function readHostIdEntry(text: string): { type: HostIdType; id: string } | null {
  const trimmed = text.trim()
  for (const [pattern, type] of ENTRY_FORMATS) {
    const match = pattern.exec(trimmed)
    if (match) return { type, id: match[1] }
  }
  return null
}
