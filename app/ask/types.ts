/**
 * The shapes the assistant's parts pass to each other: what the understanding of a question
 * found (intent, entities, period), the context a follow-up question inherits, the customer's
 * own names that entities are matched against, and an answer.
 */
import type { AskIntent } from './intents'

/** A period in whole UTC days, both included, with the words it was asked in. */
export interface AskPeriod {
  /** 'YYYY-MM-DD' */
  from: string
  /** 'YYYY-MM-DD', included. */
  to: string
  /** As the answer repeats it: 'last month', 'March 2026', 'the next 90 days'. */
  text: string
}

/** What a question names, each matched against the customer's own data (canonical values). */
export interface AskEntities {
  /** A product as the customer's entitlements name it (the product name shown on the screens). */
  product?: string
  /** A licence host's name as the Activations screens show it. */
  host?: string
  /** A user (e-mail or name as the usage or web data has it). */
  user?: string
  /** An elastic usage project. */
  project?: string
  /** A customer number the user may select ('and for Borealis?'). */
  customer?: string
  period?: AskPeriod
  /** How usage cost is broken down: 'product' | 'user' | 'project'. */
  groupBy?: 'product' | 'user' | 'project'
  /** Free words: the subject of e-mails, the task of a how-to question. */
  topic?: string
}

export interface Understanding {
  /** 'unknown' when no intent is likely enough. */
  intent: AskIntent | 'unknown'
  /** The classifier's score of the intent, 0 to 1. */
  score: number
  /** The runner-up intents, best first (offered when unsure). */
  alternatives: { intent: AskIntent; score: number }[]
  entities: AskEntities
  /** The question only makes sense with the previous one ('and for Borealis?', 'what about last month?'). */
  followUp: boolean
}

/** What a follow-up inherits: the previous answered question's intent and entities. */
export interface AskContext {
  intent: AskIntent
  entities: AskEntities
  /** The customer the previous answer was about. */
  customer: string
}

/** One kind of name of the selected customer, with the words it may be asked by. */
export interface NameEntry {
  /** The canonical value (the entity's value). */
  value: string
  /** Other ways to say it: a product's feature name, a user's e-mail and name, a host's id. */
  aliases: string[]
}

/** The names entities are matched against: the selected customer's own, and the customers the user may select. */
export interface AskNames {
  products: NameEntry[]
  hosts: NameEntry[]
  users: NameEntry[]
  projects: NameEntry[]
  customers: NameEntry[]
  /**
   * The products that are elastic credit (AEUs): usage is charged against them, never of them, so
   * a usage question naming one ('the most elastic units') names no product.
   */
  credits: string[]
}

export interface AskLink {
  href: string
  label: string
}

export interface Answer {
  /**
   * answered: a sentence with the figures from the data; refused: the user may not see it (the API
   * said so); unsure: no intent or entity is likely enough, with the closest screens and articles;
   * help: a how-to answer from the help articles.
   */
  kind: 'answered' | 'refused' | 'unsure' | 'help'
  /** The answer in one or two sentences; every figure in it comes from an API reply. */
  text: string
  /** The screen that shows it, filtered to it. */
  link?: AskLink
  /** Closest screens and help articles, when unsure (or as further reading). */
  suggestions: AskLink[]
  /** The context a follow-up inherits; none for unsure. */
  context?: AskContext
}
