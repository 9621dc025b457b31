/**
 * The Add New Host form's two posts: Upload from license reads a licence file's
 * SERVER lines into the rows (through the API's /uploadserverid), and Save
 * checks the rows as the API does, then adds the host and opens it in the
 * editor with a message. A view-only user gets the permission notice; the API
 * refuses them too.
 */
import type { AppLoadContext } from '@remix-run/node'
import { redirectWithFlash, requireCustomerScreen } from '../guards/screen.server'
import { activationCalls } from '../api-client/activations.server'
import { failureStatus } from '../api-client/envelope'
import { checkHostRows, readHostRows, rowsFromUpload, type HostRow } from '../domain/add-host-form'
import { NOT_ENOUGH_PERMISSIONS, UPLOAD_LIMIT_BYTES } from '../domain/activation-types'
import { isViewOnly } from '../domain/permissions'
import { screenPath } from '../screens/registry'

export const ADD_HOST_TEXTS = {
  noFile: 'Choose the licence file to read the host from.',
  tooLarge: `The licence file is larger than ${UPLOAD_LIMIT_BYTES / 1024} KB: choose the licence file itself.`,
  read: (file: string) => `The host was read from ${file}. Check it and Save.`,
  added: (name: string) => `Host ${name} was added.`,
  reactivated: (name: string) => `Host ${name} was reactivated.`,
} as const

/** What the form shows after a post that did not add the host. */
export interface AddHostState {
  rows: HostRow[]
  triad: boolean
  /** By field (`name.<i>`, `hostId.<i>`), `host` for the whole host, `upload` for the file. */
  errors: Record<string, string>
  message?: string
}

export type AddHostOutcome = { state: AddHostState; status: number } | { notice: string; status: number } | Response

export async function addHostAction(request: Request, context: AppLoadContext): Promise<AddHostOutcome> {
  const screen = await requireCustomerScreen(request, context, 'activations')
  const { customerNumber } = screen
  const form = await request.formData()
  if (isViewOnly(screen.user, screen.info)) return { notice: NOT_ENOUGH_PERMISSIONS, status: 403 }
  const triad = form.get('triad') === '1'
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : null
  }
  const rows = readHostRows(text, triad)
  const calls = activationCalls(screen.api)

  if (form.get('intent') === 'upload') {
    const file = form.get('file')
    const refuse = (message: string) => ({ state: { rows, triad, errors: { upload: message } }, status: 400 })
    if (!file || typeof file === 'string' || (file.size === 0 && !file.name)) return refuse(ADD_HOST_TEXTS.noFile)
    if (file.size > UPLOAD_LIMIT_BYTES) return refuse(ADD_HOST_TEXTS.tooLarge)
    const reply = await calls.upload(customerNumber, file)
    if (reply.status !== 'SUCCESS') return refuse(reply.err)
    const read = rowsFromUpload(reply.data)
    return {
      state: { rows: read, triad: read.length === 3, errors: {}, message: ADD_HOST_TEXTS.read(file.name) },
      status: 200,
    }
  }

  const checked = checkHostRows(rows)
  if (!checked.ok) return { state: { rows, triad, errors: checked.errors }, status: 400 }
  const reply = await calls.addServer({ customerNumber, ...checked.fields })
  if (reply.status !== 'SUCCESS') {
    return { state: { rows, triad, errors: { host: reply.err } }, status: failureStatus(reply) }
  }
  const { server, reactivated } = reply.data
  const message = (reactivated ? ADD_HOST_TEXTS.reactivated : ADD_HOST_TEXTS.added)(server.name)
  const editor = `${screenPath('activations')}?${new URLSearchParams({ customer: customerNumber, id: String(server.id) })}`
  return redirectWithFlash(screen.session, context, editor, { type: 'success', message })
}
