export function Footer({ buildInfo, privacyUrl, year }: { buildInfo: string; privacyUrl: string; year: number }) {
  return (
    <footer className="flex flex-wrap items-center justify-between gap-2 border-t border-gray-200 bg-white px-4 py-3 text-xs text-gray-700">
      <p>© {year} Simulation Software Inc. All rights reserved.</p>
      <p data-testid="build-info">Build: {buildInfo || 'unknown'}</p>
      <a href={privacyUrl} target="_blank" rel="noopener noreferrer">
        Privacy notice<span className="sr-only"> (opens in a new window)</span>
      </a>
    </footer>
  )
}
