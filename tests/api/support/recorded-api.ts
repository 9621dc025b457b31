/**
 * The test server's real API, reached in process through a base URL of its own
 * that records the path of every call made to it: for tests that check which
 * calls a loader or action makes, and in what order.
 */
import { createApiDispatch } from '../../../api/index'
import { serveInProcess } from '../../../app/api-client/in-process.server'
import type { TestServer } from './server'

export const RECORDED_API_BASE = 'http://recorded.invalid/api'

export function recordApiCalls(server: TestServer): { calls: string[]; stop: () => void } {
  const calls: string[] = []
  const dispatch = createApiDispatch({ config: server.config, db: server.db })
  const stop = serveInProcess(RECORDED_API_BASE, (request) => {
    calls.push(request.url)
    return dispatch(request)
  })
  return { calls, stop }
}
