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
  /** The question being answered: the context it was asked with and the reply that was there before it. */
  const [awaited, setAwaited] = useState<{ ctx: string; before: AskReply | undefined } | null>(null)

  useEffect(() => setTurns(readStored()), [])

  // The reply is taken in while rendering, not in an effect after it: the fetcher's return to idle
  // comes in a transition, and its passive effect was seen not to run under load.
  const reply = fetcher.data
  if (awaited && fetcher.state === 'idle' && reply && reply !== awaited.before) {
    const turn = turnOf(reply, awaited.ctx)
    setAwaited(null)
    setAsking(null)
    setMessage(reply.message)
    if (turn) setTurns(keepLatest([...turns, turn]))
  }

  const stored = useRef<Turn[] | null>(null)
  useEffect(() => {
    // The empty turns of the first render are not written: the stored ones are read back after it.
    if (stored.current !== null && stored.current !== turns) store(turns)
    stored.current = turns
  }, [turns])

  const ask = useCallback(
    (question: string) => {
      setAwaited({ ctx: followUpContext(turns), before: fetcher.data })
      setAsking(question.trim() || null)
      setMessage(null)
      setOpen(true)
      fetcher.load(askHref({ customerNumber, question, ctx: followUpContext(turns) }))
    },
    // fetcher.load is stable; the fetcher object is not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [turns, customerNumber, fetcher.data],
  )

  const clear = useCallback(() => {
    setAwaited(null)
    setAsking(null)
    setMessage(null)
    setTurns([])
  }, [])

  // Following an answer's link (any navigation) closes the panel; the conversation stays.
  const { key } = useLocation()
  useEffect(() => setOpen(false), [key])

  return {
    open,
    turns,
    pending: awaited !== null,
    asking,
    message,
    ask,
    show: useCallback(() => setOpen(true), []),
    close: useCallback(() => setOpen(false), []),
    clear,
  }
}
