/**
 * Rehost (spec 3 "Rehost"): the new host of an active host's activations, one
 * row or a triad of three, as Add New Host takes them. Posting asks first; the
 * API's refusals (an active host of that name and identifier, lapsed
 * maintenance) show above the fields. A section without JavaScript, a 1200 px
 * dialog with it.
 */
import type { ReactNode } from 'react'
import { Form, Link } from '@remix-run/react'
import type { HostRow } from '../domain/add-host-form'
import type { ServerRow } from '../grid/servers'
import { button, primary } from './editor-ui'
import { EditorDialog } from './editor-dialog'
import { HostRowsFields, emptyHostRows } from './host-rows-fields'

export interface RehostState {
  rows: HostRow[]
  triad: boolean
  /** By field (`name.<i>`, `hostId.<i>`), `host` for the whole host. */
  errors: Record<string, string>
}

export function RehostSection({
  host,
  triad,
  state,
  closeHref,
  toggleHref,
  confirm,
}: {
  host: ServerRow
  triad: boolean
  state: RehostState | null
  closeHref: string
  /** The same form for a triad, or for a single host when it is one. */
  toggleHref: string
  /** The question a posted form asks first: inside the dialog, so it opens over it. */
  confirm: ReactNode
}) {
  const isTriad = state?.triad ?? triad
  const rows = state?.rows ?? emptyHostRows(isTriad)
  const errors = state?.errors ?? {}
  return (
    <EditorDialog
      id="rehost-title"
      title={`Rehost ${host.name}`}
      closeHref={closeHref}
      width="w-[1200px] max-w-full"
      sectionClassName="space-y-3 rounded border border-gray-300 bg-white p-3"
      testId="rehost-dialog"
    >
      <p className="text-sm">
        Every product activated on {host.name} ({host.serverId}) moves to the new host, and {host.name} becomes
        inactive.{' '}
        {isTriad ? 'The new host is a triad of three licence servers.' : 'The new host is one licence server.'}{' '}
        <Link to={toggleHref} preventScrollReset className="underline">
          {isTriad ? 'Rehost to a single host instead' : 'Rehost to a triad instead'}
        </Link>
      </p>
      {confirm}
      {errors.host ? (
        <p role="alert" className="font-medium text-red-800">
          {errors.host}
        </p>
      ) : null}
      <Form method="post" key={JSON.stringify(rows)} className="space-y-3" noValidate preventScrollReset>
        <input type="hidden" name="intent" value="rehost" />
        <input type="hidden" name="host" value={host.id} />
        {isTriad ? <input type="hidden" name="triad" value="1" /> : null}
        <HostRowsFields rows={rows} isTriad={isTriad} errors={errors} />
        <div className="flex gap-2">
          <Link to={closeHref} preventScrollReset className={button}>
            Cancel
          </Link>
          <button type="submit" className={primary}>
            Rehost
          </button>
        </div>
      </Form>
    </EditorDialog>
  )
}
