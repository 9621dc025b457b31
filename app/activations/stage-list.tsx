/** The save's stages with their spinner texts, counts and outcomes, live or after the fact. */
import type { StageUpdate } from '../domain/activation-editor'

export function StageList({ stages }: { stages: readonly StageUpdate[] }) {
  return (
    <ol className="list-decimal pl-6">
      {stages.map((s) => (
        <li key={s.stage}>
          {s.status === 'running' ? (
            <span
              aria-hidden="true"
              className="mr-1 inline-block h-3 w-3 animate-spin rounded-full border-2 border-brand-700 border-t-transparent align-middle"
            />
          ) : null}
          {s.text} {s.progress ?? ''} {s.status === 'running' ? null : <strong>{s.status}</strong>}
          {s.message ? <span className="block text-red-700">{s.message}</span> : null}
        </li>
      ))}
    </ol>
  )
}
