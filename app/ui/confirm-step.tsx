/**
 * A confirmation as a server step. The action answers "needs confirmation" with
 * `askConfirmation(...)` until the form comes back with confirm=yes; the page then
 * shows the question in a panel titled Confirm (without JavaScript) or in a 350 px
 * dialog (with it). Yes posts the same data again with confirm=yes; No leaves
 * everything as stored.
 */
import { Suspense, useState } from 'react'
import { Form, Link, useNavigation } from '@remix-run/react'
import { ConfirmPanel, LazyConfirmDialog } from './confirm-panel'
import { useHydrated } from './use-hydrated'

export const CONFIRM_FIELD = 'confirm'

export interface Confirmation {
  question: string
  /** Lines after the question, e.g. the ids of the thing being changed. */
  detail?: string | string[]
  /** The submitted fields to post again. */
  fields: Record<string, string>
  /** Distinguishes two askings of the same question, so the dialog opens again. */
  key: string
  /** Yes removes or revokes something: a danger button (docs/design.md). */
  danger?: boolean
}

/** Whether the submitted form carries the user's Yes. */
export function isConfirmed(formData: FormData): boolean {
  return formData.get(CONFIRM_FIELD) === 'yes'
}

/** The action's answer when it needs a Yes first (return it as action data). */
export function askConfirmation(
  question: string,
  fields: Record<string, string>,
  detail?: string | string[],
  { danger = false }: { danger?: boolean } = {},
): { confirmation: Confirmation } {
  return { confirmation: { question, detail, fields, key: globalThis.crypto.randomUUID(), danger } }
}

interface ConfirmStepProps {
  confirmation: Confirmation | null | undefined
  /** Where Yes posts (the page's own action, with its query). */
  action: string
  /** Where No goes without JavaScript: the page as stored. */
  noHref: string
}

export function ConfirmStep({ confirmation, action, noHref }: ConfirmStepProps) {
  const hydrated = useHydrated()
  const navigation = useNavigation()
  // The dialog is open until the user closes this asking of the question; a new asking has a new key.
  const [closedKey, setClosedKey] = useState<string>()
  const open = Boolean(confirmation) && confirmation?.key !== closedKey
  if (!confirmation) return null
  const busy = navigation.state === 'submitting'

  const body = (
    <>
      <p className="mt-2">{confirmation.question}</p>
      {[confirmation.detail ?? []].flat().map((line) => (
        <p key={line} className="mt-1 font-semibold break-all">
          {line}
        </p>
      ))}
    </>
  )
  const yesForm = (onNo?: () => void) => (
    <Form method="post" action={action} className="mt-4 flex flex-wrap gap-2">
      {Object.entries(confirmation.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name={CONFIRM_FIELD} value="yes" />
      <button type="submit" className={confirmation.danger ? 'btn-danger' : 'btn-primary'} disabled={busy}>
        Yes
      </button>
      {onNo ? (
        <button
          type="button"
          className="btn-link"
          onClick={onNo}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- Headless UI's Dialog focuses the element marked autoFocus when it opens
          autoFocus
        >
          No
        </button>
      ) : (
        <Link to={noHref} className="btn-link">
          No
        </Link>
      )}
    </Form>
  )

  if (!hydrated) {
    return (
      <ConfirmPanel className="mb-4">
        {body}
        {yesForm()}
      </ConfirmPanel>
    )
  }

  const close = () => setClosedKey(confirmation.key)
  return (
    <Suspense fallback={null}>
      <LazyConfirmDialog open={open} onClose={close}>
        {body}
        {yesForm(close)}
      </LazyConfirmDialog>
    </Suspense>
  )
}
