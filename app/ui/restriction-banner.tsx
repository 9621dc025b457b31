/**
 * The status line over a list that restricts access (allowed addresses, allowed
 * usernames): green while the list is empty and everyone is let in, amber once it
 * restricts.
 */
export function RestrictionBanner({
  restricts,
  testId,
  children,
}: {
  restricts: boolean
  testId: string
  children: React.ReactNode
}) {
  return (
    <p
      role="status"
      data-testid={testId}
      className={`rounded border-l-4 px-4 py-2 font-medium ${
        restricts ? 'border-amber-600 bg-amber-50 text-amber-900' : 'border-green-700 bg-green-50 text-green-900'
      }`}
    >
      {children}
    </p>
  )
}
