/** The part of NLP.js (@nlpjs/basic, which ships no types) the intent classifier uses. */
declare module '@nlpjs/basic' {
  interface Container {
    use(plugin: unknown): void
  }
  interface NlpSettings {
    languages: string[]
    autoSave: boolean
    autoLoad: boolean
    calculateSentiment: boolean
    forceNER: boolean
    nlu: { log: boolean }
  }
  interface NlpResult {
    intent: string
    score: number
    classifications: { intent: string; score: number }[]
  }
  export function containerBootstrap(): Promise<Container>
  export const LangEn: unknown
  export class Nlp {
    constructor(settings: Partial<NlpSettings>, container: Container)
    addDocument(locale: string, utterance: string, intent: string): void
    train(): Promise<unknown>
    process(locale: string, utterance: string): Promise<NlpResult>
  }
}
