/**
 * The Add New Host form (spec 3, dialog 1 and section 5): one row of host name,
 * host ID and host ID type, or three for a triad. A host ID is typed in one of
 * the entry formats: 12 characters (the row's type, ETHERNET unless another is
 * chosen), or ETHERNET=, DISK_SERIAL_NUM= or FLEXID= followed by the id, which
 * sets the type. The rows are checked as the API checks them, each message by
 * its field, and become the add-server request's comma-joined fields.
 */
import { checkHostIds, checkHostName, HOST_ID_TYPES, isHostIdType, readHostIdEntry, type HostIdType } from './host-id'

export interface HostRow {
  name: string
  hostId: string
  type: HostIdType
}

/** The form's fields of row `i`. */
export const rowField = (field: 'name' | 'hostId' | 'type', i: number) => `${field}.${i}`

export const rowCount = (triad: boolean) => (triad ? 3 : 1)

/** The rows as the form posted them (missing fields empty, an unknown type ETHERNET). */
export function readHostRows(get: (name: string) => string | null, triad: boolean): HostRow[] {
  return Array.from({ length: rowCount(triad) }, (_, i) => {
    const type = get(rowField('type', i)) ?? ''
    return {
      name: (get(rowField('name', i)) ?? '').trim(),
      hostId: (get(rowField('hostId', i)) ?? '').trim(),
      type: isHostIdType(type) ? type : HOST_ID_TYPES[0],
    }
  })
}

/** A row's id and type: a TYPE= prefix sets the type (the checks then judge the id), a bare id keeps the row's. */
function entryOf(row: HostRow): { id: string; type: HostIdType } {
  const entry = readHostIdEntry(row.hostId)
  if (entry && row.hostId.includes('=')) return entry
  const prefixed = /^([A-Za-z_]+)=(.*)$/.exec(row.hostId)
  const type = prefixed?.[1].toUpperCase() ?? ''
  if (prefixed && isHostIdType(type)) return { id: prefixed[2].trim(), type }
  return { id: row.hostId, type: row.type }
}

export interface AddHostFields {
  serverName: string
  serverId: string
  serverIdType: string
}

/** The rows checked: the request's fields, or each failing field's message (and one for the whole host). */
export function checkHostRows(
  rows: readonly HostRow[],
): { ok: true; fields: AddHostFields } | { ok: false; errors: Record<string, string> } {
  /** By field (`name.<i>`, `hostId.<i>`), or `host` for the host as a whole. */
  const errors: Record<string, string> = {}
  const entries = rows.map(entryOf)
  rows.forEach((row, i) => {
    const nameError = checkHostName(row.name)
    if (nameError) errors[`name.${i}`] = nameError
    const idCheck = checkHostIds(entries[i].id, entries[i].type)
    if (!idCheck.ok) errors[`hostId.${i}`] = idCheck.message
  })
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  const fields = {
    serverName: rows.map((r) => r.name).join(','),
    serverId: entries.map((e) => e.id).join(','),
    serverIdType: entries.map((e) => e.type).join(','),
  }
  const whole = checkHostIds(fields.serverId, fields.serverIdType)
  if (!whole.ok) return { ok: false, errors: { host: whole.message } }
  return { ok: true, fields: { ...fields, serverId: whole.host.ids.join(',') } }
}

/** The rows a licence file's SERVER lines give (Upload from license), one or three. */
export function rowsFromUpload(upload: { serverName: string; serverId: string; serverIdType: string }): HostRow[] {
  const names = upload.serverName.split(',')
  const ids = upload.serverId.split(',')
  const types = upload.serverIdType.split(',')
  return ids.map((id, i) => {
    const type = (types[i] ?? types[0] ?? '').trim()
    return { name: (names[i] ?? '').trim(), hostId: id.trim(), type: isHostIdType(type) ? type : HOST_ID_TYPES[0] }
  })
}
