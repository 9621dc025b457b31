/**
 * A form field's error message, inside a live region that is always on the page so that
 * screen readers announce the message when it appears.
 */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return (
    <div aria-live="polite">
      {message ? (
        <p id={id} role="alert" className="text-sm font-medium text-red-800">
          {message}
        </p>
      ) : null}
    </div>
  )
}

/** The ARIA attributes of a field that has a hint and may have an error message. */
export function fieldDescription(hintId: string, errorId: string, error: string | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${hintId} ${errorId}` : hintId,
  }
}
