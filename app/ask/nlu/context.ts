/**
 * Follow-up questions ('and for Borealis?', 'what about last month?'): they keep the previous
 * question's intent and entities, overridden by what they name themselves.
 */
import type { AskIntent } from '../intents'
import type { AskContext, AskEntities, Understanding } from '../types'

/** Words that open a follow-up. */
const CUE = /^\s*(and|also|what about|how about|what of|same for|same but|now|then|ok|okay)\b/i

export const startsAsFollowUp = (question: string) => CUE.test(question)

/** Entities that belong to one customer: a follow-up about another customer does not carry them over. */
const CUSTOMER_OWN: (keyof AskEntities)[] = ['host', 'user', 'project']

/** The entities each intent takes; the others a question names are not its. */
export const INTENT_ENTITIES: Record<AskIntent, (keyof AskEntities)[]> = {
  'credit.remaining': [],
  'usage.cost': ['product', 'user', 'project', 'host', 'period', 'groupBy'],
  'usage.topUsers': ['product', 'project', 'period'],
  'statement.total': ['period'],
  'entitlements.ending': ['product', 'period'],
  'product.seats': ['product'],
  'product.hosts': ['product'],
  'host.products': ['host'],
  'fsa.balance': [],
  'fsa.orders': ['period'],
  'web.inUse': ['product'],
  'web.denials': ['product', 'period'],
  'web.namedHolder': ['product', 'user'],
  'access.users': ['user'],
  'ip.allowList': [],
  'alerts.active': [],
  'emails.about': ['topic', 'period'],
  'help.howto': ['topic'],
}

/** Only the entities the intent takes (and the customer, which every intent takes). */
export function entitiesFor(intent: AskIntent | 'unknown', entities: AskEntities): AskEntities {
  if (intent === 'unknown') return entities
  const kept: AskEntities = {}
  for (const key of [...INTENT_ENTITIES[intent], 'customer'] as (keyof AskEntities)[]) {
    if (entities[key] !== undefined) Object.assign(kept, { [key]: entities[key] })
  }
  return kept
}

/**
 * A follow-up's understanding: the context's intent (unless the follow-up has one of its own) and
 * its entities, each overridden by what the follow-up names. Moving to another customer drops the
 * previous customer's own hosts, users and projects.
 */
export function mergeContext(u: Understanding, context: AskContext | undefined): Understanding {
  if (!context || !u.followUp) return u
  const intent = u.intent === 'unknown' ? context.intent : u.intent
  const inherited: AskEntities = { ...context.entities }
  if (u.entities.customer && u.entities.customer !== context.customer) {
    for (const key of CUSTOMER_OWN) delete inherited[key]
  }
  delete inherited.customer
  const merged = entitiesFor(intent, { ...inherited, ...u.entities })
  return {
    ...u,
    intent,
    score: u.intent === 'unknown' ? Math.max(u.score, 0) : u.score,
    entities: merged,
  }
}
