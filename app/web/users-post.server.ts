/**
 * The Users page's form as posted. An import comes as multipart/form-data: its parts are read as
 * they arrive, and one larger than the import's limit stops the reading, so an upload too large
 * is refused without being held in memory whole. Every other form is a plain one.
 */
import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
} from '@remix-run/node'
import { MAX_IMPORT_BYTES } from '../domain/web-user-import'

export type UsersPost = { ok: true; form: FormData } | { ok: false; tooLarge: true }

export async function readUsersPost(request: Request, maxPartBytes = MAX_IMPORT_BYTES): Promise<UsersPost> {
  const type = request.headers.get('content-type') ?? ''
  if (!type.toLowerCase().startsWith('multipart/form-data')) return { ok: true, form: await request.formData() }
  try {
    const form = await parseMultipartFormData(request, createMemoryUploadHandler({ maxPartSize: maxPartBytes }))
    return { ok: true, form }
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return { ok: false, tooLarge: true }
    throw error
  }
}
