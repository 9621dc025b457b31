/**
 * A host row's actions on Manage Activations (spec 3): an active host's view of
 * its activations, its licence file, rehost and deactivate; an inactive host's
 * delete. Views are links (a section, or a dialog with JavaScript); changes are
 * posts that ask first. Every control names its host for assistive technology.
 */
import { Form, Link } from '@remix-run/react'
import { hostActions } from '../domain/host-actions'
import type { ServerRow } from '../grid/servers'
import { licenseHref } from './license-href'

const control = 'rounded border border-gray-400 px-2 py-0.5 text-sm hover:bg-gray-100'
const danger = 'rounded border border-red-700 px-2 py-0.5 text-sm text-red-800 hover:bg-red-50'

export function HostRowActions({
  row,
  customerNumber,
  hrefWith,
}: {
  row: ServerRow
  customerNumber: string
  /** The page's address with a parameter of its own set (the view and rehost steps). */
  hrefWith: (name: string, value: string) => string
}) {
  const actions = hostActions(row.state)
  const post = (intent: 'deactivate' | 'delete', label: string) => (
    <Form method="post" preventScrollReset className="inline">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="host" value={row.id} />
      <button type="submit" className={danger} aria-label={`${label} ${row.name}`}>
        {label}
      </button>
    </Form>
  )
  // The spaces keep the actions' words apart in a text browser (the gap does it on screen).
  return (
    <div className="flex flex-wrap gap-1">
      {actions.includes('view') ? (
        <Link
          to={hrefWith('view', String(row.id))}
          preventScrollReset
          className={control}
          aria-label={`View activations on ${row.name}`}
        >
          View
        </Link>
      ) : null}{' '}
      {actions.includes('download') ? (
        <a
          href={licenseHref(customerNumber, row)}
          download
          className={control}
          aria-label={`Download the licence file of ${row.name}`}
        >
          Download
        </a>
      ) : null}{' '}
      {actions.includes('rehost') ? (
        <Link
          to={hrefWith('rehost', String(row.id))}
          preventScrollReset
          className={control}
          aria-label={`Rehost ${row.name}`}
        >
          Rehost
        </Link>
      ) : null}{' '}
      {actions.includes('deactivate') ? post('deactivate', 'Deactivate') : null}{' '}
      {actions.includes('delete') ? post('delete', 'Delete') : null}
    </div>
  )
}
