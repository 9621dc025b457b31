/**
 * The HTTP request of a call of the contract: its `:name` path parameters filled
 * from the input (encoded), the other fields as a POST's JSON body or a GET's or
 * DELETE's query string.
 */
import type { AnyCall } from '../../api/contract/define'

export function callRequest(call: Pick<AnyCall, 'method' | 'path'>, input: unknown): { url: string; body?: unknown } {
  const fields: Record<string, unknown> = { ...(input as Record<string, unknown> | undefined) }
  const path = call.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = fields[name]
    delete fields[name]
    if (value === undefined || value === null || value === '') throw new Error(`${call.path} needs its ${name}`)
    return encodeURIComponent(String(value))
  })
  if (call.method === 'POST') return { url: path, body: fields }
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue
    for (const item of Array.isArray(value) ? value : [value]) query.append(name, String(item))
  }
  const search = query.toString()
  return { url: search ? `${path}?${search}` : path }
}
