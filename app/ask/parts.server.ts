/** The parts /ask runs with: the understanding of questions (app/ask/nlu) and the help search (app/help). */
import type { AskParts } from './ask.server'
import { understand } from './nlu/understand.server'
import { searchHelp } from '../help/search.server'

export const askParts: AskParts = { understand, searchHelp }
