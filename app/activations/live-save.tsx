/**
 * With JavaScript, a save shows its stages as they run (spec 3 "Save flow":
 * each stage's spinner text and '(processing n/total fulfillments)'): the form
 * that would post to the editor's action posts to /activations/save instead and
 * reads its lines. A saved host then opens on its landing address, which
 * downloads the file as it does without JavaScript; a stopped save shows its
 * outcome with 'Clear the error'. Without JavaScript none of this runs.
 */
import { useState, type FormEvent, type ReactNode } from 'react'
import { Link, useNavigate } from '@remix-run/react'
import { DialogTitle } from '@headlessui/react'
import { withStageUpdate, type SaveEvent, type StageUpdate } from '../domain/activation-editor'
import { takeLines } from './ndjson'
import { CenteredModal } from '../ui/modal-dialog'
import { StageList } from './stage-list'
import { primary } from './editor-ui'

const INTERRUPTED = 'The connection to the portal was lost during the save. Clear the error to see what was saved.'

type Live =
  | { phase: 'running'; stages: StageUpdate[] }
  | { phase: 'stopped'; stages: StageUpdate[]; message?: string }
  | { phase: 'refused'; notice: string }

/** Whether a submit posts: the form's method, or the method of the button that sent it. */
function posts(event: FormEvent<HTMLFormElement>): boolean {
  const submitter = (event.nativeEvent as SubmitEvent).submitter
  const method = submitter?.getAttribute('formmethod') ?? event.currentTarget.getAttribute('method') ?? 'get'
  return method.toLowerCase() === 'post'
}

export function useLiveSave({ customerNumber, clearHref }: { customerNumber: string; clearHref: string }): {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  dialog: ReactNode
} {
  const navigate = useNavigate()
  const [live, setLive] = useState<Live | null>(null)

  async function save(body: FormData) {
    let stages: StageUpdate[] = []
    setLive({ phase: 'running', stages })
    const apply = (event: SaveEvent) => {
      if (event.kind === 'stage') {
        const { kind: _kind, ...update } = event
        stages = withStageUpdate(stages, update)
        setLive({ phase: 'running', stages })
      } else if (event.kind === 'review') {
        setLive(null)
        navigate(`/activations${event.href}`)
      } else if (event.kind === 'refused') {
        setLive({ phase: 'refused', notice: event.notice })
      } else if (event.ok) {
        setLive(null)
        navigate(`/activations${event.landing}`)
      } else {
        setLive({ phase: 'stopped', stages: event.stages })
      }
    }
    try {
      const response = await fetch(`/activations/save?${new URLSearchParams({ customer: customerNumber })}`, {
        method: 'POST',
        body,
      })
      if (!response.body) throw new Error('no body')
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
      let rest = ''
      let ended = false
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        const next = takeLines(rest + value)
        rest = next.rest
        for (const text of next.lines) {
          const event = JSON.parse(text) as SaveEvent
          ended ||= event.kind !== 'stage'
          apply(event)
        }
      }
      if (!ended) throw new Error('cut short')
    } catch {
      setLive({ phase: 'stopped', stages, message: INTERRUPTED })
    }
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!posts(event)) return
    event.preventDefault()
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    void save(new FormData(event.currentTarget, submitter))
  }

  const close = () => {
    if (live?.phase === 'running') return
    setLive(null)
    if (live?.phase === 'stopped') navigate(clearHref)
  }

  const dialog = live ? (
    <CenteredModal
      open
      onClose={close}
      layer="z-50"
      panelClassName="w-[600px] max-w-full space-y-3 rounded bg-white p-4 shadow-lg"
      testId="live-save"
    >
      {live.phase === 'refused' ? (
        <>
          <DialogTitle className="text-lg font-semibold">Notice</DialogTitle>
          <p role="alert">{live.notice}</p>
          <button type="button" className={primary} onClick={close}>
            Ok
          </button>
        </>
      ) : (
        <section aria-labelledby="live-save-title" className="space-y-2">
          <DialogTitle id="live-save-title" className="text-lg font-semibold">
            {live.phase === 'running' ? 'Saving' : 'The save stopped'}
          </DialogTitle>
          <div role="status" aria-live="polite">
            <StageList stages={live.stages} />
          </div>
          {live.phase === 'stopped' ? (
            <>
              {live.message ? <p role="alert">{live.message}</p> : null}
              <Link to={clearHref} className="underline" onClick={() => setLive(null)}>
                Clear the error
              </Link>
            </>
          ) : null}
        </section>
      )}
    </CenteredModal>
  ) : null
  return { onSubmit, dialog }
}
