/** The licensing API as a bench calls it: a POST with a user's bearer token, answered with its status and envelope. */
export type BenchApi = (
  route: string,
  body: unknown,
) => Promise<{ status: number; json: { data?: unknown; err?: string } }>

export function apiAs(baseUrl: string, token: string): BenchApi {
  return async (route, body) => {
    const res = await fetch(`${baseUrl}/api${route}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    })
    return { status: res.status, json: (await res.json()) as { data?: unknown; err?: string } }
  }
}
