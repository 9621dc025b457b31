/**
 * API: Upload from license (spec 3 sections 3 and 7, POST /uploadserverid): a
 * licence file sent as multipart/form-data (fields file and customerNumber) read
 * into the host it names, as the Add New Host dialog fills it in. Nothing is
 * stored. A missing, oversized or binary file, or one without usable SERVER
 * lines, is refused with the reason.
 */
import { z } from 'zod'
import { UPLOAD_LIMIT_BYTES, type UploadedServer } from '../app/domain/activation-types'
import { readUploadedHost } from '../app/domain/licence-upload'
import { customerNumberSchema } from '../app/domain/customer-number'
import { requireActivationAccess } from './activation-access'
import type { CallRegistrar } from './call-table'
import { badRequest, parseInput } from './envelope'
import type { ApiDeps } from './index'

export const UPLOAD_REFUSALS = {
  notForm: 'Send the licence file as multipart/form-data, with the fields file and customerNumber.',
  noFile: 'No licence file was uploaded: choose the file to read the host from.',
  notText: 'The file is not a text file: a licence file is plain text.',
} as const

const fieldsSchema = z.object({ customerNumber: customerNumberSchema })

/** A character no text file holds: an undecodable byte, or a control character but tab, line ends and form feed. */
function notText(code: number): boolean {
  return code === 0xfffd || code === 0x7f || (code < 0x20 && (code < 0x09 || code > 0x0d))
}

const isText = (text: string) => {
  for (let i = 0; i < text.length; i++) if (notText(text.charCodeAt(i))) return false
  return true
}

export function uploadServerIdCalls(calls: CallRegistrar, { db }: ApiDeps) {
  calls.postForm(
    '/uploadserverid',
    async ({ body, form, user }): Promise<UploadedServer> => {
      // The customer a request names is checked first, as by every call, even when it came as JSON.
      const named = form
        ? (form.get('customerNumber') ?? undefined)
        : (body as { customerNumber?: unknown }).customerNumber
      if (!form && named === undefined) throw badRequest(UPLOAD_REFUSALS.notForm)
      const fields = parseInput(fieldsSchema, { customerNumber: named })
      requireActivationAccess(db, user, fields.customerNumber)
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
    },
    { maxFileBytes: UPLOAD_LIMIT_BYTES },
  )
}
