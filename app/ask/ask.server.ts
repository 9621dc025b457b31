/**
 * One question, answered: the customer's names, the understanding of the question (with the
 * previous question's context), then the answer from the data through the user's own API client,
 * or from the help articles. A follow-up naming another customer the user may select is answered
 * for that customer (its link then selects it). Without a selected customer only help is given.
 *
 * The understanding and the help search are passed in (`AskParts`), so the answers are tested with
 * understandings built directly and the route wires the real ones.
 */
import type { ApiClient } from '../api-client/client.server'
import { screenPath, screenTitle, type ScreenId } from '../screens/registry'
import { withCustomer } from '../ui/customer-href'
import type { Answer, AskContext, AskEntities, AskLink, AskNames, Understanding } from './types'
import { answerFor, isDataIntent } from './answers'
import type { AskCustomer } from './answers/deps'
import { closestScreens } from './closest-screens'
import { askNames, customerNames, customersOnly } from './names.server'
import { INTENT_ENTITIES } from './nlu/context'
import { namesNothingOwn } from './nlu/understand.server'

import type { HelpHit } from '../help/search.server'

/** The understanding of a question (app/ask/nlu: understand). */
export type Understand = (
  question: string,
  names: AskNames,
  context: AskContext | undefined,
  now: number,
) => Promise<Understanding>

/** The help articles closest to a query, best first (app/help: searchHelp). */
export type SearchHelp = (query: string, limit?: number) => HelpHit[]

export interface AskParts {
  understand: Understand
  searchHelp: SearchHelp
}

export interface AskRequest {
  question: string
  context: AskContext | undefined
  /** The selected customer, or null. */
  customer: AskCustomer | null
  api: ApiClient
  now: number
}

/** The help articles offered beside an answer that is not sure. */
const HELP_SUGGESTIONS = 3

export const ASK_TEXTS = {
  unsure: 'I am not sure what you are asking. These screens and help articles may have the answer.',
  noCustomer: 'Select a customer first: this question is about a customer’s data.',
  noHelp: 'There is no help article about that yet.',
  notYours: (customer: string) => `You may not select customer ${customer}.`,
} as const

export async function askQuestion(request: AskRequest, parts: AskParts): Promise<Answer> {
  return answerUnderstood(await understandQuestion(request, parts), request, parts)
}

/** The kinds of name that are the selected customer's own (read per question; the customers are read once). */
const OWN_NAMES: (keyof AskEntities)[] = ['product', 'host', 'user', 'project']

/** What an understanding takes of the customer's own names: nothing for these (help, the FSA balance...). */
export function takesOwnNames(intent: Understanding['intent']): boolean {
  return intent === 'unknown' || INTENT_ENTITIES[intent].some((kind) => OWN_NAMES.includes(kind))
}

/**
 * The understanding of a question, reading the selected customer's own names only when they may
 * count. A question that is no follow-up and has only words of the training questions that name
 * nothing there is understood first with the customers alone (it may name another one): as one
 * that takes none of the customer's own names (help, the FSA balance...), that is its
 * understanding. Any other is understood with all the names. On the corpus this gives the same
 * understanding of every question as reading all the names first.
 */
export function understandQuestion(request: AskRequest, parts: AskParts): Promise<Understanding> {
  const { question, context, api, now } = request
  const customers = customerNames(api)
  const customerNumber = request.customer?.number ?? null
  return understandReadingNames((names) => parts.understand(question, names, context, now), question, context, {
    customers: async () => customersOnly(await customers),
    all: customerNumber ? () => askNames(api, customerNumber, customers) : null,
  })
}

/** The names of a question: the customers alone, and all of them (null without a selected customer). */
export interface NameReads {
  customers: () => Promise<AskNames>
  all: (() => Promise<AskNames>) | null
}

/** understandQuestion's order, on the understanding of the question with given names. */
export async function understandReadingNames(
  understandWith: (names: AskNames) => Promise<Understanding>,
  question: string,
  context: AskContext | undefined,
  names: NameReads,
): Promise<Understanding> {
  const { all } = names
  // A follow-up may name what its context's intent takes.
  if (all && (context || !namesNothingOwn(question))) return understandWith(await all())
  const first = await understandWith(await names.customers())
  return all && takesOwnNames(first.intent) ? understandWith(await all()) : first
}

/** The answer to a question understood (the last step of askQuestion; timed on its own by the bench). */
export async function answerUnderstood(
  understanding: Understanding,
  request: AskRequest,
  parts: AskParts,
): Promise<Answer> {
  const { question, api, now } = request
  if (understanding.intent === 'help.howto') return helpAnswer(understanding, question, parts, request)
  if (!isDataIntent(understanding.intent)) return unsure(question, parts, request.customer)

  const customer = await customerFor(understanding, request)
  if (customer === null) return { ...unsure(question, parts, null), text: ASK_TEXTS.noCustomer }
  if ('refused' in customer) return customer.refused
  return answerFor({ ...understanding, intent: understanding.intent }, { api, customer, now })
}

/**
 * The customer a question is about: the one it names (a follow-up 'and for Borealis?') when the
 * user may see it, else the selected one; null when there is none.
 */
async function customerFor(
  understanding: Understanding,
  request: AskRequest,
): Promise<AskCustomer | { refused: Answer } | null> {
  // A follow-up keeps the customer its question was answered for.
  const named = understanding.entities.customer ?? (understanding.followUp ? request.context?.customer : undefined)
  const { customer, api } = request
  if (!named || named === customer?.number) return customer
  const reply = await api.getAccountInfo(named)
  if (reply.status !== 'SUCCESS') {
    return { refused: { kind: 'refused', text: `${ASK_TEXTS.notYours(named)} ${reply.err}`.trim(), suggestions: [] } }
  }
  return { number: reply.data.customerNumber, name: reply.data.customerName }
}

function helpLink(hit: HelpHit): AskLink {
  return { href: hit.href, label: `Help: ${hit.title}` }
}

function helpAnswer(understanding: Understanding, question: string, parts: AskParts, request: AskRequest): Answer {
  const hits = parts.searchHelp(understanding.entities.topic || question, HELP_SUGGESTIONS + 1)
  const [best, ...more] = hits
  if (!best) return { ...unsure(question, parts, request.customer), text: ASK_TEXTS.noHelp }
  return {
    kind: 'help',
    text: best.summary,
    link: { href: best.href, label: `Read ‘${best.title}’` },
    suggestions: more.map(helpLink),
  }
}

/** Where a question that is close to no screen and no article is sent: Home and every help article. */
const HELP_INDEX: AskLink = { href: '/help', label: 'Help: all articles' }

/** Not sure: the closest screens (for the selected customer) and help articles, else Home and the help index. */
function unsure(question: string, parts: AskParts, customer: AskCustomer | null): Answer {
  const screenLink = (id: ScreenId) => ({
    href: withCustomer(screenPath(id), customer?.number),
    label: screenTitle(id),
  })
  const screens = closestScreens(question).map(screenLink)
  const articles = parts.searchHelp(question, HELP_SUGGESTIONS).map(helpLink)
  const suggestions =
    screens.length + articles.length > 0 ? [...screens, ...articles] : [screenLink('home'), HELP_INDEX]
  return { kind: 'unsure', text: ASK_TEXTS.unsure, suggestions }
}
