/** Calls to the licensing API from a test, as a signed-in user, for the figures a page must show. */
import { expect } from '@playwright/test'
import { getAccessToken } from '../../support/tokens'

/**
 * One API call with `email`'s access token; expects status SUCCESS and returns its data
 * (the envelope's error text is the assertion's message otherwise).
 */
export async function apiData<T>(
  baseURL: string,
  email: string,
  path: string,
  { method = 'POST', body }: { method?: 'POST' | 'DELETE'; body?: unknown } = {},
): Promise<T> {
  const token = await getAccessToken(baseURL, email)
  const res = await fetch(`${baseURL}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const reply = (await res.json()) as { status: string; data: T; err?: string }
  expect(reply.status, `${method} /api${path}: ${reply.err ?? ''}`).toBe('SUCCESS')
  return reply.data
}
