import { describe, expect, it } from 'vitest'
import {
  MAX_TURNS,
  askHref,
  customerChanged,
  followUpContext,
  keepLatest,
  parseConversation,
  serializeConversation,
  turnOf,
  type AskReply,
  type Turn,
} from './conversation'

const turn = (overrides: Partial<Turn> = {}): Turn => ({
  question: 'how much elastic credit is left',
  answer: {
    kind: 'answered',
    text: 'Ansys Elastic Units (A-1): 1,234.5 USD left of 5,000.0 USD.',
    link: { href: '/elastic?customer=1000001', label: 'Show this in Elastic Licensing' },
    suggestions: [],
  },
  customerName: 'Acme Aerospace',
  customerNumber: '1000001',
  askedWith: '',
  ctx: 'eyJpbnRlbnQiOiJjcmVkaXQucmVtYWluaW5nIn0',
  ...overrides,
})

describe('the context of the next question', () => {
  it('is the last answer’s, skipping answers without one', () => {
    expect(followUpContext([])).toBe('')
    expect(followUpContext([turn({ ctx: 'first' }), turn({ ctx: 'second' })])).toBe('second')
    expect(followUpContext([turn({ ctx: 'first' }), turn({ ctx: '' })])).toBe('first')
  })
})

describe('the /ask address of a question', () => {
  it('carries the customer, the question and the context, as the page’s follow-up form does', () => {
    expect(askHref({ customerNumber: '1000001', question: 'what about last month?', ctx: 'abc_-' })).toBe(
      '/ask?customer=1000001&q=what+about+last+month%3F&ctx=abc_-',
    )
    expect(askHref({ customerNumber: null, question: 'rehost', ctx: '' })).toBe('/ask?q=rehost')
  })
})

describe('a reply of /ask', () => {
  const reply: AskReply = {
    customerNumber: '1000002',
    customerName: 'Borealis',
    question: 'and for Borealis?',
    message: null,
    answer: turn().answer,
    ctx: 'next',
  }

  it('adds a turn with the context it was asked with and the one it gives', () => {
    expect(turnOf(reply, 'before')).toEqual({
      question: 'and for Borealis?',
      answer: reply.answer,
      customerName: 'Borealis',
      customerNumber: '1000002',
      askedWith: 'before',
      ctx: 'next',
    })
  })

  it('adds nothing for a question that was not asked (only a message)', () => {
    expect(turnOf({ ...reply, answer: null, message: 'Type a question' }, '')).toBeNull()
  })
})

describe('a change of the selected customer', () => {
  it('is noted on the first turn asked with another customer', () => {
    const turns = [turn(), turn(), turn({ customerNumber: '1000002', customerName: 'Borealis' })]
    expect(turns.map((_, i) => customerChanged(turns, i))).toEqual([false, false, true])
  })
})

describe('the conversation kept in the tab', () => {
  it('reads back what it wrote', () => {
    const turns = [turn(), turn({ question: 'and for Borealis?', askedWith: 'x' })]
    expect(parseConversation(serializeConversation(turns))).toEqual(turns)
  })

  it('is empty when nothing or something else is stored', () => {
    expect(parseConversation(null)).toEqual([])
    expect(parseConversation('not json')).toEqual([])
    expect(parseConversation('{"question":"x"}')).toEqual([])
    expect(
      parseConversation(JSON.stringify([{ ...turn(), answer: { kind: 'drop', text: '', suggestions: [] } }])),
    ).toEqual([])
    // A link elsewhere than the portal is not shown.
    for (const href of ['https://example.com', '//example.com/elastic']) {
      const outside = turn({ answer: { ...turn().answer, link: { href, label: 'x' } } })
      expect(parseConversation(JSON.stringify([outside]))).toEqual([])
    }
  })

  it('keeps only the fields it knows', () => {
    const stored = [{ ...turn(), extra: 'x', answer: { ...turn().answer, context: { intent: 'x' } } }]
    expect(parseConversation(JSON.stringify(stored))).toEqual([turn()])
    expect(parseConversation(JSON.stringify([{ ...turn(), customerNumber: 1000001 }]))).toEqual([])
    expect(parseConversation(JSON.stringify(Array.from({ length: 101 }, () => turn())))).toEqual([])
  })

  it('keeps the latest turns only', () => {
    const many = Array.from({ length: MAX_TURNS + 3 }, (_, i) => turn({ question: `q${i}` }))
    const kept = keepLatest(many)
    expect(kept).toHaveLength(MAX_TURNS)
    expect(kept[0].question).toBe('q3')
  })
})
