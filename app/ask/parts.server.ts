/**
 * TEMPORARY SEAM (issue 37): the understanding of questions (app/ask/nlu) and the help search
 * (app/help) are built beside this branch. Until they are merged, /ask understands nothing
 * (every question is 'unknown', answered with the closest screens) and finds no article. At the
 * merge, these two are replaced by `understand` from './nlu/understand.server' and `searchHelp`
 * from '../help/search.server'; nothing else changes.
 */
import type { AskParts } from './ask.server'

export const askParts: AskParts = {
  understand: async () => ({ intent: 'unknown', score: 0, alternatives: [], entities: {}, followUp: false }),
  searchHelp: () => [],
}
