/** The save's result: each stage with its outcome, then the file or 'Clear the error'. */
import { Link } from '@remix-run/react'
import type { SaveResult } from './save-flow.server'
import { StageList } from './stage-list'

export function SaveOutcome({
  save,
  fileHref,
  clearHref,
  emailsHref,
}: {
  save: SaveResult
  fileHref: string
  /** The host's true state, without the draft. */
  clearHref: string
  /** Where the user reads the customer's e-mails, when the save sent one and the user may. */
  emailsHref?: string | null
}) {
  return (
    <section
      aria-labelledby="save-title"
      className={`space-y-2 rounded border-l-4 px-4 py-3 ${save.ok ? 'border-green-700 bg-green-50' : 'border-red-700 bg-red-50'}`}
    >
      <h2 id="save-title" className="text-lg font-semibold">
        {save.ok ? 'Saved' : 'The save stopped'}
      </h2>
      <StageList stages={save.stages} />
      {emailsHref && save.stages.some((s) => s.stage === 'email' && s.status === 'done') ? (
        <p>
          The licence file was e-mailed.{' '}
          <Link to={emailsHref} className="text-brand-700 underline">
            See it under Emails
          </Link>
        </p>
      ) : null}
      {save.ok && save.fileName ? (
        <a href={fileHref} download className="text-brand-700 underline">
          Download {save.fileName}
        </a>
      ) : (
        <Link to={clearHref} className="text-brand-700 underline">
          Clear the error
        </Link>
      )}
    </section>
  )
}
