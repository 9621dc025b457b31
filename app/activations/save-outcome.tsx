/** The save's result: each stage with its outcome, then the file or 'Clear the error'. */
import { Link } from '@remix-run/react'
import type { SaveResult } from './save-flow.server'

export function SaveOutcome({
  save,
  fileHref,
  clearHref,
}: {
  save: SaveResult
  fileHref: string
  /** The host's true state, without the draft. */
  clearHref: string
}) {
  return (
    <section aria-labelledby="save-title" className="space-y-2 rounded border border-gray-300 p-3">
      <h2 id="save-title" className="text-lg font-semibold">
        {save.ok ? 'Saved' : 'The save stopped'}
      </h2>
      <ol className="list-decimal pl-6">
        {save.stages.map((s) => (
          <li key={s.stage}>
            {s.text} {s.progress ?? ''} <strong>{s.status}</strong>
            {s.message ? <span className="block text-red-800">{s.message}</span> : null}
          </li>
        ))}
      </ol>
      {save.ok && save.fileName ? (
        <a href={fileHref} download className="underline">
          Download {save.fileName}
        </a>
      ) : (
        <Link to={clearHref} className="underline">
          Clear the error
        </Link>
      )}
    </section>
  )
}
