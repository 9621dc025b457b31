/**
 * The toolbar's 'Ask anything' box: a plain GET form to /ask that keeps the selected customer, so
 * it works without JavaScript on every screen. With JavaScript the question goes to the
 * conversation panel instead (`onAsk`), over the screen being shown, and the conversation so far
 * can be opened again (`onShow`).
 */
import type { RefObject } from 'react'
import { Form } from '@remix-run/react'
import { MAX_QUESTION_LENGTH } from '../../ask/question'

export function AskBox({
  customerNumber,
  onAsk,
  onShow,
  inputRef,
}: {
  customerNumber: string | null
  onAsk: (question: string) => void
  /** Opens the conversation so far; absent while there is none. */
  onShow?: () => void
  inputRef: RefObject<HTMLInputElement>
}) {
  return (
    <Form
      method="get"
      action="/ask"
      role="search"
      aria-label="Ask anything"
      className="flex w-full items-center gap-2"
      onSubmit={(event) => {
        const box = inputRef.current
        if (!box) return
        event.preventDefault()
        onAsk(box.value)
        box.value = ''
      }}
    >
      {customerNumber ? <input type="hidden" name="customer" value={customerNumber} /> : null}
      <label htmlFor="ask-anything" className="text-sm whitespace-nowrap text-white">
        Ask anything
      </label>
      <input
        ref={inputRef}
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
      {onShow ? (
        <button type="button" className="btn-secondary px-2 text-sm whitespace-nowrap" onClick={onShow}>
          Conversation
        </button>
      ) : null}
    </Form>
  )
}
