/**
 * The answer to an understood question about the selected customer's data: each intent's answer
 * from its area. 'help.howto' and 'unknown' are answered from the help articles (app/ask/ask.server).
 */
import type { AskIntent } from '../intents'
import type { Answer, Understanding } from '../types'
import { accessAnswers } from './access'
import { activationAnswers } from './activations'
import type { AnswerDeps, IntentAnswer } from './deps'
import { elasticAnswers } from './elastic'
import { entitlementAnswers } from './entitlements'
import { fsaAnswers } from './fsa'
import { messageAnswers } from './messages'
import { webAnswers } from './web'

export type DataIntent = Exclude<AskIntent, 'help.howto'>

const ANSWERS: Partial<Record<DataIntent, IntentAnswer>> = {
  ...elasticAnswers,
  ...entitlementAnswers,
  ...activationAnswers,
  ...fsaAnswers,
  ...webAnswers,
  ...accessAnswers,
  ...messageAnswers,
}

/** The intents with an answer: every data intent (a test holds it to that). */
export const ANSWERED_INTENTS = Object.keys(ANSWERS) as DataIntent[]

export const isDataIntent = (intent: Understanding['intent']): intent is DataIntent =>
  intent !== 'unknown' && intent !== 'help.howto'

/** The answer of a data intent for the customer in `deps`. */
export function answerFor(understanding: Understanding & { intent: DataIntent }, deps: AnswerDeps): Promise<Answer> {
  const answer = ANSWERS[understanding.intent]
  if (!answer) throw new Error(`No answer for the intent ${understanding.intent}`)
  return answer(understanding, deps)
}
