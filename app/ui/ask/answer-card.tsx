/**
 * One question and its answer, as the /ask page and the conversation panel show them: the answer's
 * sentence, the link to the screen that shows it and the suggestions.
 */
import { Link } from '@remix-run/react'
import type { Answer } from '../../ask/types'

export function AnswerCard({
  question,
  answer,
  level,
}: {
  question: string
  answer: Answer
  /** The question's heading level: 2 on the page, 3 in the panel (under its own heading). */
  level: 2 | 3
}) {
  const Question = level === 2 ? 'h2' : 'h3'
  const SubHeading = level === 2 ? 'h3' : 'h4'
  return (
    <div
      className="space-y-3 rounded border border-gray-300 bg-white p-4"
      data-testid="ask-answer"
      data-kind={answer.kind}
    >
      <Question className="text-base font-semibold break-words">
        <span className="sr-only">Your question: </span>
        {question}
      </Question>
      <p
        role={answer.kind === 'refused' ? 'alert' : undefined}
        className={answer.kind === 'refused' ? 'font-medium text-red-800' : undefined}
      >
        {answer.text}
      </p>
      {answer.link ? (
        <p>
          <Link to={answer.link.href} className="font-medium">
            {answer.link.label}
          </Link>
        </p>
      ) : null}
      {answer.suggestions.length > 0 ? (
        <div>
          <SubHeading className="text-sm font-semibold">
            {answer.kind === 'unsure' ? 'You may find it here' : 'See also'}
          </SubHeading>
          <ul className="list-disc pl-5">
            {answer.suggestions.map((s) => (
              <li key={s.href}>
                <Link to={s.href}>{s.label}</Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}
