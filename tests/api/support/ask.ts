/** The assistant's answers against the running API: a user's client and customer, and understandings built directly. */
import { createApiClient } from '../../../app/api-client/client.server'
import type { AnswerDeps } from '../../../app/ask/answers/deps'
import type { AskEntities, Understanding } from '../../../app/ask/types'
import type { AskIntent } from '../../../app/ask/intents'
import { expect } from 'vitest'
import { getAccessToken } from '../../support/tokens'
import type { TestServer } from './server'

export const CUSTOMERS = {
  acme: { number: '1000001', name: 'Acme Aerospace' },
  borealis: { number: '1000002', name: 'Borealis Motors' },
  embargo: { number: '1000005', name: 'Embargo Industries' },
} as const

/** What an answer works with, for `email` asking about `customer` now. */
export async function askAs(
  server: TestServer,
  email: string,
  customer: { number: string; name: string },
  now = Date.now(),
): Promise<AnswerDeps> {
  return { api: createApiClient(server.config, await getAccessToken(server.url, email)), customer, now }
}

/** The understanding of a question with this intent and these entities, sure of it. */
export function understood<I extends AskIntent>(intent: I, entities: AskEntities = {}): Understanding & { intent: I } {
  return { intent, score: 1, alternatives: [], entities, followUp: false }
}

/** A user's API client on the test server. */
export async function clientAs(server: TestServer, email: string) {
  return createApiClient(server.config, await getAccessToken(server.url, email))
}

/** The data of a reply that must have succeeded. */
export function succeeded<T>(reply: { status: string; data?: T }): T {
  expect(reply.status).toBe('SUCCESS')
  return reply.data as T
}
