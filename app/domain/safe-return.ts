/** A same-origin path to go back to, or the fallback (no open redirects). */
export function safeReturnTo(value: unknown, fallback = '/home'): string {
  if (typeof value !== 'string' || value.length > 2000) return fallback
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback
  if (/[\u0000-\u001f]/.test(value)) return fallback
  return value
}
