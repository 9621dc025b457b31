/** The limits and messages of a question to the assistant (the toolbar's box and /ask share them). */
export const MAX_QUESTION_LENGTH = 300

export const QUESTION_MESSAGES = {
  empty: 'Type a question, for example: how much elastic credit is left?',
  tooLong: `A question can be at most ${MAX_QUESTION_LENGTH} characters long.`,
} as const
