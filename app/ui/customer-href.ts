/**
 * Adds ?customer=NNN to a portal path so every link keeps the selected customer.
 * Plain string work: a page renders dozens of these links.
 */
export function withCustomer(path: string, customerNumber: string | null | undefined) {
  if (!customerNumber) return path
  const hashAt = path.indexOf('#')
  const hash = hashAt === -1 ? '' : path.slice(hashAt)
  const beforeHash = hashAt === -1 ? path : path.slice(0, hashAt)
  const queryAt = beforeHash.indexOf('?')
  const pathname = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt)
  if (queryAt === -1 || queryAt === beforeHash.length - 1) {
    return `${pathname}?customer=${encodeURIComponent(customerNumber)}${hash}`
  }
  const params = new URLSearchParams(beforeHash.slice(queryAt + 1))
  params.set('customer', customerNumber)
  return `${pathname}?${params}${hash}`
}
