/**
 * The intent classifier: NLP.js's neural network trained on the corpus' training questions (see
 * docs/decisions/0030-ask-anything.md). Trained once per process, at the first question; nothing is
 * written to disk and nothing is logged.
 */
import { containerBootstrap, LangEn, Nlp } from '@nlpjs/basic'
import { tokens, wordSimilarity } from './text'

export interface TrainingExample {
  question: string
  intent: string
  /** The kinds of entity it names ('product', 'period'): the classifier learns from them as from words. */
  kinds: string[]
}

/** The question's words and a marker word per kind of entity it names ('where is it activated' + product). */
const withKinds = (text: string, kinds: string[]) =>
  [text, ...kinds.map((k) => `zz${k.toLowerCase()}`), ...(HOW_TO.test(text) ? ['zzhowto'] : [])].join(' ')

/** How a how-to question starts ('how do I', 'how to', 'where do I'); 'how much' and 'how many' do not. */
const HOW_TO = /^\s*(how (do|can|should|would) (i|we|you)|how to|steps to|instructions|where (do|can) i|help me)\b/i

export interface Classification {
  intent: string
  score: number
}

export interface IntentClassifier {
  /** Every intent with its score, best first. */
  classify(question: string, kinds: string[]): Promise<Classification[]>
}

/**
 * The question's words with each word the training never saw replaced by the one it most likely
 * misspells ('licnese' -> 'license'), so a typo still counts as the word.
 */
function spellingFixer(examples: TrainingExample[]): (question: string) => string {
  const frequency = new Map<string, number>()
  for (const e of examples) for (const w of tokens(e.question)) frequency.set(w, (frequency.get(w) ?? 0) + 1)
  const vocabulary = [...frequency.keys()]
  const memo = new Map<string, string>()
  const fix = (word: string) => {
    if (frequency.has(word) || word.length < 4) return word
    const known = memo.get(word)
    if (known !== undefined) return known
    let best = word
    let bestScore = 0
    for (const candidate of vocabulary) {
      const score = wordSimilarity(word, candidate) + (frequency.get(candidate) ?? 0) * 1e-4
      if (score > bestScore && score > 0.5) [best, bestScore] = [candidate, score]
    }
    memo.set(word, best)
    return best
  }
  return (question) => tokens(question).map(fix).join(' ')
}

export async function trainClassifier(examples: TrainingExample[]): Promise<IntentClassifier> {
  const container = await containerBootstrap()
  container.use(LangEn)
  const nlp = new Nlp(
    {
      languages: ['en'],
      autoSave: false,
      autoLoad: false,
      calculateSentiment: false,
      forceNER: false,
      nlu: { log: false },
    },
    container,
  )
  const normalise = spellingFixer(examples)
  for (const e of examples) nlp.addDocument('en', withKinds(normalise(e.question), e.kinds), e.intent)
  await nlp.train()
  return {
    async classify(question, kinds) {
      const result = await nlp.process('en', withKinds(normalise(question), kinds))
      return [...result.classifications].sort((a, b) => b.score - a.score)
    },
  }
}
