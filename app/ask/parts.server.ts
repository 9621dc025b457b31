/**
 * The parts /ask runs with: the understanding of questions (app/ask/nlu) and, until the help
 * articles are merged, no help search (how-to and unsure answers then offer screens only).
 */
import type { AskParts } from './ask.server'
import { understand } from './nlu/understand.server'

export const askParts: AskParts = {
  understand,
  searchHelp: () => [],
}
