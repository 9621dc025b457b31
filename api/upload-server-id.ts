/**
 * API: Upload from license (spec 3 sections 3 and 7, POST /uploadserverid): a
 * licence file sent as multipart/form-data (fields file and customerNumber) read
 * into the host it names, as the Add New Host dialog fills it in. Nothing is
 * stored. A missing, oversized or binary file, or one without usable SERVER
 * lines, is refused with the reason.
 */
import { readUploadedHost } from '../app/domain/license-upload'
import { requireActivationAccess } from './activation-access'
import type { CallTable } from './call-table'
import { hostCalls as declared, uploadFieldsSchema } from './contract/hosts'
import { badRequest, parseInput } from './envelope'
import type { ApiDeps } from './index'

export const UPLOAD_REFUSALS = {
  notForm: 'Send the licence file as multipart/form-data, with the fields file and customerNumber.',
  noFile: 'No licence file was uploaded: choose the file to read the host from.',
  notText: 'The file is not a text file: a licence file is plain text.',
} as const

/** A character no text file holds: an undecodable byte, or a control character but tab, line ends and form feed. */
function notText(code: number): boolean {
  return code === 0xfffd || code === 0x7f || (code < 0x20 && (code < 0x09 || code > 0x0d))
}

const isText = (text: string) => {
  for (let i = 0; i < text.length; i++) if (notText(text.charCodeAt(i))) return false
  return true
}

export function uploadServerIdCalls(calls: CallTable, { db }: ApiDeps) {
  calls.implement(declared.upload, async ({ input, form, user }) => {
    // The customer a request names is checked first, as by every call, even when it came as JSON;
    // a form's fields are parsed here, since the declared input is only the JSON body.
    const named = form ? (form.get('customerNumber') ?? undefined) : input.customerNumber
    if (!form && named === undefined) throw badRequest(UPLOAD_REFUSALS.notForm)
    const fields = parseInput(uploadFieldsSchema, { customerNumber: named })
    await requireActivationAccess(db, user, fields.customerNumber)
    if (!form) throw badRequest(UPLOAD_REFUSALS.notForm)
    const file = form.get('file')
    // A browser sends a nameless, empty file part when none was chosen.
    if (file === null || typeof file === 'string' || (file.size === 0 && !file.name)) {
      throw badRequest(UPLOAD_REFUSALS.noFile)
    }
    const text = await file.text()
    if (!isText(text)) throw badRequest(UPLOAD_REFUSALS.notText)
    const read = readUploadedHost(text)
    if (!read.ok) throw badRequest(read.message)
    return read.host
  })
}
