/**
 * The strings the API takes in its request bodies: every one a single line
 * without control characters (app/domain/free-text), and the identifiers a
 * licence server reports also without a leading formula character. Each call's
 * schema builds its string fields from these.
 */
import { z } from 'zod'
import { FREE_TEXT_MESSAGES, hasControlCharacter, startsLikeFormula } from '../app/domain/free-text'

/** A string without control characters; trim, limits and other rules chain after it. */
export const singleLine = () => z.string().refine((text) => !hasControlCharacter(text), FREE_TEXT_MESSAGES.control)

/** A single line that a spreadsheet would not read as a formula. */
export const identifier = () =>
  singleLine().refine((text) => !startsLikeFormula(text.trim()), FREE_TEXT_MESSAGES.formula)
