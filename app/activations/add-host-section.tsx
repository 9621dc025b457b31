/**
 * Add New Host (spec 3, dialog 1): host name, host ID and host ID type, one row
 * or three for a triad (a link between the two), Upload from license, Cancel
 * and Save. Without JavaScript a section of the editor, with it a 1200 px
 * dialog; both post the same forms to the editor's action.
 */
import { Form, Link } from '@remix-run/react'
import { type HostRow } from '../domain/add-host-form'
import { FieldErrors } from '../ui/field-error'
import type { AddHostState } from './add-host.server'
import { button, primary } from './editor-ui'
import { EditorDialog } from './editor-dialog'
import { HostRowsFields, emptyHostRows } from './host-rows-fields'

const TITLE = 'Add New Host'

export function AddHostSection({
  customerNumber,
  triad,
  state,
}: {
  customerNumber: string
  /** Whether the address asks for a triad (an upload of three servers makes one too). */
  triad: boolean
  state: AddHostState | null
}) {
  const isTriad = state?.triad ?? triad
  const rows: HostRow[] = state?.rows ?? emptyHostRows(isTriad)
  const errors = state?.errors ?? {}
  const editorHref = `?${new URLSearchParams({ customer: customerNumber })}`
  const toggleHref = `?${new URLSearchParams({ customer: customerNumber, addHost: isTriad ? '1' : 'triad' })}`
  return (
    <EditorDialog
      id="add-host-title"
      title={TITLE}
      closeHref={editorHref}
      width="w-[1200px] max-w-full"
      sectionClassName="space-y-3 rounded border border-gray-300 bg-white p-3"
      testId="add-host-dialog"
    >
      <p className="text-sm">
        {isTriad ? 'A triad: three licence servers.' : 'A single licence server.'}{' '}
        <Link to={toggleHref} className="underline">
          {isTriad ? 'Add a single host instead' : 'Add a triad instead'}
        </Link>
      </p>
      {state?.message ? <p role="status">{state.message}</p> : null}
      {errors.host ? (
        <p role="alert" className="font-medium text-red-800">
          {errors.host}
        </p>
      ) : null}
      {/* Filled from an upload, the fields start again from its values. */}
      <Form method="post" id="add-host" key={JSON.stringify(rows)} className="space-y-3" noValidate>
        {isTriad ? <input type="hidden" name="triad" value="1" /> : null}
        <HostRowsFields rows={rows} isTriad={isTriad} errors={errors} />
      </Form>
      <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-2">
        {isTriad ? <input type="hidden" name="triad" value="1" /> : null}
        <label className="flex max-w-full min-w-0 flex-col text-sm">
          Licence file
          <input
            type="file"
            name="file"
            accept=".lic,.dat,.txt,text/plain"
            className="mt-1 w-full max-w-full"
            aria-describedby="upload-error"
          />
        </label>
        <button type="submit" name="intent" value="upload" className={button}>
          Upload from license
        </button>
        <FieldErrors id="upload-error" errors={errors.upload ? [errors.upload] : undefined} />
      </Form>
      <div className="flex gap-2">
        <Link to={editorHref} className={button}>
          Cancel
        </Link>
        <button type="submit" form="add-host" name="intent" value="addHost" className={primary}>
          Save
        </button>
      </div>
    </EditorDialog>
  )
}
