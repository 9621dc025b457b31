/** Adds ?customer=NNN to a portal path so every link keeps the selected customer. */
export function withCustomer(path: string, customerNumber: string | null | undefined) {
  if (!customerNumber) return path
  const [base, hash = ''] = path.split('#')
  const url = new URL(base, 'http://portal.local')
  url.searchParams.set('customer', customerNumber)
  return `${url.pathname}${url.search}${hash ? `#${hash}` : ''}`
}
