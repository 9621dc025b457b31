/**
 * A form field's error messages, inside a live region that is always on the page so that
 * screen readers announce a message when it appears.
 */
export function FieldErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  return (
    <div id={id} aria-live="polite" className="text-sm font-medium text-red-800">
      {errors?.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  )
}

/** The ARIA attributes of a field that has a hint and may have an error message. */
export function fieldDescription(hintId: string, errorId: string, errors: string[] | undefined) {
  const invalid = Boolean(errors?.length)
  return {
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': invalid ? `${hintId} ${errorId}` : hintId,
  }
}
