/**
 * The server's verdict on a new contact's address, asked when its field is left
 * (the list of free mail providers is too large for the page and stays on the
 * server, app/routes/resources.contact-email.tsx). Each address is asked once; a
 * failed request is asked again next time, and the save checks on the server anyway.
 */
import { useCallback, useRef, useState } from 'react'
import { withCustomer } from '../ui/customer-href'

export const CONTACT_EMAIL_CHECK_PATH = '/resources/contact-email'

/** `message` is null when the address may be added. */
export interface ContactEmailVerdict {
  email: string
  message: string | null
}

/** Verdicts by normalised address, and `check` to ask for one. */
export function useContactEmailCheck(customerNumber: string) {
  const [verdicts, setVerdicts] = useState<Readonly<Record<string, string | null>>>({})
  const asked = useRef(new Set<string>())
  const check = useCallback(
    (email: string) => {
      if (asked.current.has(email)) return
      asked.current.add(email)
      const href = withCustomer(`${CONTACT_EMAIL_CHECK_PATH}?email=${encodeURIComponent(email)}`, customerNumber)
      fetch(href, { headers: { Accept: 'application/json' } })
        .then((response) =>
          response.ok
            ? (response.json() as Promise<ContactEmailVerdict>)
            : Promise.reject(new Error(response.statusText)),
        )
        .then((verdict) => setVerdicts((all) => ({ ...all, [verdict.email]: verdict.message })))
        .catch(() => asked.current.delete(email))
    },
    [customerNumber],
  )
  return { verdicts, check }
}
