/**
 * The multipart/form-data bodies of the calls registered for one (an uploaded
 * file), whichever way they came in: the body text and its content type (with
 * the boundary) read as a web FormData, at most BODY_LIMIT_BYTES in all, and
 * no file larger than the call allows.
 */
import { BODY_LIMIT_BYTES } from './constants'
import type { FormOptions } from './call-table'
import { badRequest } from './envelope'

export const FORM_MESSAGES = {
  malformed: 'Malformed multipart/form-data body',
  tooLarge: (maxFileBytes: number) =>
    `The file is too large: at most ${Math.floor(maxFileBytes / 1024)} KB can be uploaded.`,
} as const

/** Whether a Content-Type header names a multipart/form-data body. */
export function isFormContentType(contentType: string | undefined): contentType is string {
  return /^multipart\/form-data\s*(;|$)/i.test(contentType?.trim() ?? '')
}

/** The form a body holds, or a 400 saying why it cannot be read. */
export async function readForm(
  body: string | undefined,
  contentType: string,
  { maxFileBytes }: FormOptions,
): Promise<FormData> {
  if (body !== undefined && Buffer.byteLength(body) > BODY_LIMIT_BYTES)
    throw badRequest(FORM_MESSAGES.tooLarge(maxFileBytes))
  let form: FormData
  try {
    // The body parser of the web platform (undici), as a browser or fetch sends the form.
    form = await new Request('http://api.invalid/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: body ?? '',
    }).formData()
  } catch {
    throw badRequest(FORM_MESSAGES.malformed)
  }
  for (const [, value] of form) {
    if (typeof value !== 'string' && value.size > maxFileBytes) throw badRequest(FORM_MESSAGES.tooLarge(maxFileBytes))
  }
  return form
}
