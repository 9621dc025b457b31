/**
 * A tiny time-bound cache for values that are the same for every user
 * (environment, build information). No user or session state lives here.
 */
const entries = new Map<string, { at: number; value: unknown }>()

export async function cached<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const entry = entries.get(key)
  if (entry && Date.now() - entry.at < ttlMs) return entry.value as T
  const value = await load()
  entries.set(key, { at: Date.now(), value })
  return value
}
