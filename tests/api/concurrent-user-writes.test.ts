/**
 * A user's own settings (feature flags, saved views) are written by several
 * API processes on one database file at once, as a cluster of workers does:
 * every write goes through, none is refused because another held the file.
 */
import { describe, expect, it } from 'vitest'
import { getAccessToken } from '../support/tokens'
import { apiClient } from './support/server'
import { useApiCluster } from './support/api-processes'

const cluster = useApiCluster()

/** One client per process for each user, so the requests of a round reach every process. */
async function clientsFor(emails: string[]) {
  const urls = cluster.urls
  const tokens = await Promise.all(emails.map((email) => getAccessToken(cluster.server.url, email)))
  return emails.flatMap((_, i) => urls.map((url) => apiClient(url, tokens[i])))
}

const USERS = ['admin@acme.example', 'viewer@acme.example', 'asc@acme.example', 'busops@vendor.example']

describe('writes of many users at once on one database file', () => {
  it('saves every feature-flag selection', async () => {
    const clients = await clientsFor(USERS)
    for (let round = 0; round < 5; round++) {
      const features = round % 2 === 0 ? ['fsa', 'statementsV2'] : ['fsa', 'usageDateTimeFilter']
      const replies = await Promise.all(
        clients.flatMap((client) => [0, 1].map(() => client.post('/featureflag/features', { features }))),
      )
      expect(replies.map((r) => r.http)).toEqual(replies.map(() => 200))
    }
  }, 60_000)

  it('saves every view', async () => {
    const clients = await clientsFor(USERS)
    for (let round = 0; round < 5; round++) {
      const replies = await Promise.all(
        clients.flatMap((client, i) =>
          [0, 1].map((j) =>
            client.post('/preferences/save', {
              customerNumber: '1000001',
              tables: [
                { tableName: 'emailList', sortModel: [{ colId: 'date', sort: (i + j + round) % 2 ? 'asc' : 'desc' }] },
              ],
            }),
          ),
        ),
      )
      expect(replies.map((r) => r.http)).toEqual(replies.map(() => 200))
    }
  }, 60_000)
})
