/**
 * Understanding a question (issue 37): its intent from the classifier trained on the corpus, the
 * entities it names matched against the customer's own names, and, for a follow-up, what it keeps
 * of the previous question.
 */
import { ASK_CORPUS, trainingExamples } from '../corpus/corpus.server'
import { ASK_INTENTS, type AskIntent } from '../intents'
import type { AskContext, AskNames, Understanding } from '../types'
import { trainClassifier, type IntentClassifier } from './classifier.server'
import { entitiesFor, mergeContext, startsAsFollowUp } from './context'
import { findEntities } from './entities'
import { alreadyBegun } from './period'
import { tokens } from './text'

/**
 * Below this classifier score the intent is 'unknown'. Chosen on the training split by five-fold
 * cross-validation (`npm run eval:ask` prints the search): the score with the most questions right.
 */
export const UNKNOWN_BELOW = 0.35

/** Words a follow-up is made of besides what it names ('and for Borealis?', 'what about last month?'). */
const FOLLOW_UP_WORDS = new Set(
  'and also what about how for on in at the of then same but now ok okay please with to only just instead'.split(' '),
)

/** Intents about what has happened: a month they name without its year is the last one that has begun. */
const ABOUT_THE_PAST = new Set<AskIntent | 'unknown'>([
  'usage.cost',
  'usage.topUsers',
  'statement.total',
  'web.denials',
  'fsa.orders',
  'emails.about',
])

function aboutThePast(u: Understanding, question: string, now: number): Understanding {
  const { period } = u.entities
  if (!period || !ABOUT_THE_PAST.has(u.intent)) return u
  return { ...u, entities: { ...u.entities, period: alreadyBegun(period, question, now) } }
}

const INTENTS_OR_UNKNOWN: Record<string, unknown> = { ...ASK_INTENTS, unknown: 'unknown' }

let trained: Promise<IntentClassifier> | undefined

/** The classifier trained on the corpus' training questions, once per process. */
export function askClassifier(): Promise<IntentClassifier> {
  trained ??= trainClassifier(trainingExamples())
  return trained
}

let vocabulary: Set<string> | undefined

/**
 * Whether every word of the question is a word of the training questions that is no part of the
 * names they name: any other word may name one of the customer's products, hosts, users or projects.
 */
export function namesNothingOwn(question: string): boolean {
  if (!vocabulary) {
    const training = ASK_CORPUS.filter((q) => q.split === 'train')
    const named = new Set(
      training
        .flatMap((q) => [q.entities.product, q.entities.host, q.entities.user, q.entities.project])
        .flatMap((value) => (value ? tokens(value) : []))
        // A letter of an id ('acme-lic-triad-a') names nothing alone.
        .filter((word) => word.length > 1),
    )
    vocabulary = new Set(training.flatMap((q) => tokens(q.question)).filter((word) => !named.has(word)))
  }
  const known = vocabulary
  return tokens(question).every((word) => known.has(word))
}

export async function understandWith(
  classifier: IntentClassifier,
  question: string,
  names: AskNames,
  context: AskContext | undefined,
  now: number,
): Promise<Understanding> {
  const { entities, rest } = findEntities(question, names, now)
  const kinds = Object.keys(entities).filter((key) => key !== 'topic')
  // NLP.js adds 'None' when it knows none of the words.
  const ranked = (await classifier.classify(question, kinds)).filter(
    (c) => c.score > 0 && c.intent in INTENTS_OR_UNKNOWN,
  )
  const [top] = ranked
  const confident = top !== undefined && top.intent !== 'unknown' && top.score >= UNKNOWN_BELOW
  const intent = confident ? (top.intent as AskIntent) : 'unknown'
  const alternatives = ranked
    .filter((c) => c.intent !== 'unknown' && c.intent !== intent)
    .slice(0, 3)
    .map((c) => ({ intent: c.intent as AskIntent, score: c.score }))
  // A topic names something only for the intents that take one ('and about the invoice?').
  const named = Object.keys(entities).some((key) => key !== 'topic' || context?.intent === 'emails.about')
  const onlyNames = rest.every((w) => FOLLOW_UP_WORDS.has(w))
  const cue = startsAsFollowUp(question)
  if (context && named && (onlyNames || cue)) {
    // The follow-up keeps the previous intent unless its own words say another with confidence.
    const own = !onlyNames && confident
    const merged = mergeContext(
      { intent: own ? intent : 'unknown', score: own ? top.score : 1, alternatives, entities, followUp: true },
      context,
    )
    return withoutCredit(aboutThePast(merged, question, now), names)
  }
  return withoutCredit(
    aboutThePast(
      { intent, score: top?.score ?? 0, alternatives, entities: entitiesFor(intent, entities), followUp: false },
      question,
      now,
    ),
    names,
  )
}

/** Usage is charged against elastic credit, never of it: a usage question naming the credit names no product. */
function withoutCredit(understanding: Understanding, names: AskNames): Understanding {
  const { intent, entities } = understanding
  if (intent !== 'usage.cost' && intent !== 'usage.topUsers') return understanding
  if (!entities.product || !names.credits.includes(entities.product)) return understanding
  const { product: _credit, ...rest } = entities
  return { ...understanding, entities: rest }
}

export async function understand(
  question: string,
  names: AskNames,
  context: AskContext | undefined,
  now: number,
): Promise<Understanding> {
  return understandWith(await askClassifier(), question, names, context, now)
}
