import { useCallback, useEffect, useRef, useState } from 'react'
import { useFetcher, useLocation } from '@remix-run/react'
import {
  askHref,
  followUpContext,
  keepLatest,
  parseConversation,
  serializeConversation,
  turnOf,
  type AskReply,
  type Turn,
} from './conversation'

const STORAGE_KEY = 'ask-anything-conversation'

export interface AskConversation {
  open: boolean
  turns: Turn[]
  pending: boolean
  /** The question being asked, shown while it is answered. */
  asking: string | null
  /** /ask's message about the last question (empty, too long). */
  message: string | null
  ask: (question: string) => void
  show: () => void
  close: () => void
  clear: () => void
}

function readStored(): Turn[] {
  try {
    return parseConversation(window.sessionStorage.getItem(STORAGE_KEY))
  } catch {
    return []
  }
}

function store(turns: Turn[]) {
  try {
    if (turns.length === 0) window.sessionStorage.removeItem(STORAGE_KEY)
    else window.sessionStorage.setItem(STORAGE_KEY, serializeConversation(turns))
  } catch {
    // Storage may be full or refused: the conversation still lives in the shell until the page is reloaded.
  }
}

/**
 * The Ask anything conversation, kept by the shell (which stays while the user moves between screens)
 * and in the tab's sessionStorage (so a reload keeps it). Each question is answered by /ask's own
 * loader through a fetcher, with the context of the last answer.
 */
export function useAskConversation(customerNumber: string | null): AskConversation {
  const fetcher = useFetcher<AskReply>()
  const [open, setOpen] = useState(false)
  const [turns, setTurns] = useState<Turn[]>([])
  const [message, setMessage] = useState<string | null>(null)
  const [asking, setAsking] = useState<string | null>(null)
  /** The context the question being answered was asked with; null when no reply is awaited. */
  const askedWith = useRef<string | null>(null)

  useEffect(() => setTurns(readStored()), [])

  useEffect(() => {
    const reply = fetcher.data
    if (fetcher.state !== 'idle' || !reply || askedWith.current === null) return
    const turn = turnOf(reply, askedWith.current)
    askedWith.current = null
    setAsking(null)
    setMessage(reply.message)
    if (!turn) return
    setTurns((current) => {
      const next = keepLatest([...current, turn])
      store(next)
      return next
    })
  }, [fetcher.state, fetcher.data])

  const ask = useCallback(
    (question: string) => {
      const ctx = followUpContext(turns)
      askedWith.current = ctx
      setAsking(question.trim() || null)
      setMessage(null)
      setOpen(true)
      fetcher.load(askHref({ customerNumber, question, ctx }))
    },
    // fetcher.load is stable; the fetcher object is not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [turns, customerNumber],
  )

  const clear = useCallback(() => {
    askedWith.current = null
    setAsking(null)
    setMessage(null)
    setTurns([])
    store([])
  }, [])

  // Following an answer's link (any navigation) closes the panel; the conversation stays.
  const { key } = useLocation()
  useEffect(() => setOpen(false), [key])

  return {
    open,
    turns,
    pending: fetcher.state !== 'idle',
    asking,
    message,
    ask,
    show: useCallback(() => setOpen(true), []),
    close: useCallback(() => setOpen(false), []),
    clear,
  }
}
