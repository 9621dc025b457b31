/**
 * Ask anything (issue 37): a question about the selected customer's licensing data or the portal,
 * answered in a sentence with the figures and a link to the screen that shows them. A GET page
 * (`?q=` the question, `?ctx=` the previous answer's context), so it works without JavaScript, can
 * be bookmarked and a follow-up form carries the context in a hidden input.
 */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { requireScreen } from '../guards/screen.server'
import { screenTitle } from '../screens/registry'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { askQuestion } from '../ask/ask.server'
import { askParts } from '../ask/parts.server'
import { decodeContext, encodeContext } from '../ask/context.server'
import { MAX_QUESTION_LENGTH } from '../ask/question'
import { readQuestion } from '../ask/question.server'
import { AnswerCard } from '../ui/ask/answer-card'

export const meta = screenMeta(screenTitle('ask'))

export async function loader({ request, context }: LoaderFunctionArgs) {
  const screen = await requireScreen(request, context, 'ask')
  const params = new URL(request.url).searchParams
  const input = readQuestion(params.get('q'))
  const customer =
    screen.customerNumber && screen.info ? { number: screen.customerNumber, name: screen.info.customerName } : null
  const base = { customerNumber: screen.customerNumber, customerName: customer?.name ?? null }
  if (input.state !== 'asked') {
    return {
      ...base,
      question: input.state === 'invalid' ? input.text : '',
      message: input.state === 'invalid' ? input.message : null,
      answer: null,
      ctx: '',
    }
  }
  const answer = await askQuestion(
    {
      question: input.question,
      context: decodeContext(params.get('ctx')),
      customer,
      api: screen.api,
      now: Date.now(),
    },
    askParts,
  )
  return {
    ...base,
    question: input.question,
    message: null,
    answer,
    ctx: answer.context ? encodeContext(answer.context) : '',
  }
}

export default function AskRoute() {
  const page = useLoaderData<typeof loader>()
  return (
    <section aria-labelledby="page-title" className="max-w-3xl space-y-6">
      <h1 id="page-title" className="text-2xl font-semibold">
        Ask anything
      </h1>
      <p className="text-gray-700">
        {page.customerName
          ? `Ask about ${page.customerName}'s licences, usage and settings, or how to do something in the portal.`
          : 'Ask how to do something in the portal. Select a customer to ask about its licences and usage.'}
      </p>
      {page.answer ? <AnswerCard question={page.question} answer={page.answer} level={2} /> : null}
      <AskForm
        customerNumber={page.customerNumber}
        ctx={page.ctx}
        question={page.answer ? '' : page.question}
        message={page.message}
        followUp={Boolean(page.answer)}
      />
    </section>
  )
}

function AskForm({
  customerNumber,
  ctx,
  question,
  message,
  followUp,
}: {
  customerNumber: string | null
  ctx: string
  question: string
  message: string | null
  followUp: boolean
}) {
  return (
    <Form method="get" action="/ask" className="space-y-2" role="search" aria-label="Ask a question">
      {customerNumber ? <input type="hidden" name="customer" value={customerNumber} /> : null}
      {ctx ? <input type="hidden" name="ctx" value={ctx} /> : null}
      <label htmlFor="ask-q" className="block font-medium">
        {followUp ? 'Ask a follow-up question' : 'Your question'}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id="ask-q"
          name="q"
          type="text"
          defaultValue={question}
          maxLength={MAX_QUESTION_LENGTH}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? 'ask-q-error' : undefined}
          className="min-w-0 flex-1 rounded border border-gray-400 px-2 py-1"
        />
        <button type="submit" className="btn-primary">
          Ask
        </button>
      </div>
      {message ? (
        <p id="ask-q-error" role="alert" className="font-medium text-red-800">
          {message}
        </p>
      ) : null}
    </Form>
  )
}

export const ErrorBoundary = RouteErrorPage
