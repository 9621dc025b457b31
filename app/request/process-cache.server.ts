/**
 * A tiny time-bound cache for values that are the same for every user
 * (environment, build information). No user or session state lives here.
 */
const entries = new Map<string, { at: number; value: unknown }>()

/** The value `load` gave within the last `ttlMs`, else a new one; undefined (no answer) is not kept. */
export async function cached<T>(
  key: string,
  ttlMs: number,
  load: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const entry = entries.get(key)
  if (entry && Date.now() - entry.at < ttlMs) return entry.value as T
  const value = await load()
  if (value !== undefined) entries.set(key, { at: Date.now(), value })
  return value
}
