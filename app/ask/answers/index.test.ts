import { describe, expect, it } from 'vitest'
import { ASK_INTENT_IDS } from '../intents'
import { ANSWERED_INTENTS } from '.'

describe('the answers', () => {
  it('answer every intent about data (how-to questions are answered from the help)', () => {
    expect([...ANSWERED_INTENTS].sort()).toEqual(ASK_INTENT_IDS.filter((i) => i !== 'help.howto').sort())
  })
})
