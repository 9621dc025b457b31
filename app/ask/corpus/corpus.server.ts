/**
 * The labelled example questions the assistant learns from and is measured on (issue 37): each with
 * its intent, the entities it names (canonical values of the demo customer's names, see
 * demo-names.server.ts), the context of a follow-up, and its split. 'test' questions are held out:
 * the classifier never trains on them.
 */
import { z } from 'zod'
import { ASK_INTENT_IDS, type AskIntent } from '../intents'
import type { TrainingExample } from '../nlu/classifier.server'
import raw from './questions.json'

const intent = z.enum(ASK_INTENT_IDS as [AskIntent, ...AskIntent[]])

const entities = z
  .object({
    product: z.string(),
    host: z.string(),
    user: z.string(),
    project: z.string(),
    customer: z.string(),
    period: z.object({ from: z.string(), to: z.string() }),
    groupBy: z.enum(['product', 'user', 'project']),
    topic: z.string(),
  })
  .partial()
  .strict()

const corpusQuestion = z
  .object({
    id: z.string(),
    question: z.string().min(1),
    intent: z.union([intent, z.literal('unknown')]),
    entities,
    context: z
      .object({
        intent,
        // The previous answer's period as its words would have said it; the words do not matter here.
        entities: entities
          .extend({ period: z.object({ from: z.string(), to: z.string(), text: z.string().default('') }) })
          .partial(),
        customer: z.string(),
      })
      .optional(),
    /** The customer selected when it is asked (else the context's, else Acme). */
    customer: z.string().optional(),
    split: z.enum(['train', 'test']),
  })
  .strict()

export type CorpusQuestion = z.infer<typeof corpusQuestion>
export type ExpectedEntities = z.infer<typeof entities>

export const ASK_CORPUS: CorpusQuestion[] = z.array(corpusQuestion).parse(raw)

/**
 * What the classifier learns from: the training split's questions that stand on their own (a
 * follow-up's intent is its context's, not its words').
 */
export function trainingExamples(corpus: CorpusQuestion[] = ASK_CORPUS): TrainingExample[] {
  return corpus
    .filter((q) => q.split === 'train' && !q.context)
    .map(({ question, intent, entities }) => ({
      question,
      intent,
      kinds: Object.keys(entities).filter((key) => key !== 'topic'),
    }))
}
