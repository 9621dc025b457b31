/** The message in place of alerts that could not be loaded (spec 1 section 8: the error shows where the data would). */
export function AlertsLoadError({ message }: { message: string }) {
  return (
    <p role="alert" className="rounded border-l-4 border-red-700 bg-red-50 px-4 py-3 text-red-900">
      <strong className="mr-1">Error:</strong>
      Alerts could not be loaded. {message}
    </p>
  )
}
