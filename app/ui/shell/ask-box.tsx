/**
 * The toolbar's 'Ask anything' box: a plain GET form to /ask that keeps the selected customer, so
 * it works without JavaScript on every screen.
 */
import { Form } from '@remix-run/react'
import { MAX_QUESTION_LENGTH } from '../../ask/question'

export function AskBox({ customerNumber }: { customerNumber: string | null }) {
  return (
    <Form method="get" action="/ask" role="search" aria-label="Ask anything" className="flex w-full items-center gap-2">
      {customerNumber ? <input type="hidden" name="customer" value={customerNumber} /> : null}
      <label htmlFor="ask-anything" className="text-sm whitespace-nowrap text-white">
        Ask anything
      </label>
      <input
        id="ask-anything"
        name="q"
        type="search"
        required
        maxLength={MAX_QUESTION_LENGTH}
        placeholder="e.g. how much elastic credit is left?"
        className="input w-full min-w-0 bg-white"
      />
      <button type="submit" className="btn-secondary px-2 text-sm">
        Ask
      </button>
    </Form>
  )
}
