/** An honest placeholder for a screen that a later release builds. */
export function NotAvailable({ title }: { title: string }) {
  return (
    <section aria-labelledby="page-title" className="space-y-2">
      <h1 id="page-title" className="text-2xl font-semibold">
        {title}
      </h1>
      <p className="rounded border border-gray-300 bg-white p-4">This page is not available yet.</p>
    </section>
  )
}

export function notAvailablePage(title: string) {
  return function NotAvailableRoute() {
    return <NotAvailable title={title} />
  }
}
