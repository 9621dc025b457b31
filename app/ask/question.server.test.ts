import { describe, expect, it } from 'vitest'
import { MAX_QUESTION_LENGTH, QUESTION_MESSAGES } from './question'
import { readQuestion } from './question.server'

describe('the question of /ask', () => {
  it('is trimmed, with its spaces collapsed', () => {
    expect(readQuestion('  how much   credit is left? ')).toEqual({
      state: 'asked',
      question: 'how much credit is left?',
    })
  })

  it('is none without ?q=, and a clear message when empty or too long', () => {
    expect(readQuestion(null)).toEqual({ state: 'none' })
    expect(readQuestion('   ')).toMatchObject({ state: 'invalid', message: QUESTION_MESSAGES.empty })
    expect(readQuestion('x'.repeat(MAX_QUESTION_LENGTH))).toMatchObject({ state: 'asked' })
    expect(readQuestion('x'.repeat(MAX_QUESTION_LENGTH + 1))).toMatchObject({
      state: 'invalid',
      message: QUESTION_MESSAGES.tooLong,
    })
  })
})
