/**
 * The low-balance threshold of one elastic entitlement: a plain POST form (the
 * screen's action saves it and redirects with a message; a wrong value comes back
 * with its message, status 400). With JavaScript the value is checked as it is
 * typed. A view-only user sees the form disabled, with the reason.
 */
import { Form, useNavigation } from '@remix-run/react'
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { thresholdFormSchema } from '../domain/threshold-form'
import { fieldDescription, FieldErrors } from './field-error'
import { parseWithSchema } from './parse-with-schema'

export const THRESHOLD_INTENT = 'threshold'
export const VIEW_ONLY_THRESHOLD_TEXT = 'You have view-only access: low-balance thresholds cannot be changed.'

export function ThresholdForm({
  activationId,
  label,
  total,
  currency,
  threshold,
  viewOnly,
  action,
  lastResult,
}: {
  activationId: string
  /** Names the entitlement in the field's label, e.g. 'Ansys Fluent (ELS-1)'. */
  label: string
  total: number
  currency: string
  threshold: number | null
  viewOnly: boolean
  /** The screen's address with its view, so the page comes back as it was. */
  action: string
  lastResult?: SubmissionResult<string[]> | null
}) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('activationId') === activationId
  const schema = thresholdFormSchema(total)
  const [form, fields] = useForm({
    id: `threshold-${activationId}`,
    lastResult,
    defaultValue: { activationId, threshold: threshold === null ? '' : String(threshold) },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithSchema(formData, schema),
  })
  const hintId = `${fields.threshold.id}-hint`
  const reasonId = `${form.id}-view-only`
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-2" preventScrollReset>
      <input type="hidden" name="intent" value={THRESHOLD_INTENT} />
      <input {...getInputProps(fields.activationId, { type: 'hidden' })} key={fields.activationId.key} />
      <label htmlFor={fields.threshold.id} className="block text-sm font-medium">
        Low-balance threshold ({currency})<span className="sr-only"> for {label}</span>
      </label>
      <div className="flex flex-wrap items-start gap-2">
        <input
          {...getInputProps(fields.threshold, { type: 'text' })}
          key={fields.threshold.key}
          {...fieldDescription(
            viewOnly ? `${hintId} ${reasonId}` : hintId,
            fields.threshold.errorId,
            fields.threshold.errors,
          )}
          inputMode="decimal"
          autoComplete="off"
          disabled={viewOnly}
          className="input w-36 aria-[invalid=true]:border-red-700"
        />
        <button type="submit" className="btn-primary" disabled={viewOnly || busy}>
          Save threshold<span className="sr-only"> for {label}</span>
        </button>
      </div>
      <p id={hintId} className="text-xs text-gray-700">
        An e-mail goes to the customer&apos;s administrators when the remaining credit falls to this amount. Leave it
        empty to clear it.
      </p>
      {viewOnly ? (
        <p id={reasonId} className="text-sm text-gray-700">
          {VIEW_ONLY_THRESHOLD_TEXT}
        </p>
      ) : null}
      <FieldErrors id={fields.threshold.errorId} errors={fields.threshold.errors} />
      {form.errors?.length ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {form.errors.join(' ')}
        </p>
      ) : null}
    </Form>
  )
}
