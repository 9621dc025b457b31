/**
 * What every answer works with: the API client of the request (the user's own token, so export
 * control and rights apply as on the screens), the selected customer and the time of the question;
 * and the few shapes every answer of an area builds: a link to a screen, a refusal from the API's
 * reply, the context a follow-up inherits.
 */
import type { ApiClient } from '../../api-client/client.server'
import { failureStatus, type Failure } from '../../api-client/envelope'
import { screenTitle, type ScreenId } from '../../screens/registry'
import type { Answer, AskLink, AskPeriod, Understanding } from '../types'
import type { AskIntent } from '../intents'
import { refusedText, serviceFailedText } from './wording'

export interface AskCustomer {
  number: string
  name: string
}

export interface AnswerDeps {
  api: ApiClient
  customer: AskCustomer
  /** Epoch milliseconds: the question's time ('last month' and 'today' are from it). */
  now: number
}

/** An intent's answer for the selected customer. */
export type IntentAnswer = (understanding: Understanding, deps: AnswerDeps) => Promise<Answer>

/**
 * 'Show <what> in <Screen>': what the link opens ('these entitlements', 'the history of lic01') on
 * the screen named by its title, as its menu item and page title say it.
 */
export function screenLink(screen: ScreenId, href: string, what: string): AskLink {
  return { href, label: `Show ${what} in ${screenTitle(screen)}` }
}

/** The context a follow-up inherits from an answered question. */
export function contextOf(understanding: Understanding, deps: AnswerDeps): Answer['context'] {
  if (understanding.intent === 'unknown') return undefined
  return { intent: understanding.intent, entities: understanding.entities, customer: deps.customer.number }
}

/** An answer with figures (or plainly without them: 'the customer has none'), and the screen that shows it. */
export function answered(text: string, link: AskLink, understanding: Understanding, deps: AnswerDeps): Answer {
  return { kind: 'answered', text, link, suggestions: [], context: contextOf(understanding, deps) }
}

/**
 * A FAILURE of the API as the answer: a refusal (403: export control, no access, viewer rights) in
 * the API's own words; anything else says the service could not answer. Never a figure.
 */
export function failed(reply: Failure, link: AskLink, understanding: Understanding, deps: AnswerDeps): Answer {
  const status = failureStatus(reply)
  if (status === 403 || status === 401) {
    return { kind: 'refused', text: refusedText(reply.err), link, suggestions: [], context: undefined }
  }
  return answered(serviceFailedText(reply.err, status === 503), link, understanding, deps)
}

const DAY_MS = 86_400_000
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The period asked, else the default of the intent: the last `days` days up to today (today included). */
export function periodOr(period: AskPeriod | undefined, now: number, days: number): AskPeriod {
  if (period) return period
  return { from: isoDay(now - (days - 1) * DAY_MS), to: isoDay(now), text: `the last ${days} days` }
}

/** The period asked, else the previous calendar month (a statement's usual question). */
export function monthOr(period: AskPeriod | undefined, now: number): AskPeriod {
  if (period) return period
  const date = new Date(now)
  const first = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1)
  const last = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) - DAY_MS
  return { from: isoDay(first), to: isoDay(last), text: 'last month' }
}

/** The period asked, else the next `days` days from today. */
export function aheadOr(period: AskPeriod | undefined, now: number, days: number): AskPeriod {
  if (period) return period
  return { from: isoDay(now), to: isoDay(now + days * DAY_MS), text: `the next ${days} days` }
}

export type AreaAnswers = Partial<Record<AskIntent, IntentAnswer>>
