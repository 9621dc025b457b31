/**
 * The elastic licence server calls of the licensing API (spec 1 section 7 and spec 2
 * section 7), and what the elastic settings screens share on the server: the PIN
 * generator and the refusal redirect.
 */
import { randomInt } from 'node:crypto'
import { redirect } from '@remix-run/node'
import { NOTICE_PATHS } from '../screens/notice-pages'
import { formatPin } from '../domain/elastic-credentials'
import type { WhitelistRule } from '../domain/ip-rules'
import { withCustomer } from '../ui/customer-href'
import type { ApiClient } from './client.server'
import { elasticServerCalls as declared } from '../../api/contract/elastic-server'

export type { ElasticServer } from '../../api/contract/elastic-server'

/** One function per call; each answers the envelope, so callers decide what a FAILURE means. */
export function elasticCalls(api: ApiClient) {
  return {
    /** The customer's first activated server (the one the settings screens manage), or null. */
    firstServer: (customerNumber: string, customerName?: string) =>
      api.send(declared.firstServer, { customerNumber, customerName }),
    getIps: (customerNumber: string, clsId: string) => api.send(declared.getIps, { clsId, customerNumber }),
    /** `oldWhitelist` is the list the user started from; the API refuses the save if it changed since. */
    setIps: (customerNumber: string, clsId: string, whitelist: WhitelistRule[], oldWhitelist: WhitelistRule[]) =>
      api.send(declared.setIps, { customerNumber, clsId, whitelist, oldWhitelist }),
    getPin: (customerNumber: string, customerName: string, clsId: string) =>
      api.send(declared.getPin, { customerNumber, customerName, clsId }),
    /** With `onlyIfUnset`, a PIN someone else has set in the meantime is kept. */
    changePin: (customerNumber: string, clsId: string, pin: string, options: { onlyIfUnset?: boolean } = {}) =>
      api.send(declared.changePin, { clsId, customerNumber, pin, ...options }),
    getUsers: (customerNumber: string, customerName: string, clsId: string) =>
      api.send(declared.getUsers, { customerNumber, customerName, clsId }),
    saveUsers: (customerNumber: string, clsId: string, users: string[], oldUsers: string[]) =>
      api.send(declared.saveUsers, { clsId, customerNumber, users, oldUsers }),
  }
}

export type ElasticCalls = ReturnType<typeof elasticCalls>

/** A cryptographically random 6-digit PIN; every value from 000000 to 999999 is equally likely. */
export function generatePin(): string {
  return formatPin(randomInt(0, 1_000_000))
}

/** Spec: a refused call goes to /nopermissions, which remembers the refused customer. */
export function permissionDenied(customerNumber: string) {
  return redirect(
    withCustomer(`${NOTICE_PATHS.nopermissions}?denied=${encodeURIComponent(customerNumber)}`, customerNumber),
  )
}
