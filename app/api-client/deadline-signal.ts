/**
 * A signal that aborts with a TimeoutError after `ms`, or with the parent's reason
 * when `parent` aborts first. Made from a timer that holds its controller, not from
 * AbortSignal.timeout and AbortSignal.any: on Node 20 the signal `any` returns holds
 * its sources weakly, so a timeout signal nothing else holds can be collected before
 * it fires, and the deadline then never comes.
 */
export function deadlineSignal(ms: number, parent?: AbortSignal): AbortSignal {
  const controller = new AbortController()
  const timer = setTimeout(
    () => controller.abort(new DOMException(`The deadline of ${ms} ms passed.`, 'TimeoutError')),
    ms,
  )
  timer.unref()
  const stop = () => {
    clearTimeout(timer)
    parent?.removeEventListener('abort', onParentAbort)
  }
  const onParentAbort = () => controller.abort(parent?.reason)
  controller.signal.addEventListener('abort', stop, { once: true })
  if (parent?.aborted) controller.abort(parent.reason)
  else parent?.addEventListener('abort', onParentAbort, { once: true })
  return controller.signal
}
