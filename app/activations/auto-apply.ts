/**
 * With JavaScript the editor applies a choice as it is made: ticking a row or a
 * product, or typing a count or a search (after a pause), submits the editor's
 * GET form in place of the address, so the buttons, counts and errors follow at
 * once. Without JavaScript 'Update selection' does the same.
 */
import { useEffect, useRef, type FormEvent } from 'react'
import { useSubmit } from '@remix-run/react'

const TYPING_PAUSE_MS = 500

export function useAutoApply(): {
  onChange: (event: FormEvent<HTMLFormElement>) => void
  /** A submit made meanwhile carries the latest values: the pending one would undo what it led to. */
  cancel: () => void
} {
  const submit = useSubmit()
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer.current), [])
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const input = event.target as HTMLInputElement
    const typed = input.type === 'number' || input.type === 'search'
    if (!typed && input.type !== 'checkbox') return
    const form = event.currentTarget
    clearTimeout(timer.current)
    timer.current = setTimeout(
      () => submit(form, { replace: true, preventScrollReset: true }),
      typed ? TYPING_PAUSE_MS : 0,
    )
  }
  return { onChange, cancel: () => clearTimeout(timer.current) }
}
