/**
 * The web assignments forms on the page: plain HTML forms that post to the page's action
 * (post/redirect/get), work without JavaScript, and show the server's answer: a field's
 * message beside it (400), the refusal of the whole change above the page.
 */
import type { ReactNode } from 'react'
import { Form, useActionData, useNavigation } from '@remix-run/react'
import type { SubmissionResult } from '@conform-to/react'
import { FieldErrors, fieldDescription } from '../ui/field-error'
import { FlashPanel } from '../ui/shell/flash-panel'
import { DayInput } from '../ui/day-input'
import type { Confirmation } from '../ui/confirm-step'

/** What a web assignments action answers when it does not redirect. */
export interface WebActionData {
  intent: string
  result: SubmissionResult
  confirmation: Confirmation | null
}

export function useWebActionData(): WebActionData | undefined {
  return useActionData() as WebActionData | undefined
}

function answerOf(data: WebActionData | undefined, intent: string) {
  return data?.intent === intent ? data.result : undefined
}

/** The refusal of the last change, if any. */
export function WebFormError() {
  const message = useWebActionData()?.result.error?.['']?.[0]
  return message ? <FlashPanel key={message} type="error" message={message} /> : null
}

export function IntentForm({
  intent,
  action,
  children,
  className,
  encType,
  label,
}: {
  intent: string
  action: string
  children: ReactNode
  className?: string
  encType?: 'multipart/form-data'
  label?: string
}) {
  return (
    <Form method="post" action={action} className={className} encType={encType} aria-label={label}>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  )
}

export function SubmitButton({ children, secondary }: { children: ReactNode; secondary?: boolean }) {
  const busy = useNavigation().state === 'submitting'
  return (
    <button type="submit" className={secondary ? 'btn-secondary' : 'btn-primary'} disabled={busy}>
      {children}
    </button>
  )
}

interface FieldProps {
  intent: string
  name: string
  label: string
  hint?: string
  /** 'day': a day typed as yyyy-mm-dd (ui/day-input.tsx). */
  type?: 'text' | 'email' | 'day' | 'textarea' | 'file'
  /** The kinds of file a file field takes. */
  accept?: string
  defaultValue?: string
  required?: boolean
  autoComplete?: string
}

/** A labelled field with its hint and the server's message about it. */
export function Field({
  intent,
  name,
  label,
  hint,
  type = 'text',
  accept,
  defaultValue,
  required,
  autoComplete,
}: FieldProps) {
  const answer = answerOf(useWebActionData(), intent)
  const errors = answer?.error?.[name] ?? undefined
  const submitted = answer?.initialValue?.[name]
  const value = typeof submitted === 'string' ? submitted : defaultValue
  const id = `${intent}-${name}`
  const props = {
    id,
    name,
    defaultValue: value,
    required,
    autoComplete: autoComplete ?? 'off',
    className: 'input w-full aria-[invalid=true]:border-red-700',
    ...fieldDescription(`${id}-hint`, `${id}-error`, errors),
  }
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-gray-700">
        {hint}
      </p>
      {type === 'textarea' ? (
        <textarea rows={4} {...props} />
      ) : type === 'file' ? (
        // A file cannot be given back: the field starts empty again.
        <input
          type="file"
          id={id}
          name={name}
          accept={accept}
          required={required}
          className="block w-full"
          {...fieldDescription(`${id}-hint`, `${id}-error`, errors)}
        />
      ) : type === 'day' ? (
        <DayInput {...props} />
      ) : (
        <input type={type} {...props} />
      )}
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  )
}
