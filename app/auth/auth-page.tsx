/** The plain, centred frame of the sign-in, sign-out and sign-in error pages. */
export function AuthPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main id="main" className="mx-auto mt-16 max-w-md rounded-lg border border-gray-300 bg-white p-8">
      <h1 className="mb-4 text-2xl font-semibold">{title}</h1>
      <div className="space-y-4 text-gray-800">{children}</div>
    </main>
  )
}

export const linkClass =
  'font-semibold text-brand-700 underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'

export const buttonClass = 'btn-primary'
