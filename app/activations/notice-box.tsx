/**
 * The editor's messages in the one notice style of docs/design.md: a box with a
 * left rule in the kind's colour, an icon, a bold first sentence and at most a
 * short paragraph (or a list of the things it is about).
 */
import type { ReactNode } from 'react'

export type NoticeKind = 'info' | 'success' | 'warning' | 'error'

const LOOK: Record<NoticeKind, { box: string; icon: string; glyph: string }> = {
  info: { box: 'border-brand-700 bg-brand-50', icon: 'bg-brand-700', glyph: 'i' },
  success: { box: 'border-green-700 bg-green-50', icon: 'bg-green-700', glyph: '✓' },
  warning: { box: 'border-amber-600 bg-amber-50', icon: 'bg-amber-600', glyph: '!' },
  error: { box: 'border-red-700 bg-red-50', icon: 'bg-red-700', glyph: '×' },
}

export function NoticeBox({
  kind,
  title,
  text,
  children,
  live = kind === 'error' || kind === 'warning' ? 'alert' : undefined,
  className = '',
  testId,
}: {
  kind: NoticeKind
  /** The bold first sentence. */
  title: string
  /** A short paragraph that runs on from the first sentence. */
  text?: string
  children?: ReactNode
  /** 'alert' reads it out as it appears; errors and warnings do by default. */
  live?: 'alert' | 'status'
  className?: string
  testId?: string
}) {
  const look = LOOK[kind]
  return (
    <div
      role={live}
      data-testid={testId}
      className={`flex items-start gap-3 rounded border-l-4 px-4 py-3 text-gray-900 ${look.box} ${className}`}
    >
      <span
        aria-hidden="true"
        className={`mt-0.5 inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-xs font-bold text-white ${look.icon}`}
      >
        {look.glyph}
      </span>
      <div className="min-w-0 space-y-1 break-words">
        {text ? (
          <p>
            <strong>{title}</strong> {text}
          </p>
        ) : (
          <p className="font-semibold">{title}</p>
        )}
        {children}
      </div>
    </div>
  )
}
