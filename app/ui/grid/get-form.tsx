import { forwardRef, type FormHTMLAttributes } from 'react'

type GetFormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'action' | 'method'> & {
  /** Where the form goes: a path with its query and fragment (the current view URL, or another). */
  href: string
  /** Query parameters the form's own fields set, so the hidden copies are left out. */
  omit?: readonly string[]
  /** Leaves out every query parameter it answers true for (the form's own fields, by their kind). */
  omitKey?: (key: string) => boolean
}

/**
 * A GET form to `href`. A GET submit replaces the whole query, so the query of `href`
 * travels in hidden inputs ahead of the form's own fields.
 */
export const GetForm = forwardRef<HTMLFormElement, GetFormProps>(function GetForm(
  { href, omit = [], omitKey, children, ...props },
  ref,
) {
  const url = new URL(href, 'http://portal.local')
  const carried = [...url.searchParams].filter(([key]) => !omit.includes(key) && !omitKey?.(key))
  return (
    <form ref={ref} {...props} method="get" action={`${url.pathname}${url.hash}`}>
      {carried.map(([key, value], i) => (
        <input key={`${key}-${i}`} type="hidden" name={key} value={value} />
      ))}
      {children}
    </form>
  )
})
