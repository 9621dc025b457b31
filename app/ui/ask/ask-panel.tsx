/**
 * The Ask anything conversation with JavaScript: a side sheet over the current screen (the whole
 * width on phones) with the questions and answers so far, a box for the next question, a link that
 * opens the last answer as the /ask page, and a button that starts a new conversation.
 */
import { DialogPanel, DialogTitle } from '@headlessui/react'
import { useRef, type ElementType } from 'react'
import { Link } from '@remix-run/react'
import { ModalDialog } from '../modal-dialog'
import { MAX_QUESTION_LENGTH } from '../../ask/question'
import { AnswerCard } from './answer-card'
import { askHref, customerChanged } from './conversation'
import type { AskConversation } from './use-ask-conversation'

export function AskPanel({
  conversation,
  customerName,
  onClosed,
}: {
  conversation: AskConversation
  /** The selected customer's name, null without one. */
  customerName: string | null
  /** After the panel closed (to put the focus back on the toolbar's box). */
  onClosed: () => void
}) {
  const { turns, pending, asking, message } = conversation
  const input = useRef<HTMLInputElement>(null)
  const last = turns.at(-1)
  const close = () => {
    conversation.close()
    onClosed()
  }
  return (
    <ModalDialog open={conversation.open} onClose={close} className="relative z-40">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-y-0 right-0 flex w-full sm:max-w-lg">
        <DialogPanel className="flex w-full flex-col overflow-hidden bg-gray-50 shadow-xl" data-testid="ask-panel">
          <div className="flex items-center gap-2 border-b border-gray-300 bg-white px-4 py-3">
            <DialogTitle as={'h2' as ElementType} className="mr-auto text-lg font-semibold">
              Ask anything
            </DialogTitle>
            <button
              type="button"
              className="btn-secondary text-sm"
              onClick={() => {
                conversation.clear()
                input.current?.focus()
              }}
            >
              New conversation
            </button>
            <button type="button" className="btn-secondary text-sm" onClick={close}>
              Close
            </button>
          </div>
          <div className="flex-1 space-y-4 overflow-y-auto p-4">
            <p className="text-gray-700">
              {customerName
                ? `Ask about ${customerName}'s licences, usage and settings, or how to do something in the portal. A follow-up keeps the context of the last answer.`
                : 'Ask how to do something in the portal. Select a customer to ask about its licences and usage.'}
            </p>
            <ol aria-live="polite" className="space-y-4" aria-label="Conversation">
              {turns.map((turn, index) => (
                <li key={index} className="space-y-2">
                  {customerChanged(turns, index) && turn.customerName ? (
                    <p className="text-sm text-gray-700">The selected customer is now {turn.customerName}.</p>
                  ) : null}
                  <AnswerCard question={turn.question} answer={turn.answer} level={3} />
                </li>
              ))}
            </ol>
            <p role="status" className="text-gray-700">
              {pending ? `Thinking about ‘${asking ?? ''}’…` : ''}
            </p>
          </div>
          <form
            method="get"
            action="/ask"
            role="search"
            aria-label="Ask in the conversation"
            className="space-y-2 border-t border-gray-300 bg-white p-4"
            onSubmit={(event) => {
              event.preventDefault()
              const box = input.current
              if (!box) return
              conversation.ask(box.value)
              box.value = ''
            }}
          >
            <label htmlFor="ask-panel-q" className="block font-medium">
              {turns.length > 0 ? 'Ask a follow-up question' : 'Your question'}
            </label>
            <div className="flex gap-2">
              <input
                ref={input}
                id="ask-panel-q"
                name="q"
                type="text"
                // eslint-disable-next-line jsx-a11y/no-autofocus -- Headless UI's Dialog focuses the element marked autoFocus when it opens
                autoFocus
                maxLength={MAX_QUESTION_LENGTH}
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? 'ask-panel-q-error' : undefined}
                className="min-w-0 flex-1 rounded border border-gray-400 px-2 py-1"
              />
              <button type="submit" className="btn-primary" disabled={pending}>
                Ask
              </button>
            </div>
            {message ? (
              <p id="ask-panel-q-error" role="alert" className="font-medium text-red-800">
                {message}
              </p>
            ) : null}
            {last ? (
              <p className="text-sm">
                <Link
                  to={askHref({ customerNumber: last.customerNumber, question: last.question, ctx: last.askedWith })}
                >
                  Open as a page
                </Link>
              </p>
            ) : null}
          </form>
        </DialogPanel>
      </div>
    </ModalDialog>
  )
}
